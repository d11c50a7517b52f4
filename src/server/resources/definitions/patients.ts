import { patientSchema } from '../../../../schemas/entities/patient';
import { defineResource } from '../defineResource';
import { patientStore } from './patientStore';

/** Patients (core columns) with their account as `user`. Every action is audited: the whole record is patient data. */
export const patients = defineResource({
  name: 'patients',
  table: 'patients',
  schema: patientSchema,
  permission: 'patients',
  actions: ['list', 'read', 'create', 'update', 'delete'],
  tenantField: 'tenant_id',
  joins: { user: { table: 'users', on: 'user_id' } },
  filterable: [
    'id', 'tenant_id', 'patient_status', 'gender', 'primary_condition', 'care_setting', 'priority', 'billing_provider_id',
    'facility_location_id', 'has_device', 'last_device_activity', 'birthdate', 'enrolled_on', 'consented_on', 'created_at',
    'user.full_name', 'user.last_name', 'user.email', 'user.phone_number', 'user.registered_on', 'user.last_login',
  ],
  sortable: ['id', 'created_at', 'birthdate', 'patient_status', 'priority', 'last_device_activity', 'enrolled_on', 'consented_on', 'user.full_name', 'user.last_name', 'user.registered_on'],
  search: ['user.full_name', 'user.email', 'user.phone_number', 'id'],
  defaultSort: { field: 'created_at', order: 'desc' },
  patientField: 'id',
  references: {
    billing_provider_id: { table: 'users', tenantColumn: 'tenant_id' },
    facility_location_id: { table: 'locations', tenantColumn: 'tenant_id' },
  },
  store: patientStore,
});
