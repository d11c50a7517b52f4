import type { Device } from '../../../schemas/entities/device';
import type { DeviceActivity } from '../../../schemas/entities/deviceActivity';
import type { DeviceOneTimeFee } from '../../../schemas/entities/deviceOneTimeFee';
import type { Location } from '../../../schemas/entities/location';
import type { Patient } from '../../../schemas/entities/patient';
import type { PatientGroup } from '../../../schemas/entities/patientGroup';
import type { Provider } from '../../../schemas/entities/provider';
import type { User } from '../../../schemas/entities/user';

/** Records of the fixture API, typed by the entity schemas so they stay what the API answers. */
export const providers: Provider[] = [
  { id: 1, name: 'Northwind Clinic', is_active: true, registered_on: '2026-01-10T15:00:00Z', email: 'office@northwind.example' },
  { id: 2, name: 'Lakeside Health', is_active: false, registered_on: '2026-02-01T09:30:00Z', email: null },
];

export const locations: Location[] = [
  {
    id: 10,
    tenant_id: 1,
    name: 'Main Office',
    is_active: true,
    created_at: '2026-01-11T12:00:00Z',
    address: { address_line1: '12 Elm St', city: 'Springfield', state: 'IL', zip_code: '62701', country: 'US' },
  },
  {
    id: 11,
    tenant_id: 1,
    name: 'Annex',
    is_active: false,
    created_at: '2026-01-12T12:00:00Z',
    address: { address_line1: '40 Oak Ave', address_line2: 'Suite 2', city: 'Springfield', state: 'IL', zip_code: '62702-1234', country: 'US' },
  },
];

export const patients: Patient[] = [
  {
    id: 30,
    tenant_id: 1,
    patient_status: 'consented',
    birthdate: '1950-04-02',
    gender: 'Female',
    billing_provider_id: 200,
    primary_condition: 'COPD',
    consented_on: '2026-05-28T10:00:00Z',
    user: {
      first_name: 'Ada',
      last_name: 'Byron',
      full_name: 'Ada Byron',
      email: 'ada@example.com',
      phone_number: '+15551234567',
      address: { address_line1: '12 Elm St', city: 'Springfield', state: 'IL', zip_code: '62701', country: 'US' },
    },
  },
];

export const devices: Device[] = [
  {
    id: 1,
    external_id: '356938035643809',
    device_manufacturer: 'tellihealth',
    device_type: 'blood_pressure',
    device_model: 'TH-100',
    tenant_id: 1,
    location_id: null,
    patient_id: 30,
    status: 'active',
    added_on: '2026-05-01T14:00:00Z',
    assigned_on: '2026-05-02T14:00:00Z',
    is_shared_device: false,
    device_received: true,
    customer_invoice_item_id: 'ii_123',
    first_measurement: '2026-05-03T08:00:00Z',
    last_measurement: '2026-05-30T08:00:00Z',
    misc_data: { status: { battery: 80, signal: 3, network: 'LTE', last_updated: '2026-05-30T08:00:00Z' } },
  },
  {
    id: 2,
    external_id: 'A1B2C3D4E5F6',
    device_manufacturer: 'tenovi',
    device_type: 'tenovi_gateway',
    device_model: null,
    tenant_id: 1,
    location_id: 10,
    patient_id: null,
    status: 'pending',
    added_on: '2026-05-20T14:00:00Z',
    assigned_on: null,
    is_shared_device: false,
    device_received: false,
    customer_invoice_item_id: null,
    first_measurement: null,
    last_measurement: null,
    misc_data: { status: {}, device: { hardware_uuid: 'A1B2C3D4E5F6' } },
  },
  {
    id: 3,
    external_id: '990000862471854',
    device_manufacturer: 'bodytrace',
    device_type: 'weight_scale',
    device_model: 'BT-W',
    tenant_id: null,
    location_id: null,
    patient_id: null,
    status: 'decommissioned',
    added_on: '2026-04-01T14:00:00Z',
    assigned_on: null,
    is_shared_device: false,
    device_received: true,
    customer_invoice_item_id: null,
    first_measurement: null,
    last_measurement: null,
    misc_data: {},
  },
];

export const deviceActivities: DeviceActivity[] = [
  {
    id: 100,
    device_id: 1,
    activity_type: 'measurement',
    created_on: '2026-05-30T08:00:00Z',
    value: [{ name: 'blood_pressure', systolic: 128, diastolic: 84, value: 72, unit: { text: 'mmHg' } }],
    device: { id: 1, external_id: '356938035643809', device_type: 'blood_pressure', device_manufacturer: 'tellihealth' },
  },
  {
    id: 101,
    device_id: 1,
    activity_type: 'issue_report',
    actor_name: 'Patient (mobile app)',
    created_on: '2026-05-29T08:00:00Z',
    value: { issue_type: 'battery', description: 'Drains in a day', is_resolved: false, reported_by_patient: true },
    device: { id: 1, external_id: '356938035643809', device_type: 'blood_pressure', device_manufacturer: 'tellihealth' },
  },
  {
    id: 102,
    device_id: 2,
    activity_type: 'issue_report',
    actor_name: 'Jo Staff',
    created_on: '2026-05-28T08:00:00Z',
    value: { issue_type: 'connection', description: 'Offline', is_resolved: true, reported_by_patient: false },
    device: { id: 2, external_id: 'A1B2C3D4E5F6', device_type: 'tenovi_gateway', device_manufacturer: 'tenovi' },
  },
  {
    id: 103,
    device_id: 1,
    activity_type: 'device_ping',
    created_on: '2026-05-30T09:00:00Z',
    value: [{ battery: 80, signal: 4, network: 'LTE' }],
  },
];

/** Served under the device: GET /devices/{id}/one-time-fees. */
export const deviceOneTimeFees: DeviceOneTimeFee[] = [
  { id: 500, device_id: 1, tenant_id: 1, timestamp: '2026-05-02T14:00:00Z', amount: 49, fee_type: 'device_fee' },
];

export const users: User[] = [
  {
    id: 200,
    email: 'admin@northwind.example',
    first_name: 'Nora',
    last_name: 'Admin',
    full_name: 'Nora Admin',
    role: 'admin',
    tenant_id: 1,
    is_internal: false,
    is_active: true,
    staff_type: 'supervisor',
    last_login: '2026-05-30T12:00:00Z',
  },
  {
    id: 201,
    email: 'staff@northwind.example',
    first_name: 'Sam',
    last_name: 'Staff',
    full_name: 'Sam Staff',
    role: 'staff',
    tenant_id: 1,
    is_internal: false,
    is_active: false,
    staff_type: 'onboarding_staff',
    last_login: null,
  },
];

export const patientGroups: PatientGroup[] = [
  { id: 40, tenant_id: 1, name: 'COPD Follow-up', count_patients: 1, created_at: '2026-03-01T10:00:00Z' },
  { id: 41, tenant_id: 1, name: 'Weekend Calls', count_patients: 0, created_at: '2026-05-20T10:00:00Z' },
];

/** The fixture database by resource. */
export const fixtureRecords = (): Record<string, Record<string, unknown>[]> =>
  structuredClone({
    providers,
    locations,
    patients,
    devices,
    'device-activities': deviceActivities,
    'one-time-fees': deviceOneTimeFees,
    users,
    'patient-groups': patientGroups,
    'service-instances': [],
    'patient-status-history': [],
  });
