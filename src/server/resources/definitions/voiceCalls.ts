import { sql } from 'kysely';
import { voiceCallSchema } from '../../../../schemas/entities/voiceCall';
import { defineResource } from '../defineResource';

/**
 * Voice calls (spec 000 sections 2.7 and 7 "Voice": "GET voice-calls (paged 10, sorted by call_time
 * descending; filters direction[in], start_time, search fields; filter caller_id for the current
 * user)"; 001 section 7: the record's Calls tab "sorted by start_time descending, filter patient_id"),
 * also under /patients/{patient_id}/voice-calls. Read only here: calls are written by the telephony
 * flow (services/telephony/callFlow.ts). Reading one needs the list permission. A test call has no
 * patient and, placed by internal staff, no provider: only internal staff see it.
 */
export const voiceCalls = defineResource({
  name: 'voice-calls',
  table: 'voice_calls',
  schema: voiceCallSchema,
  permission: 'voice_calls',
  actions: ['list', 'read'],
  keys: { read: 'voice_calls.list' },
  tenantField: 'tenant_id',
  filterable: ['id', 'tenant_id', 'patient_id', 'direction', 'status', 'caller_id', 'start_time', 'call_time', 'is_test', 'carrier_call_sid'],
  sortable: ['id', 'start_time', 'call_time', 'duration'],
  // Phones are searched as stored (E.164): the console normalises a typed US number (spec 000 section 5).
  search: ['caller_name', 'recipient_name', 'caller_phone_number', 'recipient_phone_number', 'notes', 'id'],
  defaultSort: { field: 'call_time', order: 'desc' },
  patientField: 'patient_id',
  nestedUnderPatient: true,
  computed: {
    // This API's own address of the recording (never the carrier's, never a public link).
    recording_url: sql`case when t.recording_file_id is not null then '/api/voice-calls/' || t.id || '/recording' end`,
    monitoring_activity_id: sql`(select m.id from monitoring_activities m where m.voice_call_id = t.id)`,
  },
});
