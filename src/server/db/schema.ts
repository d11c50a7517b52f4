// Kysely's view of the tables in migrations/. Keep in step with the SQL: a column added there is added here.
import type { ColumnType, Generated, JSONColumnType } from 'kysely';

type Timestamp = ColumnType<Date, Date | string | undefined, Date | string>;
type NullableTimestamp = ColumnType<Date | null, Date | string | null | undefined, Date | string | null>;
type Json = ColumnType<unknown, string | undefined, string>;

export interface AppSecretsTable {
  name: string;
  value: string;
  created_at: Generated<Date>;
}

export interface TenantsTable {
  id: Generated<number>;
  slug: string;
  name: string;
  is_active: Generated<boolean>;
  registered_on: Timestamp;
  email: string | null;
  npi_number: string | null;
  customer_size: string | null;
  timezone: Generated<string>;
  address: Json | null;
  billing_scheme: Generated<string>;
  llm_summary_enabled: Generated<boolean>;
  settings: Json;
}

export interface UsersTable {
  id: Generated<number>;
  /**
   * 0005: null only for patient accounts (users_email_required), which the engine writes untyped and
   * an update may clear; every typed path reads or inserts staff accounts, which always have one.
   */
  email: ColumnType<string, string, string | null>;
  password_hash: string | null;
  first_name: string;
  middle_name: string | null;
  last_name: string;
  full_name: ColumnType<string, never, never>;
  phone_number: string | null;
  mobile_phone_number: string | null;
  tenant_id: number | null;
  role: string;
  is_internal: Generated<boolean>;
  is_active: Generated<boolean>;
  is_provider: Generated<boolean>;
  npi_number: string | null;
  credentials: string | null;
  staff_type: string | null;
  enabled_care_program_types: ColumnType<string[], string[] | undefined, string[]>;
  registered_on: Timestamp;
  last_login: NullableTimestamp;
  is_email_verified: Generated<boolean>;
  totp_secret: string | null;
  totp_enabled: Generated<boolean>;
  preferred_mfa_method: string | null;
  /** 0002_auth: the last TOTP time step accepted (replay protection). */
  totp_last_used_step: ColumnType<number | null, number | null | undefined, number | null>;
  attendance_tracking_enabled: Generated<boolean>;
  patient_access_level: Generated<string>;
  settings: JSONColumnType<Record<string, unknown>, string | undefined, string>;
  /** 0005_patient_profile: a patient's other numbers, which one is primary, and the postal address. */
  home_phone_number: string | null;
  facility_phone_number: string | null;
  primary_phone_number_type: string | null;
  address: Json | null;
}

export interface TenantUserRolesTable {
  id: Generated<number>;
  user_id: number;
  tenant_id: number;
  start_date: ColumnType<string, string | undefined, string>;
}

export interface WebauthnCredentialsTable {
  id: Generated<number>;
  user_id: number;
  credential_id: string;
  public_key: string;
  counter: ColumnType<number, number | undefined, number>;
  transports: ColumnType<string[], string[] | undefined, string[]>;
  name: string;
  created_on: Generated<Date>;
}

export interface WebauthnChallengesTable {
  id: Generated<number>;
  user_id: number;
  challenge: string;
  expires_at: Timestamp;
}

export interface SessionsTable {
  id: string;
  user_id: number;
  created_at: Generated<Date>;
  expires_at: Timestamp;
  revoked_at: NullableTimestamp;
  revoked_reason: string | null;
  ip_address: string | null;
  user_agent: string | null;
}

export interface RefreshTokensTable {
  id: Generated<number>;
  session_id: string;
  token_hash: string;
  created_at: Generated<Date>;
  used_at: NullableTimestamp;
}

export interface UserTokensTable {
  id: Generated<number>;
  user_id: number;
  purpose: 'reset_password' | 'otp_login' | 'verify_email';
  token_hash: string;
  created_at: Generated<Date>;
  expires_at: Timestamp;
  used_at: NullableTimestamp;
}

