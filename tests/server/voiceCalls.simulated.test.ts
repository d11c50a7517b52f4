import { decodeJwt } from 'jose';
import { afterAll, beforeAll, describe, expect, test } from 'vitest';
import { CALL_NOTE_TEXTS } from '../../src/server/resources/definitions/monitoringActivities';
import { CALLS_OFF, MAY_NOT_CALL, NO_RECORDING } from '../../src/server/routes/voiceCalls/voiceCallRoutes';
import { createTestApp, signIn, type TestApp } from './helpers/testApp';
import { clientFor, tenantIds, type Client } from './resources.helpers';

/**
 * Voice calls on the simulated carrier (issue 22; services/telephony/README.md): the device's token,
 * a whole call placed, answered and ended through the carrier's device API (which drives the same
 * signed webhooks Twilio would), the recording, the lists with their filters, the note a call becomes,
 * and who sees what.
 */
type Row = Record<string, unknown>;

let t: TestApp;
let clinician: Client; // Northwind clinician: voice_calls.create
let staff: Client; // Northwind staff: no voice_calls permission
let lakesideAdmin: Client;
let internalAdmin: Client;
let ids: { northwind: number; lakeside: number; clinician: number; patient: number; lakesidePatient: number };
const db = () => t.app.db;

beforeAll(async () => {
  t = await createTestApp();
  clinician = await clientFor(t.app, 'clinician@northwind.demo.example');
  staff = await clientFor(t.app, 'staff@northwind.demo.example');
  lakesideAdmin = await clientFor(t.app, 'admin@lakeside.demo.example');
  internalAdmin = await clientFor(t.app, 'internal.admin@demo.example');
  const tenants = await tenantIds(t.app);
  const activePatient = async (tenant: number) =>
    (
      await db()
        .selectFrom('patients')
        .select('id')
        .where('tenant_id', '=', tenant)
        .where('patient_status', '=', 'active')
        .orderBy('id')
        .executeTakeFirstOrThrow()
    ).id;
  ids = {
    ...tenants,
    clinician: (await db().selectFrom('users').select('id').where('email', '=', 'clinician@northwind.demo.example').executeTakeFirstOrThrow()).id,
    patient: await activePatient(tenants.northwind),
    lakesidePatient: await activePatient(tenants.lakeside),
  };
});
afterAll(async () => t?.close());

/** The browser's simulated device: the carrier's device API with the token the console was given. */
async function device(client: Client) {
  const answer = await client.send('POST', '/api/voice-calls/token');
  expect(answer.status).toBe(200);
  const token = (answer.body as { token: string }).token;
  const call = (path: string, payload?: object, headers: Record<string, string> = {}) =>
    t.app.inject({
      method: 'POST',
      url: `/api/simulated-carrier/calls${path}`,
      headers: { authorization: `Bearer ${token}`, ...headers },
      ...(payload ? { payload } : {}),
    });
  return {
    place: async (params: Record<string, string>) => {
      const placed = await call('', { params });
      expect(placed.statusCode).toBe(201);
      return placed.json<{ sid: string; status: string; answer_after_ms: number }>();
    },
    answer: (sid: string) => call(`/${sid}/answer`),
    hangUp: (sid: string, by: 'caller' | 'callee', audio?: Buffer) =>
      t.app.inject({
        method: 'POST',
        url: `/api/simulated-carrier/calls/${sid}/hangup?by=${by}`,
        headers: { authorization: `Bearer ${token}`, ...(audio ? { 'content-type': 'audio/webm' } : {}) },
        ...(audio ? { payload: audio } : {}),
      }),
  };
}

const callOf = (sid: string) => db().selectFrom('voice_calls').selectAll().where('carrier_call_sid', '=', sid).executeTakeFirst();
const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

