import type { FastifyInstance, FastifyRequest } from 'fastify';
import VoiceResponse from 'twilio/lib/twiml/VoiceResponse.js';
import { scopeOf } from '../../../domain/permissions';
import type { Role } from '../../../domain/roles';
import { CALL_PHONE_TYPES, internationalNumber, isFinalStatus, mayOverrideNumber, onlyOverrideNumbers, type HangupSource } from '../../../domain/voiceCalls';
import { sessionIdentity, type Identity } from '../../plugins/identity';
import { accessOf } from '../../resources/access';
import { audit } from '../../resources/audit';
import { tenantVisibleSql } from '../../resources/visibility';
import { voiceCalls } from '../../resources/definitions/voiceCalls';
import { saveFile } from '../storage/fileStorage';
import { parseVoiceIdentity } from './telephony';

/**
 * What the product does with a call, whichever carrier places it (README.md here): the TwiML answer
 * to the carrier's voice webhook, which decides whom the call dials and writes the call's row; the
 * status, dial-action and recording callbacks, which keep the row up to date and copy the recording
 * into our storage. Every handler here runs after the route has checked the carrier's signature.
 */
export const TELEPHONY_PATHS = {
  voice: '/api/telephony/voice',
  status: '/api/telephony/status',
  dialAction: '/api/telephony/dial-action',
  recording: '/api/telephony/recording',
} as const;

/** The public origin the carrier calls and signs over (PUBLIC_URL without a trailing slash). */
export const publicOrigin = (app: FastifyInstance) => app.config.publicUrl.replace(/\/+$/, '');

/** The webhook's posted parameters (application/x-www-form-urlencoded, every value a string). */
export type CarrierParams = Record<string, string>;

/** How long the callee's phone rings before the call is given up as not answered. */
const RING_TIMEOUT_SECONDS = 30;

/** Why a call was not placed: logged, and the carrier is told to hang up. */
export class CallRefused extends Error {}

/** The user a voice token was issued to, as the permission checks need them, if the user and the token's console session are still live. */
async function liveCaller(app: FastifyInstance, from: string | undefined): Promise<Identity> {
  const parsed = parseVoiceIdentity(from);
  if (!parsed) throw new CallRefused('the call does not come from a console user');
  const row = await sessionIdentity(app.db, parsed.sessionId, parsed.userId);
  if (!row || !row.is_active || row.revoked_at || row.expires_at.getTime() <= Date.now()) throw new CallRefused('the caller has no live session');
  return row.identity;
}

/** Whether voice calls are on (the feature flag voice_calls, spec 001 section 6). */
export async function voiceCallsEnabled(app: FastifyInstance): Promise<boolean> {
  const flag = await app.db.selectFrom('feature_flags').select('value').where('key', '=', 'voice_calls').executeTakeFirst();
  return flag?.value === 'true' || flag?.value === true;
}

interface Recipient {
  number: string;
  name: string | null;
  patientId: number | null;
  contactId: number | null;
  tenantId: number | null;
}

const PHONE_COLUMNS = { mobile: 'mobile_phone_number', home: 'home_phone_number', facility: 'facility_phone_number' } as const;

/**
 * Whom the call dials (spec 001 sections 5 and 6): a test call dials its number; a call with a patient
 * dials the override number when one is given (the three admin roles, or any role outside production),
 * else the patient's number of the chosen phone type (the same roles choose it), else the patient's
 * primary number. Outside production or in demo mode only an override number is dialled: such a
 * console never calls a patient's real phone. The patient (or contact) must be one the caller reaches.
 */
