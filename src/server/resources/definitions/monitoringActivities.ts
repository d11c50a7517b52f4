import { sql } from 'kysely';
import { monitoringActivitySchema } from '../../../../schemas/entities/monitoringActivity';
import { conflict, invalid } from '../../errors';
import { refreshPatientMonthAt } from '../../services/billing/monthLedger';
import { defineResource, type WriteContext, type WrittenContext } from '../defineResource';
import { missingReference, sharesTenant, visibleReference, type ReferenceTarget } from '../references';
import { EMR_REQUIRED, EMR_REVIEW_TYPE, isServerActivity, mayEditNoteDate, mayWriteEmrReview, NOTE_DATE_DRIFT_MS } from '../../../domain/monitoringNotes';
import { isFinalStatus } from '../../../domain/voiceCalls';
import { lastReviewedField, reviewStatusField, viewsReviewedBy } from '../../../domain/patientQueue';

const REFERENCES = {
  patient_id: { table: 'patients', tenantColumn: 'tenant_id' },
  // Internal staff (no provider) may be the practitioner of any provider's activity.
  practitioner_id: { table: 'users', tenantColumn: 'tenant_id', operatorRows: true },
  service_instance_id: { table: 'service_instances', tenantColumn: 'tenant_id' },
  clinical_activity_instance_id: { table: 'clinical_activity_instances', tenantColumn: 'tenant_id' },
  voice_call_id: { table: 'voice_calls', tenantColumn: 'tenant_id' },
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
  actions: ['list', 'read', 'create', 'update', 'delete'],
  // The permission table has no read or delete key: a note is read with the list and deleted with the update permission.
  keys: { read: 'monitoring_activities.list', delete: 'monitoring_activities.update' },
  tenantField: 'tenant_id',
  filterable: [
    'id',
    'patient_id',
    'tenant_id',
    'practitioner_id',
    'type',
    'reviewed_on',
    'created_on',
    'created_by_id',
    'service_instance_id',
    'voice_call_id',
  ],
  sortable: ['id', 'reviewed_on', 'created_on', 'type'],
  search: ['description', 'practitioner_name', 'id'],
  defaultSort: { field: 'reviewed_on', order: 'desc' },
  patientField: 'patient_id',
  nestedUnderPatient: true,
  references: REFERENCES,
  prepare: (context) => (context.existing ? changedNote(context) : fromPatientAndAuthor(context)),
  afterWrite: refreshLedger,
});

/** 409: the server's record of a status change (type activity) is neither edited nor deleted. */
const SERVER_ACTIVITY = 'Activities of type activity cannot be edited';
/** A call's note (issue 22): 409 when the call has one already (its time is never counted twice), 422 when it is not a finished call with the note's patient. */
export const CALL_NOTE_TEXTS = {
  taken: 'This call already has its monitoring note',
  notThePatients: 'The call is not a call with this patient',
  notFinished: 'The call has not ended',
  fixed: 'The call of a monitoring note cannot be changed',
} as const;

/** 422 (forbidden): a note's date is set by the roles of NOTE_DATE_EDITORS only. */
const DATE_REFUSED = 'Only administrators may change the date of a monitoring activity';

/**
 * An edit (PUT or PATCH): the note stays with its patient; its date changes only for the roles of
 * NOTE_DATE_EDITORS; a new practitioner is resolved as on create; the server's activities stay as
 * they are.
 */
async function changedNote({ trx, identity, access, values, existing }: WriteContext) {
  const before = existing!;
  if (isServerActivity(before.type)) throw conflict(SERVER_ACTIVITY);
  if (isServerActivity(values.type)) throw invalid(['body', 'type'], 'Activities are written by the server when a status changes');
  if (values.type === EMR_REVIEW_TYPE && before.type !== EMR_REVIEW_TYPE && !mayWriteEmrReview(identity.role)) {
    throw invalid(['body', 'type'], 'Only administrators may write an EMR review note', 'forbidden');
  }
  if ('patient_id' in values && values.patient_id !== before.patient_id) throw invalid(['body', 'patient_id'], 'A monitoring activity stays with its patient');
  if ('voice_call_id' in values && (values.voice_call_id ?? null) !== (before.voice_call_id ?? null))
    throw invalid(['body', 'voice_call_id'], CALL_NOTE_TEXTS.fixed);
  const dateChanged = 'reviewed_on' in values && new Date(values.reviewed_on as string).getTime() !== new Date(before.reviewed_on as string).getTime();
  if (dateChanged && !mayEditNoteDate(identity.role)) {
    throw invalid(['body', 'reviewed_on'], DATE_REFUSED, 'forbidden');
  }
  const { patient_id: _patient, ...changes } = values;
  if (!('practitioner_id' in values) || values.practitioner_id === before.practitioner_id) return changes;
  const patient = await visibleReference(trx, access, REFERENCES.patient_id, before.patient_id, ['body', 'patient_id']);
  const practitioner = await practitionerFor(trx, access, (values.practitioner_id as number | null) ?? identity.id, patient.tenant);
  return { ...changes, practitioner_id: practitioner.id, practitioner_name: practitioner.full_name };
}