export interface OutboxEmailsTable {
  id: Generated<number>;
  to_address: string;
  subject: string;
  body_text: string;
  created_at: Generated<Date>;
  sent_at: NullableTimestamp;
}

export interface AuthLogsTable {
  id: Generated<number>;
  timestamp: Generated<Date>;
  event_type: string;
  user_id: number | null;
  ip_address: string | null;
  user_agent: string | null;
}

export interface RateLimitsTable {
  key: string;
  window_start: Timestamp;
  count: Generated<number>;
}

export interface FeatureFlagsTable {
  key: string;
  value: Json;
}

export interface LocationsTable {
  id: Generated<number>;
  tenant_id: number;
  name: string;
  description: string | null;
  address: Json;
  is_active: Generated<boolean>;
  created_at: Generated<Date>;
}

export interface PatientsTable {
  id: Generated<number>;
  user_id: number;
  tenant_id: number;
  patient_status: Generated<string>;
  birthdate: string | null;
  gender: string | null;
  primary_condition: string | null;
  care_setting: string | null;
  priority: string | null;
  billing_provider_id: number | null;
  facility_location_id: number | null;
  notes: string | null;
  has_device: Generated<boolean>;
  last_device_activity: NullableTimestamp;
  enrolled_on: NullableTimestamp;
  consented_on: NullableTimestamp;
  created_at: Generated<Date>;
  /** 0005_patient_profile: enrolment details, the profile document and the care plan. */
  enrollment_type: Generated<string>;
  source: string | null;
  onboarding_appointment_datetime: NullableTimestamp;
  onboarding_appointment_location_id: number | null;
  onboarding_imei: string | null;
  onboarding_notes: string | null;
  eligible_devices: ColumnType<string[], string[] | undefined, string[]>;
  insurances: ColumnType<unknown, string | undefined, string>;
  insurance_coverage_type: string | null;
  expected_care_program: string | null;
  expected_onboarding_user_id: number | null;
  virtual_enrollment: Generated<boolean>;
  enrolled_by_id: number | null;
  is_valid_enrollment: Generated<boolean>;
  valid_enrollment_met_on: NullableTimestamp;
  profile: ColumnType<unknown, string | undefined, string>;
  care_plan: Json | null;
  /** 0008_patient_status: who moved the patient to a status, when, and why. */
  consented_by_id: ColumnType<number | null, number | null | undefined, number | null>;
  declined_on: NullableTimestamp;
  declined_by_id: ColumnType<number | null, number | null | undefined, number | null>;
  declined_reason: ColumnType<string | null, string | null | undefined, string | null>;
  unseen_on: NullableTimestamp;
  unseen_by_id: ColumnType<number | null, number | null | undefined, number | null>;
  unseen_reason: ColumnType<string | null, string | null | undefined, string | null>;
  /** `yyyy-mm-dd`. */
  unenrolled_date: ColumnType<string | null, string | null | undefined, string | null>;
  unenrolled_by_id: ColumnType<number | null, number | null | undefined, number | null>;
  unenrolled_reason: ColumnType<string | null, string | null | undefined, string | null>;
  unenrolled_reason_other: ColumnType<string | null, string | null | undefined, string | null>;
  /** 0014: the first measurement of the patient's devices (set where last_device_activity is). */
  first_device_activity: NullableTimestamp;
  /** 0014: the types of the active care programs, kept by the care-program trigger. */
  care_program_types: ColumnType<string[], never, never>;
  has_no_care_program: ColumnType<boolean, never, never>;
  /** 0010_queues: risk as a number (acute 4 ... normal 1, none 0), generated from priority. */
  priority_rank: ColumnType<number, never, never>;
  general_review_status: Generated<string>;
  rpm_review_status: Generated<string>;
  ccm_review_status: Generated<string>;
  pcm_review_status: Generated<string>;
  general_last_reviewed: NullableTimestamp;
  rpm_last_reviewed: NullableTimestamp;
  ccm_last_reviewed: NullableTimestamp;
  pcm_last_reviewed: NullableTimestamp;
  /** Kept by a trigger on service_instances: the patient has an active care program of this type. */
  has_rpm: Generated<boolean>;
  has_ccm: Generated<boolean>;
  has_pcm: Generated<boolean>;
  /** 0012: the account's full_name, copied by triggers for the search by name; never written by the application. */
  user_full_name: ColumnType<string, never, never>;
}

