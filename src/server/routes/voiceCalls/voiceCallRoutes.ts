import type { FastifyPluginAsyncJsonSchemaToTs } from '@fastify/type-provider-json-schema-to-ts';
import type { FastifyReply, FastifyRequest } from 'fastify';
import { idParams } from '../../../../schemas/payloads/common';
import {
  carrierWebhookBody,
  simulatedCallAnswer,
  simulatedCallBody,
  simulatedCallParams,
  simulatedCallState,
  simulatedHangupQuery,
  voiceTokenResponse,
} from '../../../../schemas/payloads/voiceCalls';
import { scopeOf } from '../../../domain/permissions';
import { VOICE_TOKEN_TTL_SECONDS } from '../../../domain/voiceCalls';
import { HttpError, notFound, unauthorized } from '../../errors';
import { identityOf } from '../../plugins/identity';
import { audit } from '../../resources/audit';
import { callerFor } from '../../resources/caller';
import { voiceCalls } from '../../resources/definitions/voiceCalls';
import { parsePathIds } from '../../resources/ids';
import { visibleSql } from '../../resources/visibility';
import { loadFile } from '../../services/storage/fileStorage';
import {
  answerVoiceWebhook,
  CallRefused,
  hangUpTwiml,
  publicOrigin,
  recordDialEnd,
  recordRecording,
  recordStatus,
  voiceCallsEnabled,
  type CarrierParams,
} from '../../services/telephony/callFlow';
import { CarrierError, type SimulatedCarrier } from '../../services/telephony/simulatedCarrier';
import { voiceIdentity } from '../../services/telephony/telephony';

/** 400 (spec 000 section 7: "Status 400 means no retry"): the console stops asking for a token. */
export const MAY_NOT_CALL = 'You may not place calls';
export const CALLS_OFF = 'Voice calls are turned off';
/** 403 to a webhook that the carrier did not sign. */
export const UNSIGNED = 'The request is not signed by the carrier';
/** 502: the carrier announced a recording it would not give. */
export const RECORDING_UNAVAILABLE = 'The recording could not be fetched from the carrier';
export const NO_RECORDING = 'This call has no recording';

/** The largest recording the simulated device may send (a browser's Opus recording is about 1 MB for 10 minutes). */
const SIMULATED_RECORDING_MAX_BYTES = 25 * 1024 * 1024;

/**
 * The console's voice calls (README.md here): the device's token and a call's recording. The lists and
 * one call are the engine's (resources/definitions/voiceCalls.ts).
 */
export const voiceCallRoutes: FastifyPluginAsyncJsonSchemaToTs = async (app) => {
  app.addHook('onRequest', app.authenticate);
  app.addHook('preValidation', parsePathIds);

  app.post('/voice-calls/token', { schema: { tags: ['voice-calls'], response: { 200: voiceTokenResponse } } }, async (request) => {
    const identity = identityOf(request);
    if (!scopeOf(identity.role, 'voice_calls.create')) throw new HttpError(400, MAY_NOT_CALL);
    if (!(await voiceCallsEnabled(app))) throw new HttpError(400, CALLS_OFF);
    const { token, expiresAt } = app.telephony.issueToken(voiceIdentity(identity.id, identity.session_id), VOICE_TOKEN_TTL_SECONDS);
    return { token, expires_at: expiresAt.toISOString(), phone_number: app.telephony.callerNumber, carrier: app.telephony.kind };
  });

  app.get('/voice-calls/:id/recording', { schema: { tags: ['voice-calls'], params: idParams } }, async (request, reply) => {
    const caller = callerFor(request, voiceCalls, 'read');
    const call = await app.db
      .selectFrom('voice_calls as t')
      .select(['t.id', 't.tenant_id', 't.patient_id', 't.recording_file_id'])
      .where('t.id', '=', request.params.id)
      .where((eb) => visibleSql(eb, voiceCalls, caller.access))
      .executeTakeFirst();
    if (!call) throw notFound();
    if (call.recording_file_id === null) throw notFound(NO_RECORDING);
    const file = await loadFile(app.db, app.fileStorage, Number(call.recording_file_id));
    if (!file) throw notFound(NO_RECORDING);
    await audit(app.db, { request, identity: caller.identity, resource: voiceCalls, action: 'read', records: [call] });
    return reply
      .header('content-type', file.contentType)
      .header('content-length', file.bytes.length)
      .header('cache-control', 'no-store')
      .header('content-disposition', `inline; filename="call-${call.id}-recording"`)
      .send(file.bytes);
  });
};