describe('POST voice-calls/token (spec 000 sections 3 and 7)', () => {
  test('a clinician gets a voice token for its own session, with its expiry and the caller id', async () => {
    const answer = await clinician.send('POST', '/api/voice-calls/token');
    expect(answer.status).toBe(200);
    const body = answer.body as { token: string; expires_at: string; phone_number: string; carrier: string };
    expect(body).toMatchObject({ phone_number: '+15005550006', carrier: 'simulated' });
    const expiresIn = new Date(body.expires_at).getTime() - Date.now();
    expect(expiresIn).toBeGreaterThan(59 * 60_000);
    expect(expiresIn).toBeLessThanOrEqual(3600_000);
    const claims = decodeJwt(body.token) as { grants: { identity: string; voice: unknown }; exp: number };
    expect(claims.grants.identity).toMatch(new RegExp(`^u${ids.clinician}_[0-9a-f]{32}$`));
    expect(claims.grants.voice).toBeTruthy();
  });

  test('400 for a user who may not call (the console stops asking), and while voice calls are turned off; 401 without a session', async () => {
    expect(await staff.send('POST', '/api/voice-calls/token')).toMatchObject({ status: 400, body: { detail: MAY_NOT_CALL } });
    await db().updateTable('feature_flags').set({ value: 'false' }).where('key', '=', 'voice_calls').execute();
    try {
      expect(await clinician.send('POST', '/api/voice-calls/token')).toMatchObject({ status: 400, body: { detail: CALLS_OFF } });
    } finally {
      await db().updateTable('feature_flags').set({ value: 'true' }).where('key', '=', 'voice_calls').execute();
    }
    expect((await t.app.inject({ method: 'POST', url: '/api/voice-calls/token' })).statusCode).toBe(401);
  });
});

