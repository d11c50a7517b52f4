import { foundationModelResponseSchema } from '../../../../schemas/entities/foundationModelResponse';
import { defineResource } from '../defineResource';

/**
 * A patient's AI summaries, read here (spec 001 section 7: GET foundation-model-responses filtered by
 * patient, newest first); written by POST foundation-model-responses/patient-summary
 * (routes/clinicalRecord), which only internal users may call (the ai-summaries tab is theirs). Reading
 * needs `patients.queue` like the rest of the clinical record: a summary is the patient's data, which
 * the provider's clinicians may read through the API too. Audited for the patient.
 */
export const foundationModelResponses = defineResource({
  name: 'foundation-model-responses',
  table: 'foundation_model_responses',
  schema: foundationModelResponseSchema,
  permission: 'patients',
  actions: ['list', 'read'],
  keys: { list: 'patients.queue', read: 'patients.queue' },
  tenantField: 'tenant_id',
  filterable: ['id', 'patient_id', 'tenant_id', 'start_date', 'end_date', 'method', 'created_at'],
  sortable: ['id', 'created_at', 'start_date'],
  search: ['content', 'id'],
  defaultSort: { field: 'created_at', order: 'desc' },
  patientField: 'patient_id',
  nestedUnderPatient: true,
});
