import { attendances } from './attendances';
import { auditLogs } from './auditLogs';
import { assessmentRuns } from './assessmentRuns';
import { authLogs } from './authLogs';
import { careTeamMembers } from './careTeamMembers';
import { claimItems } from './claimItems';
import { clinicalActivityInstances } from './clinicalActivityInstances';
import { contacts } from './contacts';
import { deviceActivities } from './deviceActivities';
import { devices } from './devices';
import { foundationModelResponses } from './foundationModelResponses';
import { locations } from './locations';
import { allergyIntolerances, carePlans, conditions, encounters, medicationStatements } from './medicalHistory';
import { monitoringActivities } from './monitoringActivities';
import { monitoringProgress } from './monitoringProgress';
import { observationAnnotations } from './observationAnnotations';
import { observations } from './observations';
import { patientGroups } from './patientGroups';
import { patients } from './patients';
import { patientStatusHistory } from './patientStatusHistory';
import { providers } from './providers';
import { reimbursementRates } from './reimbursementRates';
import { reports } from './reports';
import { serviceInstances } from './serviceInstances';
import { services } from './services';
import { supportTickets } from './supportTickets';
import { taskActivities } from './taskActivities';
import { tasks } from './tasks';
import { users } from './users';
import { voiceCalls } from './voiceCalls';

/** Every resource the engine serves. */
export const RESOURCES = [
  providers,
  users,
  locations,
  devices,
  deviceActivities,
  patients,
  auditLogs,
  authLogs,
  attendances,
  patientGroups,
  careTeamMembers,
  serviceInstances,
  services,
  patientStatusHistory,
  monitoringActivities,
  monitoringProgress,
  tasks,
  taskActivities,
  voiceCalls,
  clinicalActivityInstances,
  claimItems,
  observations,
  observationAnnotations,
  assessmentRuns,
  foundationModelResponses,
  conditions,
  medicationStatements,
  allergyIntolerances,
  encounters,
  carePlans,
  contacts,
  supportTickets,
  reimbursementRates,
  reports,
];
export { patients };
export { careTeamMembers, patientGroups, users };
