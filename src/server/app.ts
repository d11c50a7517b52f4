import { randomUUID } from 'node:crypto';
import { existsSync } from 'node:fs';
import { resolve, sep } from 'node:path';
import cookie from '@fastify/cookie';
import formbody from '@fastify/formbody';
import fastifyStatic from '@fastify/static';
import swagger from '@fastify/swagger';
import swaggerUi from '@fastify/swagger-ui';
import type { JsonSchemaToTsProvider } from '@fastify/type-provider-json-schema-to-ts';
import Fastify, { type FastifyInstance, type FastifyReply, type FastifyServerOptions } from 'fastify';
import type { Kysely } from 'kysely';
import { loadSigningKey } from './auth/signingKey';
import { TokenService } from './auth/tokens';
import type { Config } from './config';
import type { Database } from './db/database';
import type { DB } from './db/schema';
import { serializeError } from './logErrors';
import { errorsPlugin } from './plugins/errors';
import { identityPlugin } from './plugins/identity';
import { requestBoundsPlugin } from './plugins/requestBounds';
import { securityHeadersPlugin } from './plugins/securityHeaders';
import { shutdownPlugin } from './plugins/shutdown';
import { auditDenied } from './resources/auditDenied';
import { resourceRoutes } from './resources/routes';
import { auditLogRoutes } from './routes/auditLogs/auditLogRoutes';
import { availabilityRoutes } from './routes/availability/availabilityRoutes';
import { simulatedCarrierRoutes, telephonyWebhookRoutes, voiceCallRoutes } from './routes/voiceCalls/voiceCallRoutes';
import { authRoutes } from './routes/auth';
import { careTeamRoutes } from './routes/careTeams/careTeamRoutes';
import { claimRoutes } from './routes/claims/claimRoutes';
import { clinicalActivityRoutes } from './routes/clinicalActivities/clinicalActivityRoutes';
import { deviceRoutes } from './routes/devices/deviceRoutes';
import { esignRoutes } from './routes/esign/esignRoutes';
import { healthRoutes } from './routes/health';
import { locationRoutes } from './routes/locations/locationRoutes';
import { metricsRoutes } from './routes/metrics/metricsRoutes';
import { supportTicketRoutes } from './routes/supportTickets/supportTicketRoutes';
import { attendanceRoutes } from './routes/attendance/attendanceRoutes';
import { userRoutes } from './routes/users/userRoutes';
import { patientGroupRoutes } from './routes/patientGroups/patientGroupRoutes';
import { medicalHistoryRoutes } from './routes/medicalHistory/medicalHistoryRoutes';
import { providerBillingRoutes } from './routes/providerBilling/providerBillingRoutes';
import { reportRoutes } from './routes/reports/reportRoutes';
import { terminologyRoutes } from './routes/medicalHistory/terminologyRoutes';
import { mobileInviteRoutes } from './routes/mobileInvite/mobileInviteRoutes';
import { patientDocumentRoutes } from './routes/patientDocuments/patientDocumentRoutes';
import { dataExportRoutes } from './routes/dataExports/dataExportRoutes';
import { patientExportRoutes } from './routes/patientExport/patientExportRoutes';
import { clinicalRecordRoutes } from './routes/clinicalRecord/clinicalRecordRoutes';
import { patientRecordRoutes } from './routes/patientRecord/patientRecordRoutes';
import { patientStatusRoutes } from './routes/patientStatus/patientStatusRoutes';
import { patientQueueRoutes } from './routes/patientQueues/patientQueueRoutes';
import { screenRoutes } from './routes/screens';
import { screenStudioRoutes } from './routes/screenStudio/screenStudioRoutes';
import { sessionRoutes } from './routes/session';
import { outboxRoutes } from './routes/testing/outboxRoutes';
import { testingRoutes } from './routes/testing/testingRoutes';
import { Mailer } from './services/mailer';
import { builtInSummariser } from './services/clinical/summaries/builtInSummariser';
import { modelSummariser } from './services/clinical/summaries/modelSummariser';
import type { Summariser } from './services/clinical/summaries/summariser';
import type { BillingVendor } from './services/billingVendor/billingVendor';
import { builtInVendor } from './services/billingVendor/builtInVendor';
import { stripeVendor } from './services/billingVendor/stripeVendor';
import { fileStorageFor } from './services/storage';
import type { FileStorage } from './services/storage/fileStorage';
import { linkKey } from './services/storage/signedLinks';
import { terminologyFor } from './services/terminology';
import { simulatedCarrier } from './services/telephony/simulatedCarrier';
import type { Telephony } from './services/telephony/telephony';
import { twilioTelephony } from './services/telephony/twilioTelephony';
import { geolocationFor, type Geolocation } from './services/geolocation/geolocation';
import type { Terminology } from './services/terminology/terminology';
import { routeSchemaCompiler } from './validation';
import { APP_VERSION } from './version';

