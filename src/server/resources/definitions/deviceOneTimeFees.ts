import { deviceOneTimeFeeSchema } from '../../../../schemas/entities/deviceOneTimeFee';
import { defineResource } from '../defineResource';

/**
 * A device's one-time fees as the engine lists them (filters, sort, Range / Content-Range, tenancy).
 * Not listed in the engine's RESOURCES: it is served only under /devices/{id}/one-time-fees. A fee
 * belongs to the provider charged, so a provider sees its own charges and never another's.
 */
export const deviceOneTimeFees = defineResource({
  name: 'one-time-fees',
  table: 'device_one_time_fees',
  schema: deviceOneTimeFeeSchema,
  permission: 'devices',
  actions: ['list'],
  keys: { list: 'devices.read' },
  tenantField: 'tenant_id',
  filterable: ['id', 'timestamp', 'amount', 'fee_type'],
  sortable: ['id', 'timestamp', 'amount'],
  search: ['id'],
  defaultSort: { field: 'timestamp', order: 'desc' },
});
