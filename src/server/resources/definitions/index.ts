import { auditLogs } from './auditLogs';
import { authLogs } from './authLogs';
import { deviceActivities } from './deviceActivities';
import { devices } from './devices';
import { locations } from './locations';
import { patients } from './patients';
import { providers } from './providers';
import { users } from './users';

/** Every resource the engine serves. */
export const RESOURCES = [providers, users, locations, devices, deviceActivities, patients, auditLogs, authLogs];
export { patients };
