import type { GeolocationSettings } from './services/geolocation/geolocation';
import type { S3Settings } from './services/storage/fileStorage';
import type { TerminologySettings } from './services/terminology';
import { twilioSettings, type TwilioSettings } from './services/telephony/telephony';
import { AUTH_RATE_LIMIT } from './plugins/rateLimit';
import { DEFAULT_PREPARED_STATEMENTS } from './db/preparedStatements';
import { resolve } from 'node:path';

/** Everything the server reads from its environment, read once. */
export interface Config {
  port: number;
  host: string;
  /** postgres:// URL; absent means the embedded PGlite. */
  databaseUrl: string | undefined;
  /** Where PGlite keeps its files; `undefined` means in memory (tests). */
  dataDir: string | undefined;
  /** Demo mode: seeded demo data, demo accounts printed, mail kept in the outbox, MFA not enforced. */
  isDemo: boolean;
  environment: 'production' | 'demo' | 'development' | 'test';
  /** Access-token lifetime in seconds. */
  accessTokenTtl: number;
  /** Session (refresh-token family) lifetime in seconds. */
  sessionTtl: number;
  /** How long a live session's lookup is trusted, in ms (auth/sessionCache.ts; SESSION_CACHE_MS, 0 for never). */
  sessionCacheMs: number;
  /** MFA challenge token lifetime in seconds. */
  mfaTokenTtl: number;
  /** The `iss` every token is signed with and must carry (JWT_ISSUER). */
  tokenIssuer: string;
  /** The `aud` every token is signed for and must carry (JWT_AUDIENCE). */
  tokenAudience: string;
  /** Public origin of the console, used in e-mail links and as the WebAuthn origin. */
  publicUrl: string;
  /** SMTP URL for nodemailer; absent means mail stays in the outbox table. */
  smtpUrl: string | undefined;
  mailFrom: string;
  /** Built console files to serve; absent when the console is not built (tests). */
  consoleDir: string | undefined;
  logLevel: string;
  /**
   * The peers (IP addresses, CIDR ranges, or proxy-addr's names `loopback`, `linklocal`,
   * `uniquelocal`) whose X-Forwarded-For, -Proto and -Host are believed (TRUSTED_PROXIES, comma
   * separated). Empty, the default: none is, and a client's address is the one it connected from.
   */
  trustedProxies: string[];
  /**
   * The AI summaries' model (services/clinical/summaries/README.md): an OpenAI-compatible chat
   * completions URL (SUMMARY_LLM_URL), model (SUMMARY_LLM_MODEL) and key (SUMMARY_LLM_API_KEY).
   * Without a URL the built-in summariser writes the summaries, with no network.
   */
  summaryModel: { url: string; model: string; apiKey: string | undefined } | undefined;
  /**
   * The medical history's code sets (services/terminology/README.md): RxNav for RxNorm (RXNAV_URL) and
   * Snowstorm for SNOMED CT (SNOWSTORM_URL, SNOWSTORM_BRANCH). Each one not set is answered from the
   * bundled catalogue, with no network.
   */
  terminology: TerminologySettings;
  /**
   * Where files are kept (services/storage/README.md): FILE_STORAGE=s3 with S3_ENDPOINT, S3_BUCKET,
   * S3_REGION (default us-east-1), S3_ACCESS_KEY_ID and S3_SECRET_ACCESS_KEY; otherwise (the default)
   * in the database, which needs nothing.
   */
  s3: S3Settings | undefined;
  /**
   * The payment vendor of provider billing (services/billingVendor/README.md): Stripe with
   * STRIPE_SECRET_KEY (STRIPE_API_URL points at a Stripe-compatible server instead of api.stripe.com);
   * otherwise the built-in vendor keeps customers, subscriptions and invoices in our database.
   */
  stripe: { secretKey: string; apiUrl: string | undefined } | undefined;
  /**
   * Where a check-in happened (services/geolocation/geolocation.ts): GEOLOCATION_URL (an ipapi-style
   * JSON service, a template with {ip}; GEOLOCATION_API_KEY as a bearer token) and MAP_EMBED_URL (an
   * embeddable map page, a template with {lat} and {lon}). Without them the built-in locator names
   * private and reserved addresses, and the console shows coordinates as numbers.
   */
  geolocation: GeolocationSettings;
  /**
   * The telephony of voice calls (services/telephony/README.md): Twilio with TWILIO_ACCOUNT_SID,
   * TWILIO_AUTH_TOKEN, TWILIO_API_KEY, TWILIO_API_SECRET, TWILIO_TWIML_APP_SID and
   * TWILIO_CALLER_NUMBER (TWILIO_API_URL for a local stub); otherwise the simulated carrier, whose
   * caller id is SIMULATED_CALLER_NUMBER (default +15005550006).
   */
  twilio: TwilioSettings | undefined;
  simulatedCallerNumber: string;
  /**
   * Sign-in, one-time-code and reset tries a minute per account (AUTH_ACCOUNT_RATE_LIMIT, default 10,
   * plugins/rateLimit.ts). Read only outside production, where a test suite that signs many users in
   * at once raises it (the e2e server: 100); production always keeps 10.
   */
  authAccountRateLimit: number;
  /** PostgreSQL's statement_timeout for the server's connections, in ms (DB_STATEMENT_TIMEOUT_MS; 0 = none): a longer query is a 503. */
  statementTimeoutMs: number;
  /** Statement texts each PostgreSQL connection keeps prepared (DB_PREPARED_STATEMENTS, 256; 0 = none; db/preparedStatements.ts). */
  preparedStatements: number;
  /** Event-loop delay, in ms, above which new requests answer 503 (MAX_EVENT_LOOP_DELAY_MS; 0 = never). */
  maxEventLoopDelayMs: number;
}

