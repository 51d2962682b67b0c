import { RecordCreatePage } from '../../shared/records/RecordCreatePage';
import { RecordEditPage } from '../../shared/records/RecordEditPage';
import { RecordListPage } from '../../shared/records/RecordListPage';
import { serviceConfig } from './config';

export const ServiceListPage = () => <RecordListPage config={serviceConfig} />;
export const ServiceCreatePage = () => <RecordCreatePage config={serviceConfig} />;
export const ServiceEditPage = () => <RecordEditPage config={serviceConfig} />;
