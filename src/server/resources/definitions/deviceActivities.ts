import { deviceActivitySchema } from '../../../../schemas/entities/deviceActivity';
import { defineResource, type WriteContext } from '../defineResource';

/** A device's history. Events are never edited or removed; reading one needs the list permission (there is no read key). */
export const deviceActivities = defineResource({
  name: 'device-activities',
  table: 'device_activities',
  schema: deviceActivitySchema,
  permission: 'device_activities',
  actions: ['list', 'read', 'create'],
  keys: { read: 'device_activities.list' },
  tenantField: 'tenant_id',
  joins: { device: { table: 'devices', on: 'device_id' } },
  filterable: ['id', 'device_id', 'activity_type', 'patient_id', 'actor_id', 'created_on', 'device.external_id', 'device.device_type'],
  sortable: ['id', 'created_on', 'activity_type'],
  search: ['device.external_id', 'actor_name', 'id'],
  defaultSort: { field: 'created_on', order: 'desc' },
  patientField: 'patient_id',
  nestedUnderPatient: true,
  references: { device_id: { table: 'devices', tenantColumn: 'tenant_id' } },
  prepare: fromDeviceAndActor,
});

/** An event belongs to the device's provider and patient and is signed by the caller, whatever the body says. */
async function fromDeviceAndActor({ trx, identity, values }: WriteContext) {
  const device = await trx
    .selectFrom('devices')
    .select(['tenant_id', 'patient_id'])
    .where('id', '=', values.device_id as number)
    .executeTakeFirst();
  return {
    ...values,
    tenant_id: device?.tenant_id ?? null,
    patient_id: device?.patient_id ?? null,
    actor_id: identity.id,
    actor_name: identity.full_name,
  };
}
