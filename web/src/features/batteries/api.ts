import type { Battery, BatteryInput } from '@schemas/batteries';
import { pagedResource } from '../../shared/api/resource';

export const batteryQueries = pagedResource<Battery, BatteryInput>('batteries');
