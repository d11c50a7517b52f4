/** Enumerations shared by the API, the seed and the console. Each list is written once, here. */

export const PATIENT_STATUSES = ['pending_enrollment', 'consented', 'active', 'declined', 'unseen', 'disabled'] as const;
export type PatientStatus = (typeof PATIENT_STATUSES)[number];

export const PRIMARY_CONDITIONS = ['Asthma', 'COPD', 'Diabetes', 'general', 'HeartFailure', 'chronic_kidney_disease'] as const;
export const CARE_SETTINGS = ['home', 'residential_care_facility'] as const;
export const GENDERS = ['Male', 'Female'] as const;
export const PATIENT_PRIORITIES = ['acute', 'high', 'medium', 'normal'] as const;

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
