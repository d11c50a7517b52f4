import { deviceSchema } from '../../../../schemas/entities/device';
import { defineResource } from '../defineResource';

/**
 * Devices; tenant_id null is the operator's inventory, which only internal users reach. Creation
 * and every change go through routes/devices/ (the device rules, update_action, fees, history).
 */
export const devices = defineResource({
  name: 'devices',
  table: 'devices',
  schema: deviceSchema,
  permission: 'devices',
  actions: ['list', 'read', 'create', 'update', 'delete'],
  bespokeRoutes: ['create', 'update'],
  tenantField: 'tenant_id',
  filterable: [
    'id',
    'external_id',
    'device_manufacturer',
    'device_type',
    'device_model',
    'tenant_id',
    'location_id',
    'patient_id',
    'status',
    'added_on',
    'assigned_on',
    'is_shared_device',
    'device_received',
    'customer_invoice_item_id',
    'first_measurement',
    'last_measurement',
  ],
  sortable: ['id', 'added_on', 'assigned_on', 'external_id', 'status', 'device_type', 'device_manufacturer', 'last_measurement'],
  search: ['external_id', 'id'],
  defaultSort: { field: 'added_on', order: 'desc' },
  patientField: 'patient_id',
  nestedUnderPatient: true,
  references: {
    location_id: { table: 'locations', tenantColumn: 'tenant_id' },
    patient_id: { table: 'patients', tenantColumn: 'tenant_id' },
  },
});