/** 0010_queues: the latest reading of each measure of a patient, kept by a trigger on device_activities. */
export interface PatientLatestObservationsTable {
  patient_id: number;
  observations: Json;
  updated_at: Generated<Date>;
}

export interface DevicesTable {
  id: Generated<number>;
  external_id: string | null;
  device_manufacturer: string;
  device_type: string;
  device_model: string | null;
  tenant_id: number | null;
  location_id: number | null;
  patient_id: number | null;
  status: Generated<string>;
  added_on: Generated<Date>;
  assigned_on: NullableTimestamp;
  is_shared_device: Generated<boolean>;
  device_received: Generated<boolean>;
  customer_invoice_item_id: string | null;
  first_measurement: NullableTimestamp;
  last_measurement: NullableTimestamp;
  misc_data: Json;
}

export interface DeviceActivitiesTable {
  id: Generated<number>;
  device_id: number;
  tenant_id: number | null;
  patient_id: number | null;
  activity_type: string;
  actor_id: number | null;
  actor_name: string | null;
  created_on: Generated<Date>;
  value: Json | null;
}

/** 0004_device_fees: one-time charges of a device (device_fee when it first goes to a provider). */
export interface DeviceOneTimeFeesTable {
  id: Generated<number>;
  device_id: number;
  tenant_id: number;
  timestamp: Timestamp;
  amount: ColumnType<number, number | string, number | string>;
  fee_type: string;
}

/** 0009_groups_care_teams: a provider's named set of patients. */
export interface PatientGroupsTable {
  id: Generated<number>;
  tenant_id: number;
  name: string;
  created_at: Generated<Date>;
}

export interface PatientGroupMembersTable {
  group_id: number;
  patient_id: number;
  added_at: Generated<Date>;
}

/** 0009_groups_care_teams: a staff member on a patient's care team; current while end_date is null or not past. */
export interface CareTeamMembersTable {
  id: Generated<number>;
  patient_id: number;
  tenant_id: number;
  practitioner_id: number;
  role: string;
  start_date: ColumnType<string, string | undefined, string>;
  end_date: string | null;
  created_at: Generated<Date>;
}

export interface AuditLogsTable {
  id: Generated<number>;
  occurred_at: Generated<Date>;
  actor_id: number | null;
  actor_role: string | null;
  tenant_id: number | null;
  action: 'list' | 'read' | 'create' | 'update' | 'delete';
  resource: string;
  record_id: string | null;
  patient_id: number | null;
  ip_address: string | null;
  request_id: string | null;
}

export interface AttendancesTable {
  id: Generated<number>;
  user_id: number;
  tenant_id: number | null;
  attendance_type: Generated<string>;
  check_in_time: Generated<Date>;
  check_out_time: NullableTimestamp;
  location_id: number | null;
}

export interface SchemaMigrationsTable {
  name: string;
  applied_at: Generated<Date>;
}

/** 0008_patient_status: one row per status change of a patient. */
export interface PatientStatusHistoryTable {
  id: Generated<number>;
  patient_id: number;
  tenant_id: number;
  changed_at: Generated<Date>;
  old_status: string | null;
  new_status: string;
  changed_by_id: number | null;
  changed_by_name: string | null;
  reason: string | null;
}

/** 0008_patient_status: care programs; `start` and `end` are `yyyy-mm-dd`. */
export interface ServiceInstancesTable {
  id: Generated<number>;
  patient_id: number;
  tenant_id: number;
  type: string;
  start: string;
  end: ColumnType<string | null, string | null | undefined, string | null>;
  is_active: Generated<boolean>;
  practitioner_id: number | null;
  is_labor_provided: Generated<boolean>;
  icd10_ids: ColumnType<string[], string[] | undefined, string[]>;
  created_at: Generated<Date>;
}

