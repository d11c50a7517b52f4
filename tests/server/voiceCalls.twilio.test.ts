import { createServer, type IncomingMessage, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { decodeJwt, decodeProtectedHeader } from 'jose';
import { afterAll, beforeAll, describe, expect, test } from 'vitest';
import { RECORDING_UNAVAILABLE, UNSIGNED } from '../../src/server/routes/voiceCalls/voiceCallRoutes';
import { carrierSignature } from '../../src/server/services/telephony/telephony';
import type { TwilioSettings } from '../../src/server/services/telephony/telephony';
import { createTestApp, signIn, type TestApp } from './helpers/testApp';
import { clientFor, tenantIds, type Client } from './resources.helpers';

/**
 * The Twilio implementation (services/telephony/twilioTelephony.ts) and the carrier's webhooks, with a
 * local stub of Twilio's REST API that records what the server sends it. Webhooks are signed here as
 * Twilio signs them, with the configured auth token over the public URL.
 */
const PUBLIC_URL = 'https://console.example.test';
const AUTH_TOKEN = 'twilio-auth-token-used-only-by-these-tests';
const RECORDING = Buffer.from('ID3-fake-mp3-bytes-of-a-recorded-call');

let stub: Server;
let seen: { method: string; url: string; authorization: string | undefined }[] = [];
let settings: TwilioSettings;
let t: TestApp;
let clinician: Client;
let clinicianIdentity: string;
let ids: { northwind: number; patient: number; clinician: number };
const db = () => t.app.db;

beforeAll(async () => {
  stub = createServer((request: IncomingMessage, response) => {
    seen.push({ method: request.method ?? '', url: request.url ?? '', authorization: request.headers.authorization });
    if (request.method === 'GET' && /\/Recordings\/RE[0-9a-f]{32}\.mp3$/.test(request.url ?? '') && !request.url?.includes('REbad')) {
      response.writeHead(200, { 'content-type': 'audio/mpeg' }).end(RECORDING);
    } else if (request.method === 'DELETE') {
      response.writeHead(204).end();
    } else {
      response.writeHead(500).end('{"message":"stub failure"}');
    }
  });
  await new Promise<void>((resolve) => stub.listen(0, '127.0.0.1', resolve));
  settings = {
    accountSid: `AC${'1'.repeat(32)}`,
    authToken: AUTH_TOKEN,
    apiKey: `SK${'2'.repeat(32)}`,
    apiSecret: 'api-secret-used-only-by-these-tests',
    twimlAppSid: `AP${'3'.repeat(32)}`,
    callerNumber: '+15551230000',
    apiUrl: `http://127.0.0.1:${(stub.address() as AddressInfo).port}`,
  };
  t = await createTestApp({ twilio: settings, publicUrl: PUBLIC_URL });
  clinician = await clientFor(t.app, 'clinician@northwind.demo.example');
  const token = (await clinician.send('POST', '/api/voice-calls/token')).body as { token: string };
  clinicianIdentity = (decodeJwt(token.token) as { grants: { identity: string } }).grants.identity;
  const tenants = await tenantIds(t.app);
  ids = {
    northwind: tenants.northwind,
    patient: (
      await db()
        .selectFrom('patients')
        .select('id')
        .where('tenant_id', '=', tenants.northwind)
        .where('patient_status', '=', 'active')
        .orderBy('id')
        .executeTakeFirstOrThrow()
    ).id,
    clinician: (await db().selectFrom('users').select('id').where('email', '=', 'clinician@northwind.demo.example').executeTakeFirstOrThrow()).id,
  };
});
afterAll(async () => {
  await t?.close();
  await new Promise((resolve) => stub?.close(resolve));
});

/** A webhook as Twilio posts it: form-encoded, X-Twilio-Signature over the public URL and the parameters. */
const webhook = (
  app: TestApp,
  path: string,
  params: Record<string, string>,
  signature: string | null = carrierSignature(AUTH_TOKEN, `${PUBLIC_URL}${path}`, params),
) =>
  app.app.inject({
    method: 'POST',
    url: path,
    headers: { 'content-type': 'application/x-www-form-urlencoded', ...(signature === null ? {} : { 'x-twilio-signature': signature }) },
    payload: new URLSearchParams(params).toString(),
  });

const sidOf = (prefix: string, n: number) => `${prefix}${String(n).padStart(32, '0')}`;
const callOf = (sid: string) =>
  db().selectFrom('voice_calls').selectAll().where('carrier', '=', 'twilio').where('carrier_call_sid', '=', sid).executeTakeFirst();

describe('Twilio access tokens', () => {
  test('a Twilio access token signed with the API key, with a voice grant for the TwiML application and the user’s identity', async () => {
    const answer = await clinician.send('POST', '/api/voice-calls/token');
    expect(answer.body).toMatchObject({ phone_number: '+15551230000', carrier: 'twilio' });
    const { token } = answer.body as { token: string };
    expect(decodeProtectedHeader(token)).toMatchObject({ alg: 'HS256', cty: 'twilio-fpa;v=1' });
    const claims = decodeJwt(token) as Record<string, unknown> & { grants: { identity: string; voice: { outgoing: { application_sid: string } } } };
    expect(claims).toMatchObject({ iss: settings.apiKey, sub: settings.accountSid });
    expect(claims.grants.voice.outgoing.application_sid).toBe(settings.twimlAppSid);
    expect(claims.grants.identity).toBe(clinicianIdentity);
  });
});

describe('the voice webhook (TwiML)', () => {
  test('unsigned and forged requests are refused 403 and write nothing', async () => {
    const params = { CallSid: sidOf('CA', 1), From: `client:${clinicianIdentity}`, To: '+14155550134', patient_id: String(ids.patient) };
    expect(await webhook(t, '/api/telephony/voice', params, null)).toMatchObject({ statusCode: 403 });
    const forged = await webhook(t, '/api/telephony/voice', params, carrierSignature('another-token', `${PUBLIC_URL}/api/telephony/voice`, params));
    expect(forged.statusCode).toBe(403);
    expect(forged.json()).toEqual({ detail: UNSIGNED });
    // Signed for other parameters than those posted.
    const replayed = await webhook(
      t,
      '/api/telephony/voice',
      { ...params, To: '+19005550000' },
      carrierSignature(AUTH_TOKEN, `${PUBLIC_URL}/api/telephony/voice`, params),
    );
    expect(replayed.statusCode).toBe(403);
    expect(await callOf(params.CallSid)).toBeUndefined();
  });

  test('a signed call dials the number with the clinic’s caller id, records from the answer and names our callbacks; a retry writes no second call', async () => {
    const params = {
      CallSid: sidOf('CA', 2),
      From: `client:${clinicianIdentity}`,
      To: '+14155550134',
      patient_id: String(ids.patient),
      note_type: 'rpm_99457_99458',
    };
    const answer = await webhook(t, '/api/telephony/voice', params);
    expect(answer.statusCode).toBe(200);
    expect(answer.headers['content-type']).toMatch(/^text\/xml/);
    const xml = answer.body;
    expect(xml).toContain('<Dial ');
    expect(xml).toContain('callerId="+15551230000"');
    expect(xml).toContain('record="record-from-answer-dual"');
    expect(xml).toContain(`action="${PUBLIC_URL}/api/telephony/dial-action"`);
    expect(xml).toContain(`recordingStatusCallback="${PUBLIC_URL}/api/telephony/recording"`);
    expect(xml).toMatch(
      new RegExp(
        `<Number statusCallback="${PUBLIC_URL}/api/telephony/status" statusCallbackEvent="initiated ringing answered completed">\\+14155550134</Number>`,
      ),
    );
    expect(await callOf(params.CallSid)).toMatchObject({
      status: 'initiated',
      patient_id: ids.patient,
      caller_id: ids.clinician,
      recipient_phone_number: '+14155550134',
      carrier: 'twilio',
    });
    expect((await webhook(t, '/api/telephony/voice', params)).statusCode).toBe(200);
    expect(await db().selectFrom('voice_calls').select('id').where('carrier_call_sid', '=', params.CallSid).execute()).toHaveLength(1);
  });

  test('a call that may not be placed is hung up without dialling', async () => {
    const params = { CallSid: sidOf('CA', 3), From: 'client:someone-else', To: '+14155550134', patient_id: String(ids.patient) };
    const answer = await webhook(t, '/api/telephony/voice', params);
    expect(answer.statusCode).toBe(200);
    expect(answer.body).toContain('<Hangup/>');
    expect(answer.body).not.toContain('<Dial');
    expect(await callOf(params.CallSid)).toBeUndefined();
  });
});

describe('status, dial-action and recording callbacks', () => {
  const parent = sidOf('CA', 10);
  const child = sidOf('CA', 11);
  const status = (CallStatus: string, extra: Record<string, string> = {}) =>
    webhook(t, '/api/telephony/status', { CallSid: child, ParentCallSid: parent, CallStatus, AccountSid: settings.accountSid, ...extra });

  test('the call follows its statuses, never backwards, and the dial action says who hung up', async () => {
    await webhook(t, '/api/telephony/voice', { CallSid: parent, From: `client:${clinicianIdentity}`, To: '+14155550140', patient_id: String(ids.patient) });
    expect((await status('ringing')).statusCode).toBe(204);
    expect((await callOf(parent))?.status).toBe('ringing');
    const answeredAt = 'Mon, 07 Dec 2026 15:04:05 +0000';
    await status('in-progress', { Timestamp: answeredAt });
    expect(await callOf(parent)).toMatchObject({ status: 'in-progress', call_time: new Date(answeredAt) });
    await status('completed', { CallDuration: '95' });
    await status('ringing');
    expect(await callOf(parent)).toMatchObject({ status: 'completed', duration: 95, call_time: new Date(answeredAt) });
    expect((await status('completed', { CallDuration: '95' })).statusCode).toBe(204);
    // Unsigned: refused, and nothing changes.
    expect((await webhook(t, '/api/telephony/status', { CallSid: child, ParentCallSid: parent, CallStatus: 'failed' }, null)).statusCode).toBe(403);

    const end = await webhook(t, '/api/telephony/dial-action', {
      CallSid: parent,
      CallStatus: 'in-progress',
      DialCallStatus: 'completed',
      DialCallDuration: '95',
    });
    expect(end.statusCode).toBe(200);
    expect(end.body).toContain('<Hangup/>');
    expect(await callOf(parent)).toMatchObject({ status: 'completed', hangup_source: 'callee' });
  });

  test('the recording is fetched from Twilio with the account’s credentials, stored with us, then deleted at Twilio; a repeated callback fetches nothing', async () => {
    seen = [];
    const recordingSid = sidOf('RE', 20);
    const params = {
      CallSid: parent,
      RecordingSid: recordingSid,
      RecordingUrl: `https://api.twilio.com/2010-04-01/Accounts/${settings.accountSid}/Recordings/${recordingSid}`,
      RecordingStatus: 'completed',
      RecordingDuration: '93',
    };
    expect((await webhook(t, '/api/telephony/recording', params)).statusCode).toBe(204);
    const basic = `Basic ${Buffer.from(`${settings.accountSid}:${AUTH_TOKEN}`).toString('base64')}`;
    expect(seen).toEqual([
      { method: 'GET', url: `/2010-04-01/Accounts/${settings.accountSid}/Recordings/${recordingSid}.mp3`, authorization: basic },
      { method: 'DELETE', url: `/2010-04-01/Accounts/${settings.accountSid}/Recordings/${recordingSid}.json`, authorization: basic },
    ]);
    const call = await callOf(parent);
    expect(call).toMatchObject({ recording_sid: recordingSid, recording_duration: 93 });
    const { authorization } = await signIn(t.app, 'clinician@northwind.demo.example');
    const played = await t.app.inject({ method: 'GET', url: `/api/voice-calls/${call!.id}/recording`, headers: { authorization } });
    expect(played.statusCode).toBe(200);
    expect(played.headers['content-type']).toBe('audio/mpeg');
    expect(played.rawPayload.equals(RECORDING)).toBe(true);

    seen = [];
    expect((await webhook(t, '/api/telephony/recording', params)).statusCode).toBe(204);
    expect(seen).toEqual([]);
  });

  test('a recording Twilio will not give is 502 and changes nothing; a forged recording callback never reaches Twilio', async () => {
    const other = sidOf('CA', 30);
    await webhook(t, '/api/telephony/voice', { CallSid: other, From: `client:${clinicianIdentity}`, To: '+14155550141', patient_id: String(ids.patient) });
    seen = [];
    const bad = {
      CallSid: other,
      RecordingSid: 'REbad00000000000000000000000000000',
      RecordingStatus: 'completed',
      RecordingDuration: '5',
      RecordingUrl: 'https://evil.example/x',
    };
    const answer = await webhook(t, '/api/telephony/recording', bad);
    expect(answer.statusCode).toBe(502);
    expect(answer.json()).toEqual({ detail: RECORDING_UNAVAILABLE });
    // The address is Twilio's (built from the sid), never the callback's RecordingUrl.
    expect(seen.map((r) => r.url)).toEqual([`/2010-04-01/Accounts/${settings.accountSid}/Recordings/REbad00000000000000000000000000000.mp3`]);
    expect(await callOf(other)).toMatchObject({ recording_sid: null, recording_file_id: null });
    seen = [];
    expect((await webhook(t, '/api/telephony/recording', { ...bad, RecordingSid: sidOf('RE', 31) }, 'forged')).statusCode).toBe(403);
    expect(seen).toEqual([]);
  });
});

describe('in production (spec 001 sections 5 and 6)', () => {
  let production: TestApp;
  let prodClinician: Client;
  let prodAdmin: Client;
  const identityOf = async (client: Client) =>
    (decodeJwt(((await client.send('POST', '/api/voice-calls/token')).body as { token: string }).token) as { grants: { identity: string } }).grants.identity;
  beforeAll(async () => {
    production = await createTestApp({ twilio: settings, publicUrl: PUBLIC_URL, environment: 'production', isDemo: false });
    prodClinician = await clientFor(production.app, 'clinician@northwind.demo.example');
    prodAdmin = await clientFor(production.app, 'internal.admin@demo.example');
    await production.app.db
      .updateTable('users')
      .set({ home_phone_number: '+16085550999' })
      .where('id', '=', (await production.app.db.selectFrom('patients').select('user_id').where('id', '=', ids.patient).executeTakeFirstOrThrow()).user_id)
      .execute();
  });
  afterAll(async () => production?.close());

  const place = async (client: Client, n: number, extra: Record<string, string>) => {
    const CallSid = sidOf('CA', 100 + n);
    const answer = await webhook(production, '/api/telephony/voice', {
      CallSid,
      From: `client:${await identityOf(client)}`,
      patient_id: String(ids.patient),
      ...extra,
    });
    return { xml: answer.body, row: await production.app.db.selectFrom('voice_calls').selectAll().where('carrier_call_sid', '=', CallSid).executeTakeFirst() };
  };

  test('a clinician calls the patient’s primary number, and may neither override it nor choose the phone type', async () => {
    const patient = await production.app.db
      .selectFrom('patients as p')
      .innerJoin('users as u', 'u.id', 'p.user_id')
      .select(['u.mobile_phone_number', 'u.full_name'])
      .where('p.id', '=', ids.patient)
      .executeTakeFirstOrThrow();
    const primary = await place(prodClinician, 1, {});
    expect(primary.xml).toContain(`>${patient.mobile_phone_number}</Number>`);
    expect(primary.row).toMatchObject({ recipient_phone_number: patient.mobile_phone_number, recipient_name: patient.full_name });
    for (const [n, extra] of [
      [2, { To: '+14155550134' }],
      [3, { phone_type: 'home' }],
    ] as const) {
      const refused = await place(prodClinician, n, extra);
      expect(refused.xml).toContain('<Hangup/>');
      expect(refused.row).toBeUndefined();
    }
  });

  test('an internal admin overrides the number or chooses the phone type', async () => {
    expect((await place(prodAdmin, 4, { To: '+14155550134' })).row).toMatchObject({ recipient_phone_number: '+14155550134' });
    expect((await place(prodAdmin, 5, { phone_type: 'home' })).row).toMatchObject({ recipient_phone_number: '+16085550999' });
  });
});
