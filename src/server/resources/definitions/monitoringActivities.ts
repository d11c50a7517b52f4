import { sql } from 'kysely';
import { monitoringActivitySchema } from '../../../../schemas/entities/monitoringActivity';
import { invalid } from '../../errors';
import { mayHoldTenant } from '../access';
import { defineResource, type WriteContext } from '../defineResource';
import { lastReviewedField, reviewStatusField, viewsReviewedBy } from '../../../domain/patientQueue';

/**
 * Monitoring activities: listed per patient (newest review first) and logged by clinicians. Rows of
 * type activity are the server's record of status changes: they cannot be created through the API.
 * Reading one needs the list permission (there is no read key).
 */
export const monitoringActivities = defineResource({
  name: 'monitoring-activities',
  table: 'monitoring_activities',
  schema: monitoringActivitySchema,
  permission: 'monitoring_activities',
  actions: ['list', 'read', 'create'],
  keys: { read: 'monitoring_activities.list' },
  tenantField: 'tenant_id',
  filterable: ['id', 'patient_id', 'tenant_id', 'practitioner_id', 'type', 'reviewed_on', 'created_on', 'created_by_id', 'service_instance_id'],
  sortable: ['id', 'reviewed_on', 'created_on', 'type'],
  search: ['description', 'practitioner_name', 'id'],
  defaultSort: { field: 'reviewed_on', order: 'desc' },
  patientField: 'patient_id',
  nestedUnderPatient: true,
  references: {
    patient_id: { table: 'patients', tenantColumn: 'tenant_id' },
    service_instance_id: { table: 'service_instances', tenantColumn: 'tenant_id' },
  },
  prepare: fromPatientAndAuthor,
});

/** The activity belongs to the patient's provider and is written by the caller, for the practitioner named (the caller when none). */
async function fromPatientAndAuthor({ trx, identity, access, values }: WriteContext) {
  if (values.type === 'activity') throw invalid(['body', 'type'], 'Activities are written by the server when a status changes');
  const patient: { tenant_id: number } | undefined = await trx
    .selectFrom('patients')
    .select('tenant_id')
    .where('id', '=', values.patient_id as number)
    .executeTakeFirst();
  // A patient unknown or out of reach is refused by the engine's reference check, at patient_id.
  if (!patient || !mayHoldTenant(access, patient.tenant_id)) return values;
  const practitionerId = (values.practitioner_id as number | null | undefined) ?? identity.id;
  const practitioner: { full_name: string; role: string; tenant_id: number | null } | undefined = await trx
    .selectFrom('users')
    .select(['full_name', 'role', 'tenant_id'])
    .where('id', '=', practitionerId)
    .executeTakeFirst();
  // Internal staff (no tenant) work for every provider; provider staff only for their own.
  const reachable = practitioner && practitioner.role !== 'patient' && (practitioner.tenant_id === null || practitioner.tenant_id === patient.tenant_id);
  if (!reachable) throw invalid(['body', 'practitioner_id'], 'The referenced record does not exist', 'foreign_key');
  await markViewsReviewed(trx, values.patient_id as number, String(values.type), values.reviewed_on as string | undefined);
  return {
    ...values,
    tenant_id: patient.tenant_id,
    practitioner_id: practitionerId,
    practitioner_name: practitioner.full_name,
    created_by_id: identity.id,
  };
}

/**
 * The activity reviews the patient's queue views (domain viewsReviewedBy): each becomes reviewed,
 * its last review the later of the one it had and this one. In the activity's transaction, so a
 * refused activity reviews nothing.
 */
async function markViewsReviewed(trx: WriteContext['trx'], patientId: number, type: string, reviewedOn: string | undefined) {
  const views = viewsReviewedBy(type);
  if (views.length === 0) return;
  const at = reviewedOn ? new Date(reviewedOn) : new Date();
  const changes = Object.fromEntries(
    views.flatMap((view): [string, unknown][] => [
      [reviewStatusField(view), 'reviewed'],
      [lastReviewedField(view), sql`greatest(${sql.ref(lastReviewedField(view))}, ${at})`],
    ]),
  );
  await trx.updateTable('patients').set(changes).where('id', '=', patientId).execute();
}
