import type { FromSchema } from 'json-schema-to-ts';
import { VOICE_CALL_DIRECTIONS, VOICE_CALL_HANGUP_SOURCES, VOICE_CALL_STATUSES } from '../../src/domain/voiceCalls';

/**
 * A phone call placed from the console (spec 000 section 3 "Voice call", 002 section 3; the record's
 * Calls tab, 001 section 3). Calls are written by the telephony flow (services/telephony), never
 * typed in: every field is the server's. Times are UTC: `start_time` when the call was placed,
 * `call_time` when it was answered (the placing time for a call never answered), `duration` the
 * seconds from the answer to the end. `recording_url` is this API's own address of the recording
 * (GET voice-calls/{id}/recording, for callers allowed to see the call), null without one.
 */
export const voiceCallSchema = {
  title: 'Voice call',
  type: 'object',
  properties: {
    id: { type: 'integer', readOnly: true },
    tenant_id: { type: ['integer', 'null'], readOnly: true },
    patient_id: { type: ['integer', 'null'], readOnly: true },
    patient_contact_id: { type: ['integer', 'null'], readOnly: true },
    direction: { type: 'string', enum: VOICE_CALL_DIRECTIONS, readOnly: true },
    status: { type: 'string', enum: VOICE_CALL_STATUSES, readOnly: true },
    caller_id: { type: ['integer', 'null'], readOnly: true },
    /** As it was at the time of the call. */
    caller_name: { type: ['string', 'null'], readOnly: true },
    caller_phone_number: { type: ['string', 'null'], readOnly: true },
    recipient_name: { type: ['string', 'null'], readOnly: true },
    recipient_phone_number: { type: ['string', 'null'], readOnly: true },
    /** Seconds. */
    duration: { type: 'integer', minimum: 0, readOnly: true },
    start_time: { type: 'string', format: 'date-time', readOnly: true },
    call_time: { type: 'string', format: 'date-time', readOnly: true },
    ended_at: { type: ['string', 'null'], format: 'date-time', readOnly: true },
    hangup_source: { type: ['string', 'null'], enum: [...VOICE_CALL_HANGUP_SOURCES, null], readOnly: true },
    /** The monitoring type chosen in the Call dialog (the note the call becomes). */
    note_type: { type: ['string', 'null'], readOnly: true },
    is_test: { type: 'boolean', readOnly: true },
    /** 'twilio' or 'simulated' (the built-in carrier, which says so in the console). */
    carrier: { type: 'string', readOnly: true },
    /** The call's id at the carrier (Twilio's parent CallSid): how the console finds the call its device placed. */
    carrier_call_sid: { type: ['string', 'null'], readOnly: true },
    recording_url: { type: ['string', 'null'], readOnly: true },
    /** Seconds of the recording, as the carrier reported it. */
    recording_duration: { type: ['integer', 'null'], readOnly: true },
    transcript: { type: ['string', 'null'], readOnly: true },
    notes: { type: ['string', 'null'], readOnly: true },
    /** The monitoring note the call became, if any. */
    monitoring_activity_id: { type: ['integer', 'null'], readOnly: true },
  },
  required: ['id', 'direction', 'status', 'duration', 'start_time', 'call_time'],
  additionalProperties: false,
} as const;

/** @public The record type of the entity (resources README, "Adding a resource"). */
export type VoiceCall = FromSchema<typeof voiceCallSchema>;
