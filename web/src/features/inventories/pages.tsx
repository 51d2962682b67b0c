import { RecordCreatePage } from '../../shared/records/RecordCreatePage';
import { RecordEditPage } from '../../shared/records/RecordEditPage';
import { inventoryConfig } from './config';
import './inventories.css';

export { InventoryListPage } from './InventoryListPage';
export const InventoryCreatePage = () => <RecordCreatePage config={inventoryConfig} />;
export const InventoryEditPage = () => <RecordEditPage config={inventoryConfig} />;
