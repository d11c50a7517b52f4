import { observationAnnotationSchema } from '../../../../schemas/entities/observationAnnotation';
import { ANNOTATION_REASONS, type AnnotationType } from '../../../domain/clinical/recordValues';
import { conflict, invalid } from '../../errors';
import { defineResource, type Values, type WriteContext } from '../defineResource';
import { visibleReference, type ReferenceTarget } from '../references';

const REFERENCES = {
  patient_id: { table: 'patients', tenantColumn: 'tenant_id' },
  observation_id: { table: 'observations', tenantColumn: 'tenant_id' },
} as const satisfies Record<string, ReferenceTarget>;

/** Spec 001 section 4: "Only points with no annotations can be annotated." */
export const ALREADY_ANNOTATED = 'This reading already has an annotation';

/**
 * Flags and notes on readings (spec 001 section 7: POST and DELETE patients/{id}/observation-annotations).
 * Written with `patients.queue`, like everything of the clinical record, and audited for the patient
 * with their author. The chart (routes/clinicalRecord) reads them with the readings.
 */
export const observationAnnotations = defineResource({
  name: 'observation-annotations',
  table: 'observation_annotations',
  schema: observationAnnotationSchema,
  permission: 'patients',
  actions: ['list', 'read', 'create', 'delete'],
  keys: { list: 'patients.queue', read: 'patients.queue', create: 'patients.queue', delete: 'patients.queue' },
  tenantField: 'tenant_id',
  filterable: ['id', 'patient_id', 'tenant_id', 'observation_id', 'annotation_type', 'annotation_reason', 'author_id', 'created_at'],
  sortable: ['id', 'created_at'],
  search: ['note', 'id'],
  defaultSort: { field: 'created_at', order: 'desc' },
  patientField: 'patient_id',
  nestedUnderPatient: true,
  nestedWrites: true,
  references: REFERENCES,
  prepare: annotation,
});

/** The reading must be the patient's and bare; the reason must be one of the type's; a new value only flags a reading. */
async function annotation({ trx, identity, access, values }: WriteContext): Promise<Values> {
  const type = values.annotation_type as AnnotationType;
  if (!(ANNOTATION_REASONS[type] as readonly string[]).includes(values.annotation_reason as string)) {
    throw invalid(['body', 'annotation_reason'], `A ${type} takes one of these reasons: ${ANNOTATION_REASONS[type].join(', ')}`);
  }
  const hasNewValue = (values.new_value ?? null) !== null || (values.new_value2 ?? null) !== null;
  if (type === 'note' && hasNewValue) throw invalid(['body', 'new_value'], 'Only a flag may give a new value');
  if (typeof values.note === 'string' && values.note.trim() === '') throw invalid(['body', 'note'], 'Note is required');
  const patient = await visibleReference(trx, access, REFERENCES.patient_id, values.patient_id, ['body', 'patient_id']);
  const reading = await visibleReference(trx, access, REFERENCES.observation_id, values.observation_id, ['body', 'observation_id'], ['patient_id', 'name']);
  // A reading of another patient of the same provider is as unknown here as one of another provider.
  if (reading.patient_id !== values.patient_id) throw invalid(['body', 'observation_id'], 'The referenced record does not exist', 'foreign_key');
  if (hasNewValue && reading.name === 'blood_pressure' && ((values.new_value ?? null) === null || (values.new_value2 ?? null) === null)) {
    throw invalid(['body', 'new_value2'], 'A new blood pressure needs both systolic and diastolic');
  }
  if (hasNewValue && reading.name !== 'blood_pressure' && (values.new_value2 ?? null) !== null) {
    throw invalid(['body', 'new_value2'], 'Only a blood pressure takes a second value');
  }
  const taken = await trx
    .selectFrom('observation_annotations')
    .select('id')
    .where('observation_id', '=', values.observation_id as number)
    .executeTakeFirst();
  if (taken) throw conflict(ALREADY_ANNOTATED);
  // The annotation is the patient's provider's, whoever writes it (an internal user too).
  return { ...values, tenant_id: patient.tenant, note: (values.note as string).trim(), author_id: identity.id, author_name: identity.full_name };
}
