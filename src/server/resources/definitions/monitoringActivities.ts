import { sql } from 'kysely';
import { monitoringActivitySchema } from '../../../../schemas/entities/monitoringActivity';
import { invalid } from '../../errors';
import { refreshPatientMonthAt } from '../../services/billing/monthLedger';
import { defineResource, type CreatedContext, type WriteContext } from '../defineResource';
import { missingReference, sharesTenant, visibleReference, type ReferenceTarget } from '../references';
import { lastReviewedField, reviewStatusField, viewsReviewedBy } from '../../../domain/patientQueue';

const REFERENCES = {
  patient_id: { table: 'patients', tenantColumn: 'tenant_id' },
  // Internal staff (no provider) may be the practitioner of any provider's activity.
  practitioner_id: { table: 'users', tenantColumn: 'tenant_id', operatorRows: true },
  service_instance_id: { table: 'service_instances', tenantColumn: 'tenant_id' },
  clinical_activity_instance_id: { table: 'clinical_activity_instances', tenantColumn: 'tenant_id' },
} as const satisfies Record<string, ReferenceTarget>;

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
  references: REFERENCES,
  prepare: fromPatientAndAuthor,
  afterCreate: refreshLedger,
});

/**
 * The note's care time counts toward its month's services at once, in the note's transaction (the
 * ledger rows are derived data: the note's own audit row records the write).
 */
async function refreshLedger({ trx, id }: CreatedContext) {
  const note = await trx.selectFrom('monitoring_activities').select(['patient_id', 'reviewed_on']).where('id', '=', id).executeTakeFirstOrThrow();
  await refreshPatientMonthAt(trx, note.patient_id, new Date(note.reviewed_on));
  return {};
}

/** The activity belongs to the patient's provider and is written by the caller, for the practitioner named (the caller when none). */
async function fromPatientAndAuthor({ trx, identity, access, values }: WriteContext) {
  if (values.type === 'activity') throw invalid(['body', 'type'], 'Activities are written by the server when a status changes');
  // The engine resolved what the body names through the caller's reach before this runs.
  const patient = await visibleReference(trx, access, REFERENCES.patient_id, values.patient_id, ['body', 'patient_id']);
  const practitionerId = (values.practitioner_id as number | null | undefined) ?? identity.id;
  const loc = ['body', 'practitioner_id'];
  const practitioner = await visibleReference(trx, access, REFERENCES.practitioner_id, practitionerId, loc, ['full_name', 'role']);
  // Internal staff (no tenant) work for every provider; provider staff only for their own; a patient's account is no practitioner.
  if (practitioner.role === 'patient' || !sharesTenant(REFERENCES.practitioner_id, practitioner, patient.tenant)) throw missingReference(loc);
  await markViewsReviewed(trx, values.patient_id as number, String(values.type), values.reviewed_on as string | undefined);
  return {
    ...values,
    tenant_id: patient.tenant,
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
