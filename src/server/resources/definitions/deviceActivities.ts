import { deviceActivitySchema } from '../../../../schemas/entities/deviceActivity';
import { ISSUE_TYPES } from '../../../domain/enums';
import { invalid } from '../../errors';
import { defineResource, type Values, type WriteContext } from '../defineResource';
import { visibleReference, type ReferenceTarget } from '../references';

const DEVICE: ReferenceTarget = { table: 'devices', tenantColumn: 'tenant_id' };

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
  references: { device_id: DEVICE },
  prepare: fromDeviceAndActor,
});

/**
 * Events a caller may add. Every other type is the trace of something the server did (a device
 * action, a reading, a ping) and is written only by the server, so that a history cannot be forged.
 */
const CALLER_EVENTS: readonly unknown[] = ['issue_report', 'message'];
const ISSUE_FIELDS: Record<string, (v: unknown) => boolean> = {
  issue_type: (v) => (ISSUE_TYPES as readonly unknown[]).includes(v),
  description: (v) => typeof v === 'string' && v.length <= 2000,
  is_resolved: (v) => typeof v === 'boolean',
  reported_by_patient: (v) => typeof v === 'boolean',
};

/** An issue report's value (spec 000 section 3): issue_type one of ISSUE_TYPES, a description; open and from staff unless it says otherwise. */
function issueValue(value: unknown): Values {
  if (typeof value !== 'object' || value === null || Array.isArray(value)) throw invalid(['body', 'value', 'issue_type'], 'Field required', 'missing');
  const issue = value as Values;
  if (issue.issue_type === undefined) throw invalid(['body', 'value', 'issue_type'], 'Field required', 'missing');
  for (const [key, v] of Object.entries(issue)) {
    const check = ISSUE_FIELDS[key];
    if (!check) throw invalid(['body', 'value', key], 'Extra inputs are not permitted', 'extra_forbidden');
    if (!check(v)) {
      const msg = key === 'issue_type' ? `Input should be one of: ${ISSUE_TYPES.join(', ')}` : 'Invalid value';
      throw invalid(['body', 'value', key], msg, key === 'issue_type' ? 'enum' : 'value_error');
    }
  }
  return { is_resolved: false, reported_by_patient: false, ...issue };
}

/** An event belongs to the device's provider and patient and is signed by the caller, whatever the body says. */
async function fromDeviceAndActor({ trx, identity, values, access }: WriteContext) {
  if (!CALLER_EVENTS.includes(values.activity_type)) {
    throw invalid(['body', 'activity_type'], `Only ${CALLER_EVENTS.join(' and ')} events can be added; the others are recorded by the server`);
  }
  const device = await visibleReference(trx, access, DEVICE, values.device_id, ['body', 'device_id'], ['patient_id']);
  return {
    ...values,
    ...(values.activity_type === 'issue_report' ? { value: issueValue(values.value) } : {}),
    tenant_id: device.tenant,
    patient_id: device.patient_id ?? null,
    actor_id: identity.id,
    actor_name: identity.full_name,
  };
}