async function recipientOf(app: FastifyInstance, caller: Identity, params: CarrierParams): Promise<Recipient> {
  const { environment, isDemo } = app.config;
  const scope = scopeOf(caller.role, 'voice_calls.create');
  if (!scope) throw new CallRefused('the caller may not place calls');
  const override = params.To?.trim() ? internationalNumber(params.To) : null;
  if (params.To?.trim() && !override) throw new CallRefused('the number is not a valid international number');
  if (params.test === 'true') {
    if (!override) throw new CallRefused('a test call needs a number');
    return { number: override, name: null, patientId: null, contactId: null, tenantId: caller.tenant_id };
  }
  const patientId = Number(params.patient_id);
  if (!Number.isInteger(patientId) || patientId <= 0) throw new CallRefused('the call names no patient');
  const access = accessOf(caller, scope);
  const patient = await app.db
    .selectFrom('patients as p')
    .innerJoin('users as u', 'u.id', 'p.user_id')
    .select([
      'p.id',
      'p.tenant_id',
      'p.patient_status',
      'u.full_name',
      'u.primary_phone_number_type',
      'u.mobile_phone_number',
      'u.home_phone_number',
      'u.facility_phone_number',
      'u.phone_number',
    ])
    .where('p.id', '=', patientId)
    .where((eb) => tenantVisibleSql(eb, 'p.tenant_id', access))
    .executeTakeFirst();
  if (!patient) throw new CallRefused('the caller does not reach the patient');
  let contact: { id: number; full_name: string; cell_phone_number: string | null; home_phone_number: string | null } | undefined;
  if (params.contact_id) {
    contact = await app.db
      .selectFrom('contacts')
      .select(['id', 'full_name', 'cell_phone_number', 'home_phone_number'])
      .where('id', '=', Number(params.contact_id) || -1)
      .where('patient_id', '=', patient.id)
      .executeTakeFirst();
    if (!contact) throw new CallRefused('the contact is not the patient’s');
  }
  const base = { patientId: patient.id, tenantId: patient.tenant_id, contactId: contact?.id ?? null, name: contact?.full_name ?? patient.full_name };
  const maySteer = mayOverrideNumber(caller.role, environment);
  if (override) {
    if (!maySteer) throw new CallRefused('the caller may not dial another number');
    return { ...base, number: override };
  }
  if (onlyOverrideNumbers(environment, isDemo)) throw new CallRefused('outside production only an override number is dialled');
  const phoneType = params.phone_type ? (CALL_PHONE_TYPES as readonly string[]).find((type) => type === params.phone_type) : undefined;
  if (params.phone_type && (!phoneType || !maySteer)) throw new CallRefused('the caller may not choose the phone type');
  const typed = contact
    ? (contact.cell_phone_number ?? contact.home_phone_number)
    : (patient[PHONE_COLUMNS[(phoneType ?? patient.primary_phone_number_type ?? 'mobile') as keyof typeof PHONE_COLUMNS]] ?? patient.phone_number);
  const number = typed ? internationalNumber(typed) : null;
  if (!number) throw new CallRefused('the patient has no number of that type');
  return { ...base, number };
}

/** The TwiML that ends a call the carrier should not connect. */
export const hangUpTwiml = () => {
  const response = new VoiceResponse();
  response.hangup();
  return response.toString();
};

/**
 * The voice webhook (the TwiML application's Voice URL): the browser's device asked the carrier to
 * place a call with its parameters (To, patient_id, contact_id, phone_type, note_type, test). The
 * caller is the token's identity (From); the call is written (status initiated) and the TwiML dials the
 * recipient with the clinic's caller id, recording from the answer, with our callbacks.
 */
