/** Enumerations shared by the API, the seed and the console. Each list is written once, here. */

export const PATIENT_STATUSES = ['pending_enrollment', 'consented', 'active', 'declined', 'unseen', 'disabled'] as const;
export type PatientStatus = (typeof PATIENT_STATUSES)[number];

/** Why a patient declined enrolment (spec 001 section 5, Status update). */
export const DECLINE_REASONS = [
  'no_time',
  'unnecessary',
  'already_monitored_by_provider',
  'uncomfortable_data',
  'own_device',
  'cost_concerns',
  'incomplete_enrollment',
  'md_ineligible',
  'thinking_about_it',
  'revisit_later',
] as const;
export type DeclineReason = (typeof DECLINE_REASONS)[number];

/** Why a patient was not seen at the enrolment appointment (spec 001 section 5, Status update). */
export const UNSEEN_REASONS = [
  'already_checked_out',
  'missed_enrollment_room',
  'staff_unavailable',
  'no_show',
  'rescheduled',
  'canceled',
  'staff_not_onsite',
] as const;
export type UnseenReason = (typeof UNSEEN_REASONS)[number];

/** Why a patient is unenrolled (spec 001 section 5, Unenroll); `other` asks for reason_other. */
export const UNENROLL_REASONS = [
  'no-longer-eligible',
  'patient-request',
  'patient-deceased',
  'hospice',
  'non-responsive',
  'never-started',
  'breach-of-contract',
  'customer-contract-terminated',
  'physician-request',
  'cost-partial-coverage',
  'patient-relocation-change-of-provider',
  'lack-of-cellular-service',
  'other',
] as const;
export type UnenrollReason = (typeof UNENROLL_REASONS)[number];

export const PRIMARY_CONDITIONS = ['Asthma', 'COPD', 'Diabetes', 'general', 'HeartFailure', 'chronic_kidney_disease'] as const;
/** The primary conditions in words, as the lists' filters offer them (screens/enrollment.list.json). */
export const PRIMARY_CONDITION_LABELS: Readonly<Record<(typeof PRIMARY_CONDITIONS)[number], string>> = {
  Asthma: 'Asthma',
  COPD: 'COPD',
  Diabetes: 'Diabetes',
  general: 'General Monitoring',
  HeartFailure: 'Heart Failure',
  chronic_kidney_disease: 'Chronic Kidney Disease',
};
export const CARE_SETTINGS = ['home', 'residential_care_facility'] as const;
export const GENDERS = ['Male', 'Female'] as const;
export const PATIENT_PRIORITIES = ['acute', 'high', 'medium', 'normal'] as const;

/** How a patient enters the enrolment workflow; every patient added through the console is screened first (spec 001 section 4). */
export const ENROLLMENT_TYPES = ['screening'] as const;
/** The patient's phone numbers by kind; the primary type names which one to call (spec 001 section 3). */
export const PHONE_TYPES = ['mobile', 'home', 'facility'] as const;
export const INSURANCE_COVERAGE_TYPES = ['partial', 'full', 'other'] as const;

/** Spec 001 section 3, Enumerations: the patient profile's demographics and history. */
export const RACES = [
  'american_indian_or_alaska_native',
  'north_east_asian',
  'south_east_asian',
  'black',
  'native_hawaiian_or_other_pacific_islander',
  'other',
  'white',
  'no_disclosure',
] as const;
export const ETHNICITIES = ['hispanic', 'not_hispanic', 'no_disclosure'] as const;
export const COMORBIDITIES = [
  'Pulmonary Hypertension',
  'High Blood Pressure',
  'Diabetes',
  'Coronary Artery Disease',
  'Congestive Heart Failure',
  'Chronic Kidney Disease',
  'Asthma',
  'Anemia',
  'Acid Reflux',
  'COPD',
  'Atrial Fibrillation',
  'Sleep Disordered Breathing',
  'Cancer',
] as const;
export const RISK_FACTORS = ['Lives alone', 'Long term oxygen user', 'Needs help performing daily activities'] as const;
export const SMOKING_STATUSES = ['Non-smoker', 'Smoker', 'Ex-smoker'] as const;