/** Checks the carrier's signature over the public URL of the request; a forged or unsigned webhook is refused and logged. */
function checkSignature(request: FastifyRequest, params: CarrierParams) {
  const app = request.server;
  const url = `${publicOrigin(app)}${request.url}`;
  const signature = request.headers['x-twilio-signature'];
  if (!app.telephony.verifySignature(url, params, typeof signature === 'string' ? signature : undefined)) {
    request.log.warn({ path: request.url.split('?')[0], signed: typeof signature === 'string' }, 'telephony webhook refused: not signed by the carrier');
    throw new HttpError(403, UNSIGNED);
  }
}

const twiml = (reply: FastifyReply, body: string) => reply.header('content-type', 'text/xml; charset=utf-8').send(body);

/**
 * The carrier's webhooks (services/telephony/README.md): public addresses, each request checked
 * against the carrier's signature before anything is read.
 */
export const telephonyWebhookRoutes: FastifyPluginAsyncJsonSchemaToTs = async (app) => {
  const schema = { tags: ['telephony'], body: carrierWebhookBody, hide: true } as const;

  app.post('/telephony/voice', { schema }, async (request, reply) => {
    const params = request.body;
    checkSignature(request, params);
    try {
      return twiml(reply, await answerVoiceWebhook(app, request, params));
    } catch (error) {
      if (!(error instanceof CallRefused)) throw error;
      request.log.warn({ reason: error.message }, 'voice call refused');
      return twiml(reply, hangUpTwiml());
    }
  });

  app.post('/telephony/status', { schema }, async (request, reply) => {
    const params = request.body;
    checkSignature(request, params);
    await recordStatus(app, request, params);
    return reply.code(204).send();
  });

  app.post('/telephony/dial-action', { schema }, async (request, reply) => {
    const params = request.body;
    checkSignature(request, params);
    await recordDialEnd(app, request, params);
    return twiml(reply, hangUpTwiml());
  });

  app.post('/telephony/recording', { schema }, async (request, reply) => {
    const params = request.body;
    checkSignature(request, params);
    try {
      await recordRecording(app, request, params);
    } catch (error) {
      request.log.error({ err: error }, 'a call recording was not stored');
      throw new HttpError(502, RECORDING_UNAVAILABLE);
    }
    return reply.code(204).send();
  });
};

/**
 * The simulated carrier's device API (services/telephony/simulatedCarrier.ts), registered only when
 * the simulated carrier places the calls: the browser's simulated device places, answers and ends
 * calls with the access token the console gave it, as Twilio's device does over its own connection.
 */
export const simulatedCarrierRoutes: FastifyPluginAsyncJsonSchemaToTs = async (app) => {
  const carrier = app.telephony as SimulatedCarrier;
  app.addContentTypeParser(/^audio\//, { parseAs: 'buffer', bodyLimit: SIMULATED_RECORDING_MAX_BYTES }, (_request, body, done) => done(null, body));
  app.setErrorHandler((error, _request, reply) => {
    if (error instanceof CarrierError) return reply.code(error.statusCode).send({ detail: error.message });
    throw error;
  });

  const deviceOf = async (request: FastifyRequest) => {
    const token = /^Bearer\s+(\S+)$/i.exec(request.headers.authorization ?? '')?.[1];
    const identity = token ? await carrier.deviceIdentity(token) : null;
    if (!identity) throw unauthorized('The device token is not valid');
    return identity;
  };

  app.post(
    '/simulated-carrier/calls',
    { schema: { tags: ['telephony'], hide: true, body: simulatedCallBody, response: { 201: simulatedCallAnswer } } },
    async (request, reply) => {
      const identity = await deviceOf(request);
      const placed = await carrier.placeCall(identity, request.body.params);
      return reply.code(201).send({ sid: placed.sid, status: placed.status, answer_after_ms: placed.answerAfterMs });
    },
  );

  app.post(
    '/simulated-carrier/calls/:sid/answer',
    { schema: { tags: ['telephony'], hide: true, params: simulatedCallParams, response: { 200: simulatedCallState } } },
    async (request) => carrier.answer(await deviceOf(request), request.params.sid),
  );

  app.post(
    '/simulated-carrier/calls/:sid/hangup',
    { schema: { tags: ['telephony'], hide: true, params: simulatedCallParams, querystring: simulatedHangupQuery, response: { 200: simulatedCallState } } },
    async (request) => {
      const identity = await deviceOf(request);
      const body = request.body;
      const recording = Buffer.isBuffer(body)
        ? { bytes: body, contentType: (request.headers['content-type'] ?? 'audio/webm').split(';')[0]!.trim() }
        : undefined;
      return carrier.hangUp(identity, request.params.sid, request.query.by ?? 'caller', recording);
    },
  );
};
