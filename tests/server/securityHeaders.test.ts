import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import type { LightMyRequestResponse } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Config } from '../../src/server/config';
import { login } from './auth.helpers';
import { createTestApp, type TestApp } from './helpers/testApp';

/** Helmet's headers (src/server/plugins/securityHeaders.ts) and the refresh cookie's Secure flag. */
let consoleDir: string;
let plain: TestApp;
let https: TestApp;

beforeAll(async () => {
  // A stand-in for the built console: the sign-in page is its index.html.
  consoleDir = mkdtempSync(join(tmpdir(), 'console-'));
  writeFileSync(join(consoleDir, 'index.html'), '<!doctype html><title>Care Console</title><script type="module" src="/assets/index-Ab12Cd34.js"></script>');
  mkdirSync(join(consoleDir, 'assets'));
  writeFileSync(join(consoleDir, 'assets', 'index-Ab12Cd34.js'), 'export {};');
  writeFileSync(join(consoleDir, 'signature.json'), '{"version":"0.0.0","build":"x"}');
  [plain, https] = await Promise.all([createTestApp({ consoleDir }), createTestApp({ consoleDir, publicUrl: 'https://console.example.test' })]);
});
afterAll(async () => {
  await Promise.all([plain.close(), https.close()]);
  rmSync(consoleDir, { recursive: true, force: true });
});

/** The policy as a map of directive -> sources. */
const policyOf = (response: LightMyRequestResponse) =>
  new Map(
    String(response.headers['content-security-policy'])
      .split(';')
      .map((d) => d.trim().split(/\s+/))
      .filter(([name]) => name)
      .map(([name = '', ...sources]) => [name, sources]),
  );

describe('security headers', () => {
  const pages = [
    ['the API', '/api/health', 200],
    ['the sign-in page', '/', 200],
    ['a console route', '/patients', 200],
    ['an unknown API path', '/api/no-such-call', 404],
  ] as const;

  it.each(pages)('%s carries the CSP, nosniff and no framing', async (_what, url, status) => {
    const response = await plain.app.inject({ method: 'GET', url });
    expect(response.statusCode).toBe(status);
    const policy = policyOf(response);
    expect(policy.get('default-src')).toEqual(["'self'"]);
    // No inline script of any kind: only the server's own files.
    expect(policy.get('script-src')).toEqual(["'self'", "'unsafe-eval'"]);
    expect(policy.get('script-src-attr')).toEqual(["'none'"]);
    expect(policy.get('object-src')).toEqual(["'none'"]);
    expect(policy.get('frame-ancestors')).toEqual(["'none'"]);
    expect(response.headers['x-content-type-options']).toBe('nosniff');
    expect(response.headers['x-frame-options']).toBe('DENY');
  });

  it.each(pages)('%s names no server software or version', async (_what, url) => {
    const response = await plain.app.inject({ method: 'GET', url });
    expect(response.headers['x-powered-by']).toBeUndefined();
    expect(response.headers.server).toBeUndefined();
    expect(response.body).not.toMatch(/fastify|node\.js|\bv?\d+\.\d+\.\d+\b/i);
  });

  it('has no HSTS and no upgrade-insecure-requests when the public URL is http', async () => {
    const response = await plain.app.inject({ method: 'GET', url: '/api/health' });
    expect(response.headers['strict-transport-security']).toBeUndefined();
    expect(policyOf(response).has('upgrade-insecure-requests')).toBe(false);
  });

  it('has HSTS and upgrade-insecure-requests when the public URL is https', async () => {
    for (const url of ['/api/health', '/']) {
      const response = await https.app.inject({ method: 'GET', url });
      expect(response.headers['strict-transport-security']).toMatch(/^max-age=31536000\b/);
      expect(policyOf(response).has('upgrade-insecure-requests')).toBe(true);
    }
  });

  it('answers a malformed body without a stack trace', async () => {
    const response = await plain.app.inject({
      method: 'POST',
      url: '/api/auth/otp',
      headers: { 'content-type': 'application/json' },
      payload: '{"token": ',
    });
    expect(response.statusCode).toBe(422);
    expect(response.json()).toEqual({ detail: expect.any(String) as unknown });
    expect(response.body).not.toMatch(/\bat \S+ \(|node_modules|\.ts:\d+/);
  });
});

describe('refresh cookie Secure flag', () => {
  const secureOn = async (app: TestApp['app']) => {
    const response = await login(app, 'admin@northwind.demo.example');
    expect(response.statusCode).toBe(200);
    const cookie = response.cookies.find((c) => c.name === 'refresh_token');
    expect(cookie).toBeDefined();
    return Boolean(cookie?.secure);
  };

  it('is off on a demo server on http, on on https', async () => {
    expect(await secureOn(plain.app)).toBe(false);
    expect(await secureOn(https.app)).toBe(true);
  });

  const others: { what: string; overrides: Partial<Config>; secure: boolean }[] = [
    { what: 'a development server on http', overrides: { isDemo: false, environment: 'development' }, secure: false },
    { what: 'a production server on http', overrides: { isDemo: false, environment: 'production' }, secure: true },
  ];
  it.each(others)('$what: Secure is $secure', async ({ overrides, secure }) => {
    const testApp = await createTestApp(overrides);
    try {
      expect(await secureOn(testApp.app)).toBe(secure);
    } finally {
      await testApp.close();
    }
  });
});

describe("the console's files", () => {
  it('a hashed asset is kept for a year and never revalidated', async () => {
    const response = await plain.app.inject({ method: 'GET', url: '/assets/index-Ab12Cd34.js' });
    expect(response.statusCode).toBe(200);
    expect(response.headers['cache-control']).toBe('public, max-age=31536000, immutable');
  });

  it.each(['/', '/patients', '/signature.json'])('%s names the current build: always revalidated', async (url) => {
    const response = await plain.app.inject({ method: 'GET', url });
    expect(response.statusCode).toBe(200);
    expect(response.headers['cache-control']).toBe('no-cache');
  });
});