/**
 * The months a note counted toward, before and after the write, recomputed in its transaction (the
 * ledger rows are derived data: the note's own audit row records the write). The server's
 * activities carry no care time, and are never deleted.
 */
async function refreshLedger({ trx, action, before, after }: WrittenContext) {
  if (action === 'delete' && isServerActivity(before?.type)) throw conflict(SERVER_ACTIVITY);
  const months = new Map<string, { patient: number; at: Date }>();
  for (const note of [before, after]) {
    if (!note) continue;
    const at = new Date(note.reviewed_on as string);
    months.set(`${String(note.patient_id)}:${at.toISOString().slice(0, 10)}`, { patient: note.patient_id as number, at });
  }
  for (const { patient, at } of months.values()) await refreshPatientMonthAt(trx, patient, at);
}

/**
 * The activity belongs to the patient's provider and is written by the caller, for the practitioner
 * named (the caller when none). Only the roles that may date notes write EMR review notes (which name
 * who performed the review and when) or date a note other than now (NOTE_DATE_DRIFT_MS).
 */
async function fromPatientAndAuthor({ trx, identity, access, values }: WriteContext) {
  if (values.type === 'activity') throw invalid(['body', 'type'], 'Activities are written by the server when a status changes');
  if (values.type === EMR_REVIEW_TYPE) {
    if (!mayWriteEmrReview(identity.role)) throw invalid(['body', 'type'], 'Only administrators may write an EMR review note', 'forbidden');
    for (const [field, message] of Object.entries(EMR_REQUIRED))
      if (values[field] === undefined || values[field] === null) throw invalid(['body', field], message);
  }
  const dated = values.reviewed_on === undefined ? undefined : new Date(values.reviewed_on as string).getTime();
  if (dated !== undefined && Math.abs(dated - Date.now()) > NOTE_DATE_DRIFT_MS && !mayEditNoteDate(identity.role)) {
    throw invalid(['body', 'reviewed_on'], DATE_REFUSED, 'forbidden');
  }
  // The engine resolved what the body names through the caller's reach before this runs.
  const patient = await visibleReference(trx, access, REFERENCES.patient_id, values.patient_id, ['body', 'patient_id']);
  const practitionerId = (values.practitioner_id as number | null | undefined) ?? identity.id;
  const practitioner = await practitionerFor(trx, access, practitionerId, patient.tenant);
  if (values.voice_call_id !== undefined && values.voice_call_id !== null) await checkCallOfNote(trx, Number(values.voice_call_id), Number(values.patient_id));
  await markViewsReviewed(trx, values.patient_id as number, String(values.type), values.reviewed_on as string | undefined);
  return {
    ...values,
    tenant_id: patient.tenant,
    practitioner_id: practitionerId,
    practitioner_name: practitioner.full_name,
    created_by_id: identity.id,
  };
}

/** The practitioner of a note of a patient of `tenant`: internal staff (no tenant) work for every provider, provider staff only for their own, and a patient's account is no practitioner. */
async function practitionerFor(trx: WriteContext['trx'], access: WriteContext['access'], id: number, tenant: number | null) {
  const loc = ['body', 'practitioner_id'];
  const practitioner = await visibleReference(trx, access, REFERENCES.practitioner_id, id, loc, ['full_name', 'role']);
  if (practitioner.role === 'patient' || !sharesTenant(REFERENCES.practitioner_id, practitioner, tenant)) throw missingReference(loc);
  return practitioner;
}

/**
 * A note that records a call (issue 22): the call (already resolved through the caller's reach) is a
 * finished call with the note's patient, and no other note records it. The unique index
 * monitoring_activities_voice_call_idx holds the same rule against two notes written at once.
 */
async function checkCallOfNote(trx: WriteContext['trx'], callId: number, patientId: number) {
  const call = await trx.selectFrom('voice_calls').select(['patient_id', 'status']).where('id', '=', callId).executeTakeFirstOrThrow();
  if (call.patient_id !== patientId) throw invalid(['body', 'voice_call_id'], CALL_NOTE_TEXTS.notThePatients);
  if (!isFinalStatus(String(call.status))) throw invalid(['body', 'voice_call_id'], CALL_NOTE_TEXTS.notFinished);
  const taken = await trx.selectFrom('monitoring_activities').select('id').where('voice_call_id', '=', callId).executeTakeFirst();
  if (taken) throw conflict(CALL_NOTE_TEXTS.taken);
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