/** 0008_patient_status: monitoring work notes, and the `activity` rows of status changes. */
export interface MonitoringActivitiesTable {
  id: Generated<number>;
  patient_id: number;
  tenant_id: number;
  practitioner_id: number | null;
  practitioner_name: string | null;
  type: string;
  description: string;
  duration: Generated<number>;
  data_reviewed: boolean | null;
  patient_contacted: boolean | null;
  stale_measurements: boolean | null;
  reviewed_on: Generated<Date>;
  created_on: Generated<Date>;
  created_by_id: number | null;
  service_instance_id: number | null;
  clinical_activity_instance_id: number | null;
}

/** 0011_patient_record: a task about a patient; priority 1 High, 2 Medium, 3 Low; `due_on` is `yyyy-mm-dd`. */
export interface TasksTable {
  id: Generated<number>;
  tenant_id: number;
  patient_id: number;
  title: string;
  description: string | null;
  priority: Generated<number>;
  due_on: string;
  complete: Generated<boolean>;
  completed_by_id: number | null;
  completed_at: NullableTimestamp;
  added_by_id: number | null;
  assigned_to_id: number | null;
  task_type: Generated<string>;
  created_on: Generated<Date>;
  update_reason: string | null;
  can_be_auto_completed: Generated<boolean>;
}

/** 0011_patient_record: a phone call with a patient; duration in seconds. */
export interface VoiceCallsTable {
  id: Generated<number>;
  tenant_id: number;
  patient_id: number;
  direction: string;
  clinician_id: number | null;
  clinician_name: string | null;
  duration: Generated<number>;
  start_time: Timestamp;
  notes: string | null;
}

/** 0011_patient_record: a run of a clinical activity for a patient. */
export interface ClinicalActivityInstancesTable {
  id: Generated<number>;
  tenant_id: number;
  patient_id: number;
  activity_template_id: number | null;
  title: string;
  status: Generated<string>;
  practitioner_id: number | null;
  created_at: Generated<Date>;
  updated_at: Generated<Date>;
  completed_at: NullableTimestamp;
}

/** 0011_patient_record: a shared device linked to a patient (POST devices/assign-shared-device). */
export interface PatientSharedDevicesTable {
  patient_id: number;
  device_id: number;
  assigned_on: Generated<Date>;
  assigned_by_id: number | null;
}

/** 0013: a published version of a screen definition (GET /api/screens). */
export interface ScreenVersionsTable {
  screen_id: string;
  version: number;
  definition: Json;
  published_at: Generated<Date>;
  published_by: number | null;
}

export interface DB {
  app_secrets: AppSecretsTable;
  tenants: TenantsTable;
  users: UsersTable;
  screen_versions: ScreenVersionsTable;
  tenant_user_roles: TenantUserRolesTable;
  webauthn_credentials: WebauthnCredentialsTable;
  webauthn_challenges: WebauthnChallengesTable;
  sessions: SessionsTable;
  refresh_tokens: RefreshTokensTable;
  user_tokens: UserTokensTable;
  outbox_emails: OutboxEmailsTable;
  auth_logs: AuthLogsTable;
  rate_limits: RateLimitsTable;
  feature_flags: FeatureFlagsTable;
  locations: LocationsTable;
  patients: PatientsTable;
  patient_latest_observations: PatientLatestObservationsTable;
  devices: DevicesTable;
  device_activities: DeviceActivitiesTable;
  device_one_time_fees: DeviceOneTimeFeesTable;
  patient_groups: PatientGroupsTable;
  patient_group_members: PatientGroupMembersTable;
  care_team_members: CareTeamMembersTable;
  patient_status_history: PatientStatusHistoryTable;
  service_instances: ServiceInstancesTable;
  monitoring_activities: MonitoringActivitiesTable;
  tasks: TasksTable;
  voice_calls: VoiceCallsTable;
  clinical_activity_instances: ClinicalActivityInstancesTable;
  patient_shared_devices: PatientSharedDevicesTable;
  audit_logs: AuditLogsTable;
  attendances: AttendancesTable;
  schema_migrations: SchemaMigrationsTable;
}