export async function answerVoiceWebhook(app: FastifyInstance, request: FastifyRequest, params: CarrierParams): Promise<string> {
  const callSid = params.CallSid;
  if (!callSid) throw new CallRefused('the webhook carries no CallSid');
  const caller = await liveCaller(app, params.From ?? params.Caller);
  if (!(await voiceCallsEnabled(app))) throw new CallRefused('voice calls are turned off');
  const recipient = await recipientOf(app, caller, params);
  const now = new Date();
  await app.db.transaction().execute(async (trx) => {
    const row = await trx
      .insertInto('voice_calls')
      .values({
        tenant_id: recipient.tenantId,
        patient_id: recipient.patientId,
        patient_contact_id: recipient.contactId,
        direction: 'outbound',
        status: 'initiated',
        caller_id: caller.id,
        caller_name: caller.full_name,
        caller_phone_number: app.telephony.callerNumber,
        recipient_phone_number: recipient.number,
        recipient_name: recipient.name,
        duration: 0,
        start_time: now,
        call_time: now,
        carrier: app.telephony.kind,
        carrier_call_sid: callSid,
        note_type: params.note_type?.slice(0, 64) || null,
        is_test: recipient.patientId === null,
      })
      .onConflict((oc) => oc.columns(['carrier', 'carrier_call_sid']).doNothing())
      .returningAll()
      .executeTakeFirst();
    // A retried webhook (the carrier asks again when our answer was slow) finds its call written.
    if (row) await audit(trx, { request, identity: caller, resource: voiceCalls, action: 'create', records: [row] });
  });
  const base = publicOrigin(app);
  const response = new VoiceResponse();
  const dial = response.dial({
    callerId: app.telephony.callerNumber,
    // The browser's call is accepted when the callee answers (not when the carrier picks up), so that
    // its states say Calling... while the phone rings and Connected once someone is there.
    answerOnBridge: true,
    timeout: RING_TIMEOUT_SECONDS,
    record: 'record-from-answer-dual',
    recordingStatusCallback: `${base}${TELEPHONY_PATHS.recording}`,
    recordingStatusCallbackEvent: ['completed'],
    action: `${base}${TELEPHONY_PATHS.dialAction}`,
  });
  dial.number({ statusCallback: `${base}${TELEPHONY_PATHS.status}`, statusCallbackEvent: ['initiated', 'ringing', 'answered', 'completed'] }, recipient.number);
  return response.toString();
}

/** Statuses in the order a call goes through them: an update never moves a call back (callbacks may arrive out of order). */
const STATUS_RANK: Record<string, number> = { queued: 0, initiated: 1, ringing: 2, 'in-progress': 3 };
const rankOf = (status: string) => (isFinalStatus(status) ? 4 : (STATUS_RANK[status] ?? -1));

async function callBySid(app: FastifyInstance, sid: string | undefined) {
  if (!sid) return undefined;
  return app.db.selectFrom('voice_calls').selectAll().where('carrier', '=', app.telephony.kind).where('carrier_call_sid', '=', sid).executeTakeFirst();
}

type CallRow = NonNullable<Awaited<ReturnType<typeof callBySid>>>;

/** The caller of a call, as its audit rows name them (the webhooks come from the carrier, on the caller's behalf). */
async function callerOfCall(app: FastifyInstance, call: CallRow): Promise<Identity> {
  const user = call.caller_id
    ? await app.db
        .selectFrom('users')
        .select(['id', 'email', 'full_name', 'role', 'tenant_id', 'is_internal'])
        .where('id', '=', call.caller_id)
        .executeTakeFirst()
    : undefined;
  return user
    ? { ...user, role: user.role as Role, tenant_ids: null, session_id: '' }
    : {
        id: 0,
        email: '',
        full_name: call.caller_name ?? 'Carrier',
        role: 'internal_admin',
        tenant_id: call.tenant_id,
        is_internal: true,
        tenant_ids: null,
        session_id: '',
      };
}

async function updateCall(app: FastifyInstance, request: FastifyRequest, call: CallRow, changes: Partial<Omit<CallRow, 'id'>>) {
  // Read before the transaction: the embedded database has one connection, which the transaction holds.
  const identity = await callerOfCall(app, call);
  await app.db.transaction().execute(async (trx) => {
    const row = await trx.updateTable('voice_calls').set(changes).where('id', '=', call.id).returningAll().executeTakeFirstOrThrow();
    await audit(trx, { request, identity, resource: voiceCalls, action: 'update', records: [row], before: call });
  });
}

const seconds = (value: string | undefined) => {
  const n = Number(value);
  return Number.isFinite(n) && n >= 0 ? Math.round(n) : undefined;
};

/**
 * The dialled leg's status callback (initiated, ringing, answered = in-progress, then a final status
 * with CallDuration). The row is found by the parent call (the browser's), whose sid the voice webhook
 * wrote. An unknown call is acknowledged and ignored (the carrier would only retry it).
 */
