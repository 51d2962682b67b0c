import { checkPermissions } from '../support/permissions.ts';

checkPermissions('people');