export function loadConfig(env: NodeJS.ProcessEnv = process.env): Config {
  const port = Number(env.PORT ?? 3000);
  const environment = (env.APP_ENV ?? (env.DATABASE_URL ? 'production' : 'demo')) as Config['environment'];
  const publicUrl = env.PUBLIC_URL ?? `http://localhost:${port}`;
  return {
    port,
    host: env.HOST ?? '0.0.0.0',
    databaseUrl: env.DATABASE_URL || undefined,
    dataDir: resolve(env.DATA_DIR ?? './data'),
    isDemo: environment === 'demo' || env.DEMO === 'true',
    environment,
    accessTokenTtl: Number(env.ACCESS_TOKEN_TTL ?? 900),
    sessionTtl: Number(env.SESSION_TTL ?? 12 * 3600),
    sessionCacheMs: Number(env.SESSION_CACHE_MS ?? 2000),
    mfaTokenTtl: Number(env.MFA_TOKEN_TTL ?? 300),
    tokenIssuer: env.JWT_ISSUER || 'care-console',
    tokenAudience: env.JWT_AUDIENCE || 'care-console',
    publicUrl,
    smtpUrl: env.SMTP_URL || undefined,
    mailFrom: env.MAIL_FROM ?? 'Care Console <no-reply@care-console.invalid>',
    consoleDir: resolve(env.CONSOLE_DIR ?? './dist/console'),
    logLevel: env.LOG_LEVEL ?? 'info',
    trustedProxies: (env.TRUSTED_PROXIES ?? '')
      .split(',')
      .map((entry) => entry.trim())
      .filter(Boolean),
    summaryModel: env.SUMMARY_LLM_URL
      ? { url: env.SUMMARY_LLM_URL, model: env.SUMMARY_LLM_MODEL || 'gpt-4o-mini', apiKey: env.SUMMARY_LLM_API_KEY || undefined }
      : undefined,
    terminology: {
      rxnavUrl: env.RXNAV_URL || undefined,
      snowstormUrl: env.SNOWSTORM_URL || undefined,
      snowstormBranch: env.SNOWSTORM_BRANCH || 'MAIN',
    },
    s3: s3Settings(env),
    geolocation: { url: env.GEOLOCATION_URL || undefined, apiKey: env.GEOLOCATION_API_KEY || undefined, mapUrl: env.MAP_EMBED_URL || undefined },
    twilio: twilioSettings(env),
    simulatedCallerNumber: env.SIMULATED_CALLER_NUMBER || '+15005550006',
    stripe: env.STRIPE_SECRET_KEY ? { secretKey: env.STRIPE_SECRET_KEY, apiUrl: env.STRIPE_API_URL || undefined } : undefined,
    authAccountRateLimit: environment !== 'production' && env.AUTH_ACCOUNT_RATE_LIMIT ? Number(env.AUTH_ACCOUNT_RATE_LIMIT) : AUTH_RATE_LIMIT.limit,
    statementTimeoutMs: Number(env.DB_STATEMENT_TIMEOUT_MS ?? 5000),
    preparedStatements: Number(env.DB_PREPARED_STATEMENTS ?? DEFAULT_PREPARED_STATEMENTS),
    maxEventLoopDelayMs: Number(env.MAX_EVENT_LOOP_DELAY_MS ?? 1000),
  };
}

/** The configuration tests use: in-memory database, demo mode, no console, quiet logs. */
export function testConfig(overrides: Partial<Config> = {}): Config {
  return {
    ...loadConfig({ APP_ENV: 'test', DEMO: 'true', PORT: '0' }),
    databaseUrl: process.env.DATABASE_URL || undefined,
    dataDir: undefined,
    consoleDir: undefined,
    logLevel: 'silent',
    // Test files run side by side and PGlite holds the thread while it works: a lag there is no
    // overload to shed (tests/server/requestBounds.test.ts turns the guard on).
    maxEventLoopDelayMs: 0,
    // Tests change sessions and users in the database behind the server's back and expect the next
    // request to see it (tests/server/sessionCache.test.ts turns the cache on).
    sessionCacheMs: 0,
    ...overrides,
  };
}

/** The bucket of FILE_STORAGE=s3; every setting is required then (a missing one stops the start, not a later upload). */
function s3Settings(env: NodeJS.ProcessEnv): S3Settings | undefined {
  if (env.FILE_STORAGE !== 's3') return undefined;
  const required = (name: string) => {
    const value = env[name];
    if (!value) throw new Error(`FILE_STORAGE=s3 needs ${name}`);
    return value;
  };
  return {
    endpoint: required('S3_ENDPOINT'),
    bucket: required('S3_BUCKET'),
    region: env.S3_REGION || 'us-east-1',
    accessKeyId: required('S3_ACCESS_KEY_ID'),
    secretAccessKey: required('S3_SECRET_ACCESS_KEY'),
  };
}
