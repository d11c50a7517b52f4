import type { Attendance } from '../../../schemas/entities/attendance';
import type { ClaimItem } from '../../../schemas/entities/claimItem';
import type { Device } from '../../../schemas/entities/device';
import type { DeviceActivity } from '../../../schemas/entities/deviceActivity';
import type { DeviceOneTimeFee } from '../../../schemas/entities/deviceOneTimeFee';
import type { Location } from '../../../schemas/entities/location';
import type { MonitoringProgressRow } from '../../../schemas/entities/monitoringProgress';
import type { Patient } from '../../../schemas/entities/patient';
import type { PatientGroup } from '../../../schemas/entities/patientGroup';
import type { Provider } from '../../../schemas/entities/provider';
import type { Task } from '../../../schemas/entities/task';
import type { TaskActivity } from '../../../schemas/entities/taskActivity';
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
    consented_by_id: 100,
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

/** Served with `meta={"expand": ["services"]}` or without: the fixture API always adds the services. */
export const monitoringProgress: MonitoringProgressRow[] = [
  {
    id: 60,
    tenant_id: 1,
    patient_id: 30,
    start_date: '2026-06-01',
    year: 2026,
    month: 6,
    progress_rpm: 0.45,
    progress_rtm: null,
    progress_ccm: null,
    progress_cccm: null,
    progress_pcm: 0,
    progress_all: 0.225,
    last_updated: '2026-05-31T18:00:00Z',
    reachable_until: '2026-06-14',
    patient: { id: 30, user_full_name: 'Ada Byron', enrolled_on: '2026-03-02T15:00:00Z', patient_status: 'active' },
    services: [
      {
        cpt_code: '99454',
        program: 'rpm',
        measure: 'days',
        value: 9,
        max_value: 16,
        progress: 0.5625,
        units: 0,
        remaining: 7,
        status: 'in_progress',
        claimable: false,
      },
      {
        cpt_code: '99457',
        program: 'rpm',
        measure: 'minutes',
        value: 750,
        max_value: 1200,
        progress: 0.625,
        units: 0,
        remaining: 450,
        status: 'in_progress',
        claimable: false,
      },
      {
        cpt_code: '99091',
        program: 'rpm',
        measure: 'minutes',
        value: 1800,
        max_value: 1800,
        progress: 1,
        units: 1,
        remaining: 0,
        status: 'excluded',
        claimable: false,
      },
      {
        cpt_code: '99424',
        program: 'pcm',
        measure: 'minutes',
        value: 0,
        max_value: 1800,
        progress: 0,
        units: 0,
        remaining: 1800,
        status: 'not_started',
        claimable: false,
      },
    ],
  },
];

/** Tasks of Ada Byron (30), as of the screens test's day (2026-06-01): one overdue, one auto-completable, one completed. */
export const tasks: Task[] = [
  {
    id: 70,
    tenant_id: 1,
    patient_id: 30,
    title: 'Review the latest blood pressure readings',
    description: 'Readings look high since the new medication.',
    priority: 1,
    due_on: '2026-05-28',
    complete: false,
    completed_by_id: null,
    completed_by_name: null,
    completed_at: null,
    added_by_id: 200,
    added_by_name: 'Nora Admin',
    assigned_to_id: 100,
    assigned_to_name: 'Ivy Internal',
    task_type: 'one_off',
    created_on: '2026-05-20T14:00:00Z',
    update_reason: null,
    can_be_auto_completed: false,
  },
  {
    id: 71,
    tenant_id: 1,
    patient_id: 30,
    title: 'Monthly check-in call with the patient',
    description: null,
    priority: 2,
    due_on: '2026-06-05',
    complete: false,
    completed_by_id: null,
    completed_by_name: null,
    completed_at: null,
    added_by_id: 200,
    added_by_name: 'Nora Admin',
    assigned_to_id: 201,
    assigned_to_name: 'Sam Staff',
    task_type: 'voice_call',
    created_on: '2026-05-25T14:00:00Z',
    update_reason: null,
    can_be_auto_completed: true,
  },
  {
    id: 72,
    tenant_id: 1,
    patient_id: 30,
    title: 'Confirm medication list with patient',
    description: null,
    priority: 3,
    due_on: '2026-05-20',
    complete: true,
    completed_by_id: 200,
    completed_by_name: 'Nora Admin',
    completed_at: '2026-05-21T15:00:00Z',
    added_by_id: 200,
    added_by_name: 'Nora Admin',
    assigned_to_id: 200,
    assigned_to_name: 'Nora Admin',
    task_type: 'one_off',
    created_on: '2026-05-10T14:00:00Z',
    update_reason: 'Done during the monthly review',
    can_be_auto_completed: false,
  },
];

/** The history of task 72, newest first. */
export const taskActivities: TaskActivity[] = [
  {
    id: 80,
    tenant_id: 1,
    task_id: 72,
    patient_id: 30,
    activity_type: 'completed',
    description: 'Done during the monthly review',
    performed_at: '2026-05-21T15:00:00Z',
    performed_by_id: 200,
    performed_by_name: 'Nora Admin',
    is_system_generated: false,
  },
  {
    id: 79,
    tenant_id: 1,
    task_id: 72,
    patient_id: 30,
    activity_type: 'assigned',
    description: 'Assigned to Nora Admin',
    performed_at: '2026-05-10T14:00:01Z',
    performed_by_id: 200,
    performed_by_name: 'Nora Admin',
    is_system_generated: false,
  },
  {
    id: 78,
    tenant_id: 1,
    task_id: 72,
    patient_id: 30,
    activity_type: 'created',
    description: 'Task created: Confirm medication list with patient',
    performed_at: '2026-05-10T14:00:00Z',
    performed_by_id: 200,
    performed_by_name: 'Nora Admin',
    is_system_generated: false,
  },
];

