import { voiceCallSchema } from '../../../../schemas/entities/voiceCall';
import { defineResource } from '../defineResource';

/**
 * Voice calls with patients (spec 001 section 7, "Patient record": "GET voice-calls paged 10, sorted
 * by start_time descending, filter patient_id"), also under /patients/{patient_id}/voice-calls.
 * Read only: calls are recorded by the telephony flow. Reading one needs the list permission.
 */
export const voiceCalls = defineResource({
  name: 'voice-calls',
  table: 'voice_calls',
  schema: voiceCallSchema,
  permission: 'voice_calls',
  actions: ['list', 'read'],
  keys: { read: 'voice_calls.list' },
  tenantField: 'tenant_id',
  filterable: ['id', 'tenant_id', 'patient_id', 'direction', 'clinician_id', 'start_time'],
  sortable: ['id', 'start_time', 'duration'],
  search: ['clinician_name', 'notes', 'id'],
  defaultSort: { field: 'start_time', order: 'desc' },
  patientField: 'patient_id',
  nestedUnderPatient: true,
});
