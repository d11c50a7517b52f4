import { identity as identitySchema } from '../../../schemas/identity';
import { attendanceSchema } from '../../../schemas/entities/attendance';
import { auditLogSchema } from '../../../schemas/entities/auditLog';
import { authLogSchema } from '../../../schemas/entities/authLog';
import { careTeamMemberSchema } from '../../../schemas/entities/careTeamMember';
import { claimItemSchema } from '../../../schemas/entities/claimItem';
import { clinicalActivityInstanceRowSchema, clinicalActivityInstanceSchema } from '../../../schemas/entities/clinicalActivityInstance';
import { deviceSchema } from '../../../schemas/entities/device';
import { deviceActivitySchema } from '../../../schemas/entities/deviceActivity';
import { deviceOneTimeFeeSchema } from '../../../schemas/entities/deviceOneTimeFee';
import { locationSchema } from '../../../schemas/entities/location';
import { locationDetailsSchema } from '../../../schemas/entities/locationDetails';
import { monitoringActivitySchema } from '../../../schemas/entities/monitoringActivity';
import { monitoringProgressRowSchema } from '../../../schemas/entities/monitoringProgress';
import { patientSchema } from '../../../schemas/entities/patient';
import { patientChartSchema } from '../../../schemas/entities/patientChart';
import { patientGroupSchema } from '../../../schemas/entities/patientGroup';
import { patientStatusHistorySchema } from '../../../schemas/entities/patientStatusHistory';
import { patientQueueRowSchema } from '../../../schemas/entities/patientQueue';
import { providerSchema } from '../../../schemas/entities/provider';
import { reimbursementRateSchema } from '../../../schemas/entities/reimbursementRate';
import { serviceInstanceSchema } from '../../../schemas/entities/serviceInstance';
import { activityTemplateRowSchema, stepTemplateRowSchema } from '../../../schemas/entities/templateRows';
import { supportTicketSchema } from '../../../schemas/entities/supportTicket';
import { taskSchema } from '../../../schemas/entities/task';
import { taskActivitySchema } from '../../../schemas/entities/taskActivity';
import { assessmentRunSchema } from '../../../schemas/entities/assessmentRun';
import { foundationModelResponseSchema } from '../../../schemas/entities/foundationModelResponse';
import { observationSchema } from '../../../schemas/entities/observation';
import { userSchema } from '../../../schemas/entities/user';
import { voiceCallSchema } from '../../../schemas/entities/voiceCall';
import { allergyIntoleranceSchema } from '../../../schemas/entities/allergyIntolerance';
import { carePlanSchema } from '../../../schemas/entities/carePlan';
import { conditionSchema } from '../../../schemas/entities/condition';
import { contactSchema } from '../../../schemas/entities/contact';
import { encounterSchema } from '../../../schemas/entities/encounter';
import { medicationStatementSchema } from '../../../schemas/entities/medicationStatement';
import { carePlanCreateBody } from '../../../schemas/payloads/medicalHistory';
import { careTeamAddSchema } from '../../../schemas/payloads/careTeamAdd';
import { claimExportQuery } from '../../../schemas/payloads/claims';
import { patientGroupPatientsSchema } from '../../../schemas/payloads/patientGroupPatients';
import { sharedDeviceAssignmentSchema } from '../../../schemas/payloads/sharedDeviceAssignment';
import { testDeviceSchema } from '../../../schemas/payloads/testDevice';
import { testMeasurementSchema } from '../../../schemas/payloads/testMeasurement';
import type { RegistryContribution } from '../renderer/registries/screenRegistries';