describe('a call on the simulated carrier', () => {
  test('placed with an override number, answered, ended by the caller: the row follows each step, and the recording is ours', async () => {
    const phone = await device(clinician);
    const placed = await phone.place({ To: '+1 (415) 555-0134', patient_id: String(ids.patient), note_type: 'rpm_99457_99458' });
    expect(placed).toMatchObject({ status: 'ringing', answer_after_ms: 1500 });
    expect(await callOf(placed.sid)).toMatchObject({
      status: 'ringing',
      direction: 'outbound',
      patient_id: ids.patient,
      tenant_id: ids.northwind,
      caller_id: ids.clinician,
      caller_phone_number: '+15005550006',
      recipient_phone_number: '+14155550134',
      note_type: 'rpm_99457_99458',
      carrier: 'simulated',
      is_test: false,
      recording_file_id: null,
    });

    expect((await phone.answer(placed.sid)).json()).toEqual({ status: 'in-progress' });
    const answered = await callOf(placed.sid);
    expect(answered?.status).toBe('in-progress');
    await sleep(1100);
    const audio = Buffer.from('OggS-simulated-microphone-recording');
    const ended = await phone.hangUp(placed.sid, 'caller', audio);
    expect(ended.statusCode).toBe(200);
    expect(ended.json()).toMatchObject({ status: 'completed', duration: 1 });

    const row = await callOf(placed.sid);
    expect(row).toMatchObject({ status: 'completed', duration: 1, hangup_source: 'caller', recording_duration: 1 });
    expect(row?.recording_file_id).not.toBeNull();
    const read = await clinician.get(`/api/voice-calls/${row!.id}`);
    expect(read.status).toBe(200);
    expect(read.body).toMatchObject({
      id: row!.id,
      recording_url: `/api/voice-calls/${row!.id}/recording`,
      transcript: null,
      carrier: 'simulated',
      monitoring_activity_id: null,
    });
    const recording = await t.app.inject({
      method: 'GET',
      url: `/api/voice-calls/${row!.id}/recording`,
      headers: { authorization: (await signIn(t.app, 'clinician@northwind.demo.example')).authorization },
    });
    expect(recording.statusCode).toBe(200);
    expect(recording.headers['content-type']).toBe('audio/webm');
    expect(recording.headers['cache-control']).toBe('no-store');
    expect(recording.rawPayload.equals(audio)).toBe(true);
    // Audited: the call's creation and changes by the caller, and the recording's read.
    const trail = await db()
      .selectFrom('audit_logs')
      .select(['action', 'actor_id', 'patient_id'])
      .where('resource', '=', 'voice-calls')
      .where('record_id', '=', String(row!.id))
      .execute();
    expect(trail.filter((r) => r.action === 'create')).toHaveLength(1);
    expect(trail.filter((r) => r.action === 'update').length).toBeGreaterThanOrEqual(3);
    expect(trail.some((r) => r.action === 'read' && r.actor_id === ids.clinician && r.patient_id === ids.patient)).toBe(true);
  });

  test('ended by the callee, with no sound from the browser: the recording is a generated tone as long as the call', async () => {
    const phone = await device(clinician);
    const placed = await phone.place({ To: '+14155550135', patient_id: String(ids.patient), note_type: 'ccm_99490_99439' });
    await phone.answer(placed.sid);
    await sleep(1100);
    expect((await phone.hangUp(placed.sid, 'callee')).statusCode).toBe(200);
    const row = await callOf(placed.sid);
    expect(row).toMatchObject({ status: 'completed', hangup_source: 'callee' });
    const file = await db()
      .selectFrom('stored_files')
      .select(['content_type', 'size_bytes'])
      .where('id', '=', row!.recording_file_id!)
      .executeTakeFirstOrThrow();
    expect(file).toEqual({ content_type: 'audio/wav', size_bytes: 44 + 8000 * row!.duration });
  });

  test('ended while ringing: canceled by the caller, no duration and no recording', async () => {
    const phone = await device(clinician);
    const placed = await phone.place({ To: '+14155550136', patient_id: String(ids.patient) });
    expect((await phone.hangUp(placed.sid, 'caller')).json()).toEqual({ status: 'canceled', duration: 0 });
    expect(await callOf(placed.sid)).toMatchObject({ status: 'canceled', duration: 0, hangup_source: 'caller', recording_file_id: null });
  });

  test('a test call dials its number with no patient', async () => {
    const phone = await device(clinician);
    const placed = await phone.place({ To: '+442071838750', test: 'true' });
    expect(placed.status).toBe('ringing');
    expect(await callOf(placed.sid)).toMatchObject({
      patient_id: null,
      tenant_id: ids.northwind,
      is_test: true,
      recipient_name: null,
      recipient_phone_number: '+442071838750',
    });
    await phone.hangUp(placed.sid, 'caller');
  });

  test('refused calls: no number outside production, a malformed number, another provider’s patient; nothing is written', async () => {
    const phone = await device(clinician);
    const before = await db()
      .selectFrom('voice_calls')
      .select((eb) => eb.fn.countAll<number>().as('n'))
      .executeTakeFirstOrThrow();
    for (const params of [
      { patient_id: String(ids.patient) },
      { To: '4155550134', patient_id: String(ids.patient) },
      { To: '+14155550134', patient_id: String(ids.lakesidePatient) },
      { To: '+14155550134', patient_id: 'x' },
      { test: 'true' },
    ] as Record<string, string>[]) {
      expect(await phone.place(params)).toMatchObject({ status: 'failed' });
    }
    const after = await db()
      .selectFrom('voice_calls')
      .select((eb) => eb.fn.countAll<number>().as('n'))
      .executeTakeFirstOrThrow();
    expect(Number(after.n)).toBe(Number(before.n));
  });

  test('the device API refuses a token it did not issue and a call of another device', async () => {
    const forged = await t.app.inject({
      method: 'POST',
      url: '/api/simulated-carrier/calls',
      headers: { authorization: 'Bearer abc.def.ghi' },
      payload: { params: {} },
    });
    expect(forged.statusCode).toBe(401);
    const mine = await device(clinician);
    const placed = await mine.place({ To: '+14155550137', patient_id: String(ids.patient) });
    const theirs = await device(internalAdmin);
    expect((await theirs.answer(placed.sid)).statusCode).toBe(404);
    expect((await theirs.hangUp(placed.sid, 'caller')).statusCode).toBe(404);
    await mine.hangUp(placed.sid, 'caller');
  });

  test('a call placed with a token of a session that has ended is refused', async () => {
    const phone = await device(clinician);
    const userId = ids.clinician;
    const live = await db().selectFrom('sessions').select('id').where('user_id', '=', userId).where('revoked_at', 'is', null).execute();
    await db().updateTable('sessions').set({ revoked_at: new Date() }).where('user_id', '=', userId).execute();
    try {
      expect(await phone.place({ To: '+14155550138', patient_id: String(ids.patient) })).toMatchObject({ status: 'failed' });
    } finally {
      await db()
        .updateTable('sessions')
        .set({ revoked_at: null })
        .where(
          'id',
          'in',
          live.map((s) => s.id),
        )
        .execute();
    }
  });
});

