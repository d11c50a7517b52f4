// @vitest-environment jsdom
import { describe, expect, it } from 'vitest';
import { initialLoginView, keepsExistingSession, stepAfter } from '../../../src/console/pages/login/loginFlow';
import { fakeToken } from '../shell/support/fakeToken';

const params = (query: string) => new URLSearchParams(query);

describe('initialLoginView', () => {
  it('opens set-password when a resetCode is present', () => {
    expect(initialLoginView(params('resetCode=abc&page=patient-success'))).toBe('set-password');
  });

  it('opens the patient pages named by ?page=', () => {
    expect(initialLoginView(params('page=reset-success-patient'))).toBe('reset-success-patient');
    expect(initialLoginView(params('page=patient-success'))).toBe('patient-success');
    expect(initialLoginView(params('page=patient-account'))).toBe('patient-account');
  });

  it('opens login otherwise, also for a view that needs a challenge', () => {
    expect(initialLoginView(params(''))).toBe('login');
    expect(initialLoginView(params('page=totp'))).toBe('login');
  });

  it('keeps an existing session only on the reset-success-patient page', () => {
    expect(keepsExistingSession('reset-success-patient')).toBe(true);
    expect(keepsExistingSession('login')).toBe(false);
  });
});

describe('stepAfter', () => {
  const now = 1_000_000;

  it('signs in with a bearer token', () => {
    const answer = { access_token: fakeToken({ sub: '5', role: 'admin' }), token_expiry: 900, token_type: 'bearer' as const };
    expect(stepAfter(answer, now)).toEqual({ kind: 'signed-in', body: answer });
  });

  it('refuses a token whose role is patient', () => {
    const answer = { access_token: fakeToken({ sub: '9', role: 'patient' }), token_expiry: 900, token_type: 'bearer' as const };
    expect(stepAfter(answer, now)).toEqual({ kind: 'patient' });
  });

  it('asks for the preferred second factor, or else the first available', () => {
    const challenge = { access_token: 'mfa', token_expiry: 300, token_type: 'mfa_challenge' as const };
    expect(stepAfter({ ...challenge, preferred_mfa_method: 'webauthn', available_mfa_methods: ['totp', 'webauthn'] }, now)).toEqual({
      kind: 'mfa',
      method: 'webauthn',
      challenge: { token: 'mfa', expiresAt: now + 300_000, methods: ['totp', 'webauthn'] },
    });
    expect(stepAfter({ ...challenge, preferred_mfa_method: null, available_mfa_methods: ['webauthn', 'totp'] }, now)).toMatchObject({
      method: 'webauthn',
    });
    expect(stepAfter({ ...challenge, preferred_mfa_method: 'webauthn', available_mfa_methods: ['totp'] }, now)).toMatchObject({ method: 'totp' });
  });
});