declare module 'fastify' {
  interface FastifyInstance {
    config: Config;
    db: Kysely<DB>;
    database: Database;
    tokens: TokenService;
    mailer: Mailer;
    summariser: Summariser;
    terminology: Terminology;
    geolocation: Geolocation;
    fileStorage: FileStorage;
    billingVendor: BillingVendor;
    /** Who places voice calls: Twilio, or the simulated carrier (services/telephony/README.md). */
    telephony: Telephony;
    /** The key of the files' signed links (services/storage/signedLinks.ts). */
    fileLinkKey: Buffer;
  }
}

/**
 * Logs carry a request id and never a body, a query string, a token, a cookie or patient data; an
 * error is logged without what the request sent (logErrors.ts).
 */
function loggerOptions(config: Config, stream?: NodeJS.WritableStream): FastifyServerOptions['logger'] {
  return {
    level: config.logLevel,
    ...(stream ? { stream } : {}),
    redact: { paths: ['req.headers.authorization', 'req.headers.cookie', 'res.headers["set-cookie"]'], remove: true },
    serializers: {
      req: (req: { method: string; url: string; id: string }) => ({
        method: req.method,
        path: req.url.split('?')[0],
        id: req.id,
      }),
      err: serializeError,
    },
  };
}

/** Twilio when configured, else the simulated carrier, which calls this server's webhooks back (services/telephony/README.md). */
function telephonyFor(app: FastifyInstance, config: Config, signingKey: Uint8Array): Telephony {
  if (config.twilio) return twilioTelephony(config.twilio);
  const carrier = simulatedCarrier(signingKey, config.simulatedCallerNumber);
  carrier.connect(app);
  return carrier;
}