describe('GET voice-calls: the lists (spec 000 sections 2.7 and 7; 001 section 7)', () => {
  test('sorted by call_time descending; filters by direction, caller, start_time and patient; searched by names and phones', async () => {
    const list = await clinician.get('/api/voice-calls', { sort: 'call_time', order: 'desc', limit: '10' });
    expect(list.status).toBe(200);
    const rows = list.body as Row[];
    expect(rows.length).toBe(10);
    const times = rows.map((r) => new Date(r.call_time as string).getTime());
    expect([...times].sort((a, b) => b - a)).toEqual(times);
    expect(rows.every((r) => r.tenant_id === ids.northwind)).toBe(true);

    const inbound = await clinician.get('/api/voice-calls', { filter: { 'direction[in]': ['inbound'] } });
    expect((inbound.body as Row[]).every((r) => r.direction === 'inbound')).toBe(true);
    const mine = await clinician.get('/api/voice-calls', { filter: { 'caller_id[eq]': ids.clinician } });
    const mineRows = mine.body as Row[];
    expect(mineRows.length).toBeGreaterThan(0);
    expect(mineRows.every((r) => r.caller_id === ids.clinician)).toBe(true);
    const byPhone = await clinician.get('/api/voice-calls', { filter: { q: { field: 'recipient_phone_number', value: '+14155550134' } } });
    expect((byPhone.body as Row[]).map((r) => r.recipient_phone_number)).toContain('+14155550134');
    const byName = await clinician.get('/api/voice-calls', { filter: { q: { field: 'recipient_name', value: String(rows[0]!.recipient_name).slice(0, 5) } } });
    expect((byName.body as Row[]).length).toBeGreaterThan(0);
    expect((byName.body as Row[]).every((r) => String(r.recipient_name).includes(String(rows[0]!.recipient_name).slice(0, 5)))).toBe(true);
    const canceled = await clinician.get('/api/voice-calls', { filter: { 'status[eq]': 'canceled' } });
    expect((canceled.body as Row[]).length).toBeGreaterThan(0);
    expect((canceled.body as Row[]).every((r) => r.status === 'canceled')).toBe(true);
    const tests = await clinician.get('/api/voice-calls', { filter: { 'is_test[eq]': true } });
    expect((tests.body as Row[]).map((r) => r.recipient_phone_number)).toContain('+442071838750');
    const day = (rows[0]!.start_time as string).slice(0, 10);
    const onDay = await clinician.get('/api/voice-calls', { filter: { 'start_time[gte]': `${day}T00:00:00Z`, 'start_time[lt]': `${day}T23:59:59.999Z` } });
    expect((onDay.body as Row[]).length).toBeGreaterThan(0);
    expect((onDay.body as Row[]).every((r) => (r.start_time as string).startsWith(day))).toBe(true);
    const patientCalls = await clinician.get(`/api/patients/${ids.patient}/voice-calls`);
    expect((patientCalls.body as Row[]).length).toBeGreaterThan(0);
    expect((patientCalls.body as Row[]).every((r) => r.patient_id === ids.patient)).toBe(true);
  });

  test('seeded calls carry a recording and a transcript', async () => {
    const seeded = await db()
      .selectFrom('voice_calls')
      .select(['id', 'transcript', 'recording_file_id'])
      .where('tenant_id', '=', ids.northwind)
      .where('carrier', '=', 'twilio')
      .orderBy('id')
      .executeTakeFirstOrThrow();
    expect(seeded.transcript).toMatch(/Clinician|Patient/);
    expect(seeded.recording_file_id).not.toBeNull();
  });

  test('another provider’s calls and recordings answer like none; staff hold no voice_calls.list', async () => {
    const call = await db()
      .selectFrom('voice_calls')
      .select('id')
      .where('tenant_id', '=', ids.northwind)
      .where('recording_file_id', 'is not', null)
      .orderBy('id')
      .executeTakeFirstOrThrow();
    expect((await lakesideAdmin.get(`/api/voice-calls/${call.id}`)).status).toBe(404);
    expect((await lakesideAdmin.get(`/api/voice-calls/${call.id}/recording`)).status).toBe(404);
    const list = await lakesideAdmin.get('/api/voice-calls', { limit: '100' });
    expect((list.body as Row[]).every((r) => r.tenant_id === ids.lakeside)).toBe(true);
    expect((await staff.get('/api/voice-calls')).status).toBe(403);
    expect((await staff.get(`/api/voice-calls/${call.id}/recording`)).status).toBe(403);
    const none = await db()
      .selectFrom('voice_calls')
      .select('id')
      .where('tenant_id', '=', ids.northwind)
      .where('recording_file_id', 'is', null)
      .executeTakeFirstOrThrow();
    expect(await clinician.get(`/api/voice-calls/${none.id}/recording`)).toMatchObject({ status: 404, body: { detail: NO_RECORDING } });
  });
});

