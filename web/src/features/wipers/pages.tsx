import { RecordCreatePage } from '../../shared/records/RecordCreatePage';
import { RecordEditPage } from '../../shared/records/RecordEditPage';
import { wiperConfig } from './config';
import './wipers.css';

export { WiperListPage } from './WiperListPage';
export const WiperCreatePage = () => <RecordCreatePage config={wiperConfig} />;
export const WiperEditPage = () => <RecordEditPage config={wiperConfig} />;
