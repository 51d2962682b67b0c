import { checkPermissions } from '../support/permissions.ts';

checkPermissions('stock');