describe('a call becomes a monitoring note (issue 22)', () => {
  test('the note names its call once; a second note of the call is 409, another patient’s call or an unfinished call 422', async () => {
    const phone = await device(clinician);
    const placed = await phone.place({ To: '+14155550139', patient_id: String(ids.patient), note_type: 'rpm_99457_99458' });
    await phone.answer(placed.sid);
    const ringing = await callOf(placed.sid);
    const note = (callId: number, patient = ids.patient) =>
      clinician.send('POST', '/api/monitoring-activities', {
        patient_id: patient,
        type: 'rpm_99457_99458',
        description: 'Phone call: reviewed readings',
        duration: 120,
        patient_contacted: true,
        voice_call_id: callId,
      });
    expect(await note(ringing!.id)).toMatchObject({ status: 422, body: { detail: [{ loc: ['body', 'voice_call_id'], msg: CALL_NOTE_TEXTS.notFinished }] } });
    await phone.hangUp(placed.sid, 'caller');
    const other = await db()
      .selectFrom('patients')
      .select('id')
      .where('tenant_id', '=', ids.northwind)
      .where('patient_status', '=', 'active')
      .where('id', '<>', ids.patient)
      .executeTakeFirstOrThrow();
    expect(await note(ringing!.id, other.id)).toMatchObject({ status: 422, body: { detail: [{ msg: CALL_NOTE_TEXTS.notThePatients }] } });
    const written = await note(ringing!.id);
    expect(written.status).toBe(201);
    expect(written.body).toMatchObject({ voice_call_id: ringing!.id, duration: 120, patient_contacted: true });
    expect(await note(ringing!.id)).toMatchObject({ status: 409, body: { detail: CALL_NOTE_TEXTS.taken } });
    expect((await clinician.get(`/api/voice-calls/${ringing!.id}`)).body).toMatchObject({ monitoring_activity_id: (written.body as Row).id });
    const noteId = (written.body as Row).id as number;
    expect(await clinician.send('PATCH', `/api/monitoring-activities/${noteId}`, { voice_call_id: null })).toMatchObject({
      status: 422,
      body: { detail: [{ msg: CALL_NOTE_TEXTS.fixed }] },
    });
    // Another provider's call answers like none.
    const lakesideCall = await db().selectFrom('voice_calls').select('id').where('tenant_id', '=', ids.lakeside).executeTakeFirstOrThrow();
    expect(await note(lakesideCall.id)).toMatchObject({ status: 422, body: { detail: [{ loc: ['body', 'voice_call_id'] }] } });
  });
});
