import { auditLogs } from './auditLogs';
import { authLogs } from './authLogs';
import { careTeamMembers } from './careTeamMembers';
import { deviceActivities } from './deviceActivities';
import { devices } from './devices';
import { locations } from './locations';
import { monitoringActivities } from './monitoringActivities';
import { patientGroups } from './patientGroups';
import { patients } from './patients';
import { patientStatusHistory } from './patientStatusHistory';
import { providers } from './providers';
import { serviceInstances } from './serviceInstances';
import { users } from './users';

/** Every resource the engine serves. */
export const RESOURCES = [providers, users, locations, devices, deviceActivities, patients, auditLogs, authLogs, patientGroups, careTeamMembers, serviceInstances, patientStatusHistory, monitoringActivities];
export { patients };
export { careTeamMembers, patientGroups, users };
