import { patientRecordSchema } from '../../../../schemas/entities/patientQueue';
import { lastReviewedField, PROGRAM_VIEWS, programFlagOf, QUEUE_VIEWS, reviewStatusField } from '../../../domain/patientQueue';
import { sql } from 'kysely';
import { defineResource } from '../defineResource';
import { expandDevices, expandMonitoringFacts, expandOpenTasks } from './patientChart';
import { expandMeasureReports } from '../../services/clinical/measureReports';
import { expandProfile } from '../../services/clinical/profileExpansion';
import { patientCreate } from './patientCreate';
import { expandLatestObservations } from './patientObservations';
import { PATIENT_REFERENCES, preparePatientWrite } from './patientRules';
import { patientStore } from './patientStore';
import { PATIENT_DIAGNOSES, PATIENT_META, PATIENT_RELATIONS } from './patientRelations';

/** The patient queue's columns (spec 001 section 7: `{view}_review_status[in]`, `has_{view}[eq]`), from the one list of views. */
const QUEUE_FILTERS = [
  ...QUEUE_VIEWS.map(reviewStatusField),
  ...QUEUE_VIEWS.map(lastReviewedField),
  ...PROGRAM_VIEWS.map(programFlagOf).filter((f) => f !== null),
];

/**
 * Whether an enrolment counts (the Valid / Not met badge of /account/enrolled-patients, spec 002
 * section 2 "Users"): Valid when the patient
 * - is still enrolled: enrolled (enrolled_on set) and neither unenrolled (status disabled) nor declined;
 * - has a consent on file: consented_on set, or a consent form document;
 * - sent at least one device reading (an observation of source device) within 30 days of enrolled_on.
 * Otherwise Not met. Read with each record (observations_patient_idx answers the reading).
 */
export const ENROLLMENT_VALID = sql<boolean>`(
  t.enrolled_on is not null
  and t.patient_status not in ('declined', 'disabled')
  and (t.consented_on is not null or t.consent_form_document_id is not null)
  and exists (
    select 1 from observations o
    where o.patient_id = t.id and o.source = 'device'
      and o.timestamp >= t.enrolled_on and o.timestamp < t.enrolled_on + interval '30 days'
  )
)`;

/** Patients (core columns) with their account as `user`. Every action is audited: the whole record is patient data. */
export const patients = defineResource({
  name: 'patients',
  table: 'patients',
  schema: patientRecordSchema,
  permission: 'patients',
  actions: ['list', 'read', 'create', 'update', 'delete'],
  tenantField: 'tenant_id',
  joins: { user: { table: 'users', on: 'user_id' } },
  filterable: [
    'id',
    'tenant_id',
    'patient_status',
    'gender',
    'primary_condition',
    'care_setting',
    'priority',
    'billing_provider_id',
    'facility_location_id',
    'has_device',
    'last_device_activity',
    'birthdate',
    'enrolled_on',
    'consented_on',
    'created_at',
    'user.full_name',
    'user.last_name',
    'user.email',
    'user.phone_number',
    'user.registered_on',
    'user.last_login',
    'onboarding_appointment_datetime',
    'onboarding_appointment_location_id',
    'expected_onboarding_user_id',
    'virtual_enrollment',
    'expected_care_program',
    'eligible_devices',
    'consented_by_id',
    // The Enrollment tab of a user (spec 002 section 7 "Users": GET patients filtered by enrolled_by_id).
    'enrolled_by_id',
    'first_device_activity',
    'care_program_types',
    'has_no_care_program',
    ...QUEUE_FILTERS,
  ],
  sortable: [
    'id',
    'created_at',
    'birthdate',
    'patient_status',
    'priority',
    'last_device_activity',
    'enrolled_on',
    'consented_on',
    'user.full_name',
    'user.last_name',
    'user.registered_on',
    'onboarding_appointment_datetime',
  ],
  search: ['user.full_name', 'user.email', 'user.phone_number', 'id'],
  // The queue's order (spec 001 section 2): descending is acute, high, medium, normal, then N/A.
  orderBy: { priority: 'priority_rank' },
  // The search by name reads the patient row's copy of the account's name (migration 0012), not users.
  copiedColumns: { 'user.full_name': 'user_full_name' },
  // The queue's rows and the record's chart (spec 001 section 2, Patient record: "loaded with profile, measure_reports and observations expanded").
  expand: {
    observations: expandLatestObservations,
    devices: expandDevices,
    open_tasks: expandOpenTasks,
    monitoring_facts: expandMonitoringFacts,
    measure_reports: expandMeasureReports,
    profile: expandProfile,
  },
  computed: { diagnoses: PATIENT_DIAGNOSES, enrollment_valid: ENROLLMENT_VALID },
  defaultSort: { field: 'created_at', order: 'desc' },
  patientField: 'id',
  relations: PATIENT_RELATIONS,
  // "In my care" (spec 001 section 2, Patient Queue): the caller is a current member of the patient's care team.
  meta: { ...PATIENT_META, under_care: { field: 'care_team_members.practitioner_id', op: 'eq', value: 'caller' } },
  references: PATIENT_REFERENCES,
  prepare: preparePatientWrite,
  afterCreate: patientCreate,
  store: patientStore,
});
