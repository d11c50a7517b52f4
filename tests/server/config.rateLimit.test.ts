import { describe, expect, it } from 'vitest';
import { loadConfig } from '../../src/server/config';

describe('AUTH_ACCOUNT_RATE_LIMIT (the sign-in tries a minute per account)', () => {
  it('is 10 unless a non-production server raises it (the e2e server does)', () => {
    expect(loadConfig({ APP_ENV: 'demo' }).authAccountRateLimit).toBe(10);
    expect(loadConfig({ APP_ENV: 'demo', AUTH_ACCOUNT_RATE_LIMIT: '100' }).authAccountRateLimit).toBe(100);
    expect(loadConfig({ APP_ENV: 'development', AUTH_ACCOUNT_RATE_LIMIT: '50' }).authAccountRateLimit).toBe(50);
  });

  it('stays 10 in production whatever the environment says', () => {
    expect(loadConfig({ APP_ENV: 'production', AUTH_ACCOUNT_RATE_LIMIT: '100000' }).authAccountRateLimit).toBe(10);
  });
});