export async function recordStatus(app: FastifyInstance, request: FastifyRequest, params: CarrierParams): Promise<void> {
  const call = await callBySid(app, params.ParentCallSid ?? params.CallSid);
  const status = params.CallStatus ?? '';
  if (!call || rankOf(status) < 0 || rankOf(status) <= rankOf(call.status)) return;
  const at = params.Timestamp ? new Date(params.Timestamp) : new Date();
  const when = Number.isNaN(at.getTime()) ? new Date() : at;
  const changes: Partial<CallRow> = { status };
  if (status === 'in-progress') changes.call_time = when;
  if (isFinalStatus(status)) {
    changes.ended_at = when;
    changes.duration = status === 'completed' ? (seconds(params.CallDuration) ?? 0) : 0;
    if (status !== 'completed' && !call.hangup_source) changes.hangup_source = status === 'canceled' ? 'caller' : 'carrier';
  }
  await updateCall(app, request, call, changes);
}

/**
 * The Dial verb's action: the dialled leg has ended. Who hung up is read from the parent call's
 * status: still in progress means the callee ended the conversation; completed means the caller did.
 * A dial that never connected (busy, no-answer, failed) ended at the carrier; canceled, by the caller.
 */
export async function recordDialEnd(app: FastifyInstance, request: FastifyRequest, params: CarrierParams): Promise<void> {
  const call = await callBySid(app, params.CallSid);
  if (!call || call.hangup_source) return;
  const dialStatus = params.DialCallStatus ?? '';
  const source: HangupSource =
    dialStatus === 'completed' || dialStatus === 'answered'
      ? params.CallStatus === 'completed'
        ? 'caller'
        : 'callee'
      : dialStatus === 'canceled'
        ? 'caller'
        : 'carrier';
  const changes: Partial<CallRow> = { hangup_source: source };
  // The status callback may be late or lost: the dial's outcome completes the row.
  if (!isFinalStatus(call.status)) {
    const status = dialStatus === 'answered' ? 'completed' : isFinalStatus(dialStatus) ? dialStatus : 'completed';
    changes.status = status;
    changes.ended_at = new Date();
    changes.duration = status === 'completed' ? (seconds(params.DialCallDuration) ?? 0) : 0;
  }
  await updateCall(app, request, call, changes);
}

/**
 * The recording callback: the carrier has the call's recording. It is fetched, stored through the
 * file storage with the call's provider, linked to the call, then deleted at the carrier. A callback
 * for a recording already stored changes nothing (the carrier retries).
 */
export async function recordRecording(app: FastifyInstance, request: FastifyRequest, params: CarrierParams): Promise<void> {
  const call = await callBySid(app, params.CallSid);
  const recordingSid = params.RecordingSid;
  if (!call || !recordingSid || params.RecordingStatus !== 'completed' || call.recording_sid === recordingSid) return;
  const recording = await app.telephony.fetchRecording(params.RecordingUrl ?? '', recordingSid);
  const identity = await callerOfCall(app, call);
  await app.db.transaction().execute(async (trx) => {
    const fileId = await saveFile(trx, app.fileStorage, {
      tenantId: call.tenant_id,
      bytes: recording.bytes,
      contentType: recording.contentType,
      fileName: `call-${call.id}-recording`,
      createdBy: call.caller_id,
    });
    const row = await trx
      .updateTable('voice_calls')
      .set({ recording_file_id: fileId, recording_sid: recordingSid, recording_duration: seconds(params.RecordingDuration) ?? null })
      .where('id', '=', call.id)
      .returningAll()
      .executeTakeFirstOrThrow();
    await audit(trx, { request, identity, resource: voiceCalls, action: 'update', records: [row], before: call });
  });
  await app.telephony
    .deleteRecording(recordingSid)
    .catch((error: unknown) => request.log.warn({ err: error, recordingSid }, 'the carrier’s copy of a recording was not deleted'));
}