/** The entity schemas a definition may name (`"entity": "device"`), from schemas/entities. */
const entities = {
  /** GET users/{id}/identity: the signed-in user as the account page reads it (spec 000 section 3, Identity). */
  accountIdentity: identitySchema,
  /** A staff member's attendance: check-in and check-out, where, and the incentive (spec 002 section 3). */
  /** Activity and step templates as the builders' lists read them (templateRows.ts says why not the full shapes). */
  activityTemplate: activityTemplateRowSchema,
  attendance: attendanceSchema,
  auditLog: auditLogSchema,
  authLog: authLogSchema,
  careTeamMember: careTeamMemberSchema,
  clinicalActivityInstance: clinicalActivityInstanceSchema,
  /** A run as the API lists it: with its duration and completion share worked out from its template. */
  clinicalActivityInstanceRow: clinicalActivityInstanceRowSchema,
  /** The "Add to care team" form: only the roles that may be chosen. */
  careTeamAdd: careTeamAddSchema,
  claimItem: claimItemSchema,
  /** GET claim-items/export: what the Claims export dialog asks (export type, month, year, provider). */
  claimExport: claimExportQuery,
  device: deviceSchema,
  deviceActivity: deviceActivitySchema,
  deviceOneTimeFee: deviceOneTimeFeeSchema,
  location: locationSchema,
  /** GET locations/{id}/details: the location with its device counts. */
  locationDetails: locationDetailsSchema,
  monitoringActivity: monitoringActivitySchema,
  /** A row of the Monitoring Progress screen: a patient's month, with its services when expanded. */
  monitoringProgressRow: monitoringProgressRowSchema,
  patient: patientSchema,
  /** The patient record's read with its chart expansions (devices, open tasks, latest readings). */
  patientChart: patientChartSchema,
  patientGroup: patientGroupSchema,
  /** POST patient-groups/{id}/patients: the patients the group's Add patients adds. */
  patientGroupPatients: patientGroupPatientsSchema,
  patientStatusChange: patientStatusHistorySchema,
  /** A row of the patient queue: the patient, its review status per view and its latest observations. */
  patientQueueRow: patientQueueRowSchema,
  provider: providerSchema,
  /** An internal user's reimbursement rate from a day on (the user edit's Reimbursement tab). */
  reimbursementRate: reimbursementRateSchema,
  serviceInstance: serviceInstanceSchema,
  /** POST devices/assign-shared-device: a shared device for the patient of the record. */
  sharedDeviceAssignment: sharedDeviceAssignmentSchema,
  /** A patient's support ticket, raised from the mobile app and closed by staff. */
  supportTicket: supportTicketSchema,
  task: taskSchema,
  /** What happened to a task (created, assigned, completed, uncompleted), newest first in its history. */
  taskActivity: taskActivitySchema,
  assessmentRun: assessmentRunSchema,
  foundationModelResponse: foundationModelResponseSchema,
  observation: observationSchema,
  /** The Testing page's forms: POST testing/add-device and testing/add-device-observation. */
  testDevice: testDeviceSchema,
  testMeasurement: testMeasurementSchema,
  stepTemplate: stepTemplateRowSchema,
  user: userSchema,
  voiceCall: voiceCallSchema,
  condition: conditionSchema,
  medicationStatement: medicationStatementSchema,
  allergyIntolerance: allergyIntoleranceSchema,
  encounter: encounterSchema,
  carePlan: carePlanSchema,
  contact: contactSchema,
  /** POST care-plans: the queue's care-plan creation dialog (template required, name optional). */
  carePlanCreate: carePlanCreateBody,
} as const;

/** The entity of each API resource, so that a definition names only its resource. */
const resourceEntities: Readonly<Record<string, keyof typeof entities>> = {
  'activity-templates': 'activityTemplate',
  attendances: 'attendance',
  'audit-logs': 'auditLog',
  'auth-logs': 'authLog',
  'care-teams': 'careTeamMember',
  'claim-items': 'claimItem',
  'clinical-activity-instances': 'clinicalActivityInstanceRow',
  devices: 'device',
  'device-activities': 'deviceActivity',
  locations: 'location',
  'monitoring-activities': 'monitoringActivity',
  'monitoring-progress': 'monitoringProgressRow',
  patients: 'patient',
  'patient-queue': 'patientQueueRow',
  'patient-groups': 'patientGroup',
  'patient-status-history': 'patientStatusChange',
  providers: 'provider',
  'reimbursement-rates': 'reimbursementRate',
  'service-instances': 'serviceInstance',
  'step-templates': 'stepTemplate',
  'support-tickets': 'supportTicket',
  tasks: 'task',
  'task-activities': 'taskActivity',
  runs: 'assessmentRun',
  'foundation-model-responses': 'foundationModelResponse',
  'observations-v2': 'observation',
  users: 'user',
  'voice-calls': 'voiceCall',
  conditions: 'condition',
  'medication-statements': 'medicationStatement',
  'allergy-intolerances': 'allergyIntolerance',
  encounters: 'encounter',
  'care-plans': 'carePlan',
  contacts: 'contact',
};

/** The data model the screens show: what each resource's records are (docs/DESIGN.md section 3), shared by every feature. */
export const dataModel = { entities, resourceEntities } as const satisfies RegistryContribution;