/** Claims of Ada Byron: one made from a service, submitted; one made by hand, with diagnoses and a billing provider. */
export const claimItems: ClaimItem[] = [
  {
    id: 70,
    tenant_id: 1,
    patient_id: 30,
    source: 'based_on_service',
    service_id: 90,
    date_of_service: '2026-05-01',
    end_date_of_service: '2026-05-31',
    suggested_billing_date: '2026-06-01',
    created_on: '2026-05-20T14:00:00Z',
    cpt_code: '99457',
    units: 1,
    note: null,
    billing_provider: null,
    icd10_ids: [],
    submitted: true,
    patient: { id: 30, user_full_name: 'Ada Byron' },
    tenant: { id: 1, name: 'Northwind Clinic' },
    billing_provider_user: null,
  },
  {
    id: 71,
    tenant_id: 1,
    patient_id: 30,
    source: 'manual',
    service_id: null,
    date_of_service: '2026-05-14',
    end_date_of_service: null,
    suggested_billing_date: '2026-06-01',
    created_on: '2026-05-28T09:30:00Z',
    cpt_code: '99454',
    units: 1,
    note: 'Device supply, May.',
    billing_provider: 200,
    icd10_ids: ['E11.9', 'I10'],
    submitted: false,
    patient: { id: 30, user_full_name: 'Ada Byron' },
    tenant: { id: 1, name: 'Northwind Clinic' },
    billing_provider_user: { id: 200, full_name: 'Nora Admin', npi_number: '1234567893' },
  },
];

/** A provider's invoices (GET providers/{id}/invoices), totals in cents; `provider_id` ties them to it here only. */
export const invoices = [
  {
    id: 9,
    provider_id: 1,
    number: 'INV-0009',
    status: 'open',
    total: 123456,
    created: '2026-05-01T14:00:00Z',
    month: 4,
    year: 2026,
    due_date: '2026-05-31',
    hosted_invoice_url: '/api/invoices/9/hosted?signature=abc',
    detailed_pdf: '/api/invoices/9/pdf?signature=abc',
  },
];

/** A provider's fee-for-service pricing (GET providers/{id}/fee-for-service-pricing), in dollars. */
export const feeForServicePricing = [
  { id: 3, provider_id: 1, cpt_code: '99454', fee_schedule_price: 47.5, negotiated_price: 45, volume_threshold: 0, as_of_date: '2026-01-01' },
];

export const attendances: Attendance[] = [
  {
    id: 1,
    user_id: 200,
    user_fullname: 'Nora Admin',
    tenant_id: 1,
    attendance_type: 'office',
    check_in_time: '2026-06-01T13:00:00Z',
    check_out_time: '2026-06-01T21:30:00Z',
    location_id: 10,
    additional_data: { incentive_compensation: true, incentive_compensation_amount: 15 },
    latitude_checked_in: 42.3601,
    longitude_checked_in: -71.0589,
    latitude_checked_out: 42.3602,
    longitude_checked_out: -71.0588,
    ip_address_checked_in: '10.0.0.5',
    ip_address_checked_out: '10.0.0.5',
    user: { id: 200, full_name: 'Nora Admin' },
    location: { id: 10, name: 'Main Office' },
  },
  {
    id: 2,
    user_id: 200,
    user_fullname: 'Nora Admin',
    tenant_id: 1,
    attendance_type: 'training',
    check_in_time: '2026-06-02T13:00:00Z',
    check_out_time: null,
    location_id: 10,
    additional_data: { incentive_compensation: false, incentive_compensation_amount: 15 },
    latitude_checked_in: null,
    longitude_checked_in: null,
    latitude_checked_out: null,
    longitude_checked_out: null,
    ip_address_checked_in: '10.0.0.5',
    ip_address_checked_out: null,
    user: { id: 200, full_name: 'Nora Admin' },
    location: { id: 10, name: 'Main Office' },
  },
];

export const reports = [
  {
    id: 1,
    name: 'Monitoring Report, Northwind Clinic, 05/01/2026 to 05/31/2026',
    type: 'monitoring_report',
    report_date: '2026-06-01T14:00:00Z',
    range_start: '2026-05-01',
    range_end: '2026-05-31',
    tenant_id: 1,
    patient_id: null,
    created_by_id: 200,
    content: {
      timezone: 'America/New_York',
      provider_name: 'Northwind Clinic',
      rows: [{ patient_id: 30, patient_name: 'Ada Byron', minutes: 25.5, notes: 3, readings: 28, reading_days: 17, codes_met: ['99454', '99457'] }],
      totals: { patients: 1, minutes: 25.5, notes: 3, readings: 28 },
    },
  },
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
    'monitoring-progress': monitoringProgress,
    'claim-items': claimItems,
    'service-instances': [],
    'patient-status-history': [],
    tasks,
    'task-activities': taskActivities,
    invoices,
    'fee-for-service-pricing': feeForServicePricing,
    attendances,
    reports,
    availability: [],
  });
