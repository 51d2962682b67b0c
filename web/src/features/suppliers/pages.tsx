import { RecordCreatePage } from '../../shared/records/RecordCreatePage';
import { RecordDetailPage } from '../../shared/records/RecordDetailPage';
import { RecordEditPage } from '../../shared/records/RecordEditPage';
import { RecordListPage } from '../../shared/records/RecordListPage';
import { supplierConfig } from './config';

export const SupplierListPage = () => <RecordListPage config={supplierConfig} />;
export const SupplierCreatePage = () => <RecordCreatePage config={supplierConfig} />;
export const SupplierDetailPage = () => <RecordDetailPage config={supplierConfig} />;
export const SupplierEditPage = () => <RecordEditPage config={supplierConfig} />;
