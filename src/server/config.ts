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
  /** MFA challenge token lifetime in seconds. */
  mfaTokenTtl: number;
  /** Public origin of the console, used in e-mail links and as the WebAuthn origin. */
  publicUrl: string;
  /** SMTP URL for nodemailer; absent means mail stays in the outbox table. */
  smtpUrl: string | undefined;
  mailFrom: string;
  /** Built console files to serve; absent when the console is not built (tests). */
  consoleDir: string | undefined;
  logLevel: string;
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
    mfaTokenTtl: Number(env.MFA_TOKEN_TTL ?? 300),
    publicUrl,
    smtpUrl: env.SMTP_URL || undefined,
    mailFrom: env.MAIL_FROM ?? 'Care Console <no-reply@care-console.invalid>',
    consoleDir: resolve(env.CONSOLE_DIR ?? './dist/console'),
    logLevel: env.LOG_LEVEL ?? 'info',
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
    ...overrides,
  };
}
