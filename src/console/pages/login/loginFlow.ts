import { accessTokenOf, type TokenBody } from '../../api/session';

/** The views of /login (spec 000 section 2.2), plus the patient-account screen of section 1. */
export type LoginView = 'login' | 'reset-password' | 'set-password' | 'reset-success-patient' | 'patient-success' | 'patient-account' | 'totp' | 'webauthn';

export type MfaMethod = 'totp' | 'webauthn';

/** What the server answers after a password: a session, or a challenge for a second factor. */
export interface LoginAnswer extends TokenBody {
  token_type: 'bearer' | 'mfa_challenge';
  preferred_mfa_method?: MfaMethod | null;
  available_mfa_methods?: MfaMethod[];
}

export interface MfaChallenge {
  token: string;
  /** Client clock, milliseconds. */
  expiresAt: number;
  methods: MfaMethod[];
}

/** Views that a link can open with ?page= (the patient ones: they come from mails and the server's refusal). */
const PAGE_VIEWS: readonly LoginView[] = ['reset-success-patient', 'patient-success', 'patient-account'];

/** The view a /login address opens: set-password with a resetCode, a ?page= view, else login. */
export function initialLoginView(params: URLSearchParams): LoginView {
  if (params.get('resetCode')) return 'set-password';
  return PAGE_VIEWS.find((view) => view === params.get('page')) ?? 'login';
}

/** Views in which an existing session does not send the user on (spec 000 section 2.2). */
export function keepsExistingSession(view: LoginView): boolean {
  return view === 'reset-success-patient';
}

export type LoginStep = { kind: 'signed-in'; body: TokenBody } | { kind: 'mfa'; method: MfaMethod; challenge: MfaChallenge } | { kind: 'patient' };

/**
 * The step after an answer with tokens: signed in, a second factor (the preferred method when
 * offered, otherwise the first available), or the patient screen for a token whose role is patient.
 */
export function stepAfter(answer: LoginAnswer, now = Date.now()): LoginStep {
  if (answer.token_type === 'mfa_challenge') {
    const methods = answer.available_mfa_methods?.length ? answer.available_mfa_methods : (['totp'] as MfaMethod[]);
    const preferred = methods.find((method) => method === answer.preferred_mfa_method);
    return {
      kind: 'mfa',
      method: preferred ?? methods[0] ?? 'totp',
      challenge: { token: answer.access_token, expiresAt: now + answer.token_expiry * 1000, methods },
    };
  }
  if (accessTokenOf(answer, now).role === 'patient') return { kind: 'patient' };
  return { kind: 'signed-in', body: answer };
}

/**
 * Whether this browser can sign in with a passkey: here, not with the ceremony (webauthnCeremony.ts,
 * which loads with the passkey step), so that a page can offer the step without loading it.
 */
export function webauthnSupported(): boolean {
  return typeof window.PublicKeyCredential === 'function' && typeof navigator.credentials?.get === 'function';
}
