import { RecordCreatePage } from '../../shared/records/RecordCreatePage';
import { RecordDetailPage } from '../../shared/records/RecordDetailPage';
import { RecordEditPage } from '../../shared/records/RecordEditPage';
import { RecordListPage } from '../../shared/records/RecordListPage';
import { batteryConfig } from './config';

export const BatteryListPage = () => <RecordListPage config={batteryConfig} />;
export const BatteryCreatePage = () => <RecordCreatePage config={batteryConfig} />;
export const BatteryDetailPage = () => <RecordDetailPage config={batteryConfig} />;
export const BatteryEditPage = () => <RecordEditPage config={batteryConfig} />;
