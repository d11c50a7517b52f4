import { createCredential, isInvalidState, webauthnCreateSupported, type CreationOptionsJson } from '../../pages/login/webauthnCeremony';
import { ACCOUNT_TEXTS } from './accountTexts';
import { isConflict } from './useAccountCalls';

type Send = <R = unknown>(path: string, method: string, body?: unknown) => Promise<R>;

export type RegistrationOutcome = { ok: true } | { ok: false; message: string };

/**
 * Registers a platform passkey under a nickname (spec 002 sections 5, 7 and 8): the options of
 * GET auth/webauthn/register?authenticator_type=platform, the browser's credential, then
 * POST auth/webauthn/register {credential, name}. Each failure in the spec's words: no WebAuthn,
 * no options, an authenticator already registered (the browser's InvalidStateError or the
 * server's 409), anything else.
 */
export async function registerPasskey(send: Send, name: string, supported = webauthnCreateSupported()): Promise<RegistrationOutcome> {
  if (!supported) return { ok: false, message: ACCOUNT_TEXTS.webauthnUnsupported };
  let options: CreationOptionsJson;
  try {
    options = await send<CreationOptionsJson>('/auth/webauthn/register?authenticator_type=platform', 'GET');
  } catch {
    return { ok: false, message: ACCOUNT_TEXTS.optionsFailed };
  }
  let credential: Record<string, unknown>;
  try {
    credential = await createCredential(options);
  } catch (error) {
    return { ok: false, message: isInvalidState(error) ? ACCOUNT_TEXTS.alreadyRegistered : ACCOUNT_TEXTS.createFailed };
  }
  try {
    await send('/auth/webauthn/register', 'POST', { ...credential, name });
    return { ok: true };
  } catch (error) {
    return { ok: false, message: isConflict(error) ? ACCOUNT_TEXTS.alreadyRegistered : ACCOUNT_TEXTS.createFailed };
  }
}