/** Condition-specific blocks of the profile (spec 001 section 3): CHF's Minnesota Living with Heart Failure level. */
export const MLHFQ_LEVELS = ['Good', 'Moderate', 'Poor', 'Unknown'] as const;
/** COPD: the dyspnea grade 0-4 and the GOLD stage. */
export const DYSPNEA_GRADES = [0, 1, 2, 3, 4] as const;
export const GOLD_STAGES = ['1', '2', '3', '4', 'Unknown'] as const;
/** Chronic kidney disease: stages 1-5, the third split into 3A and 3B. */
export const CKD_STAGES = ['1', '2', '3A', '3B', '4', '5', 'Unknown'] as const;

export const DEVICE_MANUFACTURERS = ['tenovi', 'tellihealth', 'bodytrace', 'smartmeter', 'freestylelibre', 'transtek', 'other'] as const;
export type DeviceManufacturer = (typeof DEVICE_MANUFACTURERS)[number];

/** Types offered when creating a device. */
export const CREATABLE_DEVICE_TYPES = ['blood_pressure', 'pulse_oximeter', 'weight_scale', 'peak_flow_meter', 'glucometer'] as const;
/** Every type a listed device can have. */
export const DEVICE_TYPES = [...CREATABLE_DEVICE_TYPES, 'cgm', 'tenovi_gateway'] as const;
export type DeviceType = (typeof DEVICE_TYPES)[number];

export const DEVICE_STATUSES = [
  'inactive',
  'active',
  'pending',
  'inactive_with_patient',
  'decommissioned',
  'pending_return_to_manufacturer',
  'returned_to_manufacturer',
] as const;
export type DeviceStatus = (typeof DEVICE_STATUSES)[number];

export const DEVICE_ACTIVITY_TYPES = [
  'measurement',
  'issue_report',
  'device_ping',
  'message',
  'update_shared_device',
  'update_tenant',
  'assign_to_patient',
  'unassign_patient',
  'update_external_id',
  'decommission_device',
  'mark_received',
  'set_invoice_item_id',
  'set_location',
] as const;
export type DeviceActivityType = (typeof DEVICE_ACTIVITY_TYPES)[number];

export const ISSUE_TYPES = ['battery', 'connection', 'hardware', 'user error', 'other'] as const;

export const AUTH_EVENT_TYPES = [
  'login_success',
  'login_failed',
  'mfa_challenge',
  'mfa_success',
  'mfa_failed',
  'refresh_token_rotated',
  'refresh_token_reused',
  'refresh_token_expired',
  'logout',
  'password_reset_requested',
  'password_set',
  'email_verified',
  'patient_refused',
] as const;
export type AuthEventType = (typeof AUTH_EVENT_TYPES)[number];

export const MFA_METHODS = ['totp', 'webauthn'] as const;
export type MfaMethod = (typeof MFA_METHODS)[number];

/** Care program (service instance) types (spec 001 section 3, Enumerations). */
export const CARE_PROGRAM_TYPES = ['rpm', 'ccm', 'pcm', 'rtm', 'cccm'] as const;

/**
 * Monitoring activity types (spec 001 section 3): one per billed service code pair of section 9's
 * CPT list, prefixed by its program, plus note, activity (written by the system on a status
 * change) and emr_review_note.
 */
export const MONITORING_ACTIVITY_TYPES = [
  'rpm_99453',
  'rpm_99454',
  'rpm_99457_99458',
  'rpm_99091',
  'ccm_99490_99439',
  'ccm_99491_99437',
  'pcm_99424_99425',
  'pcm_99426_99427',
  'rtm_98975',
  'rtm_98980_98981',
  'cccm_99487_99489',
  'note',
  'activity',
  'emr_review_note',
] as const;

/**
 * Care team roles (spec 001 section 3, Enumerations). The first ones can be chosen when adding a
 * member; billing_provider exists on records but is never offered nor accepted from a form.
 */
export const CHOOSABLE_CARE_TEAM_ROLES = ['rpm_clinician', 'rtm_clinician', 'ccm_clinician', 'pcm_clinician', 'provider_success', 'other'] as const;
export const CARE_TEAM_ROLES = [...CHOOSABLE_CARE_TEAM_ROLES, 'billing_provider'] as const;
export type CareTeamRole = (typeof CARE_TEAM_ROLES)[number];