/** Builds the whole server (API, docs, console files) on a ready database. Tests call this with `app.inject()`. */
export async function buildApp(config: Config, database: Database, options: { logStream?: NodeJS.WritableStream } = {}): Promise<FastifyInstance> {
  const app = Fastify({
    logger: loggerOptions(config, options.logStream),
    requestIdHeader: 'x-request-id',
    genReqId: () => randomUUID(),
    // X-Forwarded-* only from the configured proxies: anyone else's would pick the address that
    // the sign-in limits count and the logs keep (request.ip).
    trustProxy: config.trustedProxies.length > 0 ? config.trustedProxies : false,
    // Our shutdown plugin answers requests that arrive while closing, in the spec's error shape;
    // Fastify's own 503 would carry its default { error, message, statusCode } body.
    return503OnClosing: false,
    // Fastify's default, said once: no route takes files, and the largest JSON bodies (bulk device
    // creation, group members) are capped by their schemas far below it. A larger body is a 413.
    bodyLimit: 1024 * 1024,
    // A path that is not valid percent-encoding (400) or a path parameter over 100 characters (414)
    // is refused by Fastify before any hook runs; without this it would answer in its own
    // { error, code, message } shape and without our headers.
    frameworkErrors: (error, request, frameworkReply) => {
      const status = error.statusCode ?? 400;
      const reply = frameworkReply as FastifyReply;
      void reply
        .code(status)
        .headers({ 'x-request-id': request.id, 'x-content-type-options': 'nosniff', 'content-security-policy': "default-src 'none'; frame-ancestors 'none'" })
        .send({ detail: status === 414 ? 'A path parameter is too long' : 'The address is not valid' });
    },
  }).withTypeProvider<JsonSchemaToTsProvider>();
  app.setValidatorCompiler(routeSchemaCompiler());

  const signingKey = await loadSigningKey(database.db);
  app.decorate('config', config);
  app.decorate('database', database);
  app.decorate('db', database.db);
  app.decorate(
    'tokens',
    new TokenService(signingKey, {
      issuer: config.tokenIssuer,
      audience: config.tokenAudience,
      lifetimes: { access: config.accessTokenTtl, mfa: config.mfaTokenTtl },
    }),
  );
  app.decorate('mailer', new Mailer(database.db, config));
  app.decorate('summariser', config.summaryModel ? modelSummariser({ ...config.summaryModel, timeoutMs: 30_000 }) : builtInSummariser);
  app.decorate('terminology', terminologyFor(config.terminology));
  app.decorate('geolocation', geolocationFor(config.geolocation));
  app.decorate('fileStorage', fileStorageFor(config));
  app.decorate('billingVendor', config.stripe ? stripeVendor(config.stripe) : builtInVendor(database.db));
  app.decorate('fileLinkKey', linkKey(signingKey));
  app.decorate('telephony', telephonyFor(app, config, signingKey));
  app.addHook('onSend', async (request, reply) => {
    reply.header('x-request-id', request.id);
  });
  app.addHook('onError', auditDenied);

  await app.register(errorsPlugin);
  await app.register(shutdownPlugin);
  await app.register(requestBoundsPlugin);
  await app.register(securityHeadersPlugin);
  await app.register(swagger, {
    openapi: {
      info: { title: 'Care console API', version: APP_VERSION },
      components: { securitySchemes: { bearer: { type: 'http', scheme: 'bearer', bearerFormat: 'JWT' } } },
      security: [{ bearer: [] }],
    },
  });
  await app.register(swaggerUi, { routePrefix: '/api/docs' });
  await app.register(formbody);
  await app.register(cookie);
  await app.register(identityPlugin);

  await app.register(
    async (api) => {
      await api.register(healthRoutes);
      await api.register(authRoutes);
      await api.register(sessionRoutes);
      await api.register(auditLogRoutes);
      await api.register(resourceRoutes);
      await api.register(patientGroupRoutes);
      await api.register(careTeamRoutes);
      await api.register(patientQueueRoutes);
      await api.register(deviceRoutes);
      await api.register(locationRoutes);
      await api.register(metricsRoutes);
      await api.register(userRoutes);
      await api.register(supportTicketRoutes);
      await api.register(attendanceRoutes);
      await api.register(claimRoutes);
      await api.register(testingRoutes);
      await api.register(outboxRoutes);
      await api.register(patientStatusRoutes);
      await api.register(patientRecordRoutes);
      await api.register(clinicalRecordRoutes);
      await api.register(medicalHistoryRoutes);
      await api.register(terminologyRoutes);
      await api.register(mobileInviteRoutes);
      await api.register(patientDocumentRoutes);
      await api.register(dataExportRoutes);
      await api.register(esignRoutes);
      await api.register(patientExportRoutes);
      await api.register(providerBillingRoutes);
      await api.register(reportRoutes);
      await api.register(screenRoutes);
      await api.register(screenStudioRoutes);
      await api.register(availabilityRoutes);
      await api.register(voiceCallRoutes);
      await api.register(clinicalActivityRoutes);
      await api.register(telephonyWebhookRoutes);
      if (app.telephony.kind === 'simulated') await api.register(simulatedCarrierRoutes);
    },
    { prefix: '/api' },
  );

  const consoleDir = config.consoleDir && existsSync(config.consoleDir) ? config.consoleDir : undefined;
  if (consoleDir) {
    await app.register(fastifyStatic, {
      root: consoleDir,
      wildcard: false,
      // The build names every file under assets/ by its content's hash: a browser keeps them for a year
      // and never asks again (each load used to revalidate every chunk, a round trip apiece). index.html
      // and signature.json name the current build: always revalidated.
      cacheControl: false,
      setHeaders: (reply, path) => {
        const hashed = path.startsWith(resolve(consoleDir, 'assets') + sep);
        reply.header('cache-control', hashed ? 'public, max-age=31536000, immutable' : 'no-cache');
      },
    });
  }
  app.setNotFoundHandler((request, reply) => {
    // Console routes (/patients, /devices/12/show ...) are the single-page app; /api never falls through to it.
    if (consoleDir && request.method === 'GET' && !request.url.startsWith('/api')) return reply.sendFile('index.html');
    return reply.code(404).send({ detail: 'Not found' });
  });
  return app;
}
