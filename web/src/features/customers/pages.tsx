import { RecordCreatePage } from '../../shared/records/RecordCreatePage';
import { RecordDetailPage } from '../../shared/records/RecordDetailPage';
import { RecordEditPage } from '../../shared/records/RecordEditPage';
import { RecordListPage } from '../../shared/records/RecordListPage';
import { customerConfig } from './config';

export const CustomerListPage = () => <RecordListPage config={customerConfig} />;
export const CustomerCreatePage = () => <RecordCreatePage config={customerConfig} />;
export const CustomerDetailPage = () => <RecordDetailPage config={customerConfig} />;
export const CustomerEditPage = () => <RecordEditPage config={customerConfig} />;
