import { createCredential, getAssertion, webauthnCreateSupported } from '../login/webauthnCeremony';
import { webauthnSupported, type LoginAnswer } from '../login/loginFlow';
import { passkeyCalls } from './passkeyCalls';
import { PASSKEY_TEXTS } from './passkeyTexts';

export type PasskeyOutcome<T = undefined> = { ok: true; message: string; value: T } | { ok: false; message: string };

/**
 * Login with PassKey: options (GET auth/login/passkey), the browser's assertion of a discoverable
 * credential, then POST auth/login/passkey. A refusal by the server is 'Login failed. Please try
 * again.'; the browser failing or cancelling, or no answer at all, 'An error occurred during login.'.
 */
export async function passkeyLogin(supported = webauthnSupported()): Promise<PasskeyOutcome<LoginAnswer>> {
  if (!supported) return { ok: false, message: PASSKEY_TEXTS.unsupported };
  try {
    const options = await passkeyCalls.loginOptions();
    if (!options.ok) return { ok: false, message: options.status === 0 ? PASSKEY_TEXTS.loginError : PASSKEY_TEXTS.loginFailed };
    const assertion = await getAssertion(options.body);
    const answer = await passkeyCalls.login(assertion);
    if (!answer.ok) return { ok: false, message: answer.status === 0 ? PASSKEY_TEXTS.loginError : PASSKEY_TEXTS.loginFailed };
    return { ok: true, message: PASSKEY_TEXTS.loginSuccess, value: answer.body };
  } catch {
    return { ok: false, message: PASSKEY_TEXTS.loginError };
  }
}

/**
 * A patient's passkey: the one-time code and the birth date (POST auth/webauthn/register/patient/start),
 * the browser's new credential, then .../complete. The server refusing either step is 'Registration
 * failed. Please try again.'; the browser failing or cancelling 'An error occurred during registration.'.
 */
export async function patientPasskeyRegistration(token: string, birthdate: string, supported = webauthnCreateSupported()): Promise<PasskeyOutcome> {
  if (!supported) return { ok: false, message: PASSKEY_TEXTS.unsupported };
  try {
    const options = await passkeyCalls.registrationStart(token, birthdate);
    if (!options.ok) return { ok: false, message: options.status === 0 ? PASSKEY_TEXTS.registrationError : PASSKEY_TEXTS.registrationFailed };
    const credential = await createCredential(options.body);
    const answer = await passkeyCalls.registrationComplete(credential);
    if (!answer.ok) return { ok: false, message: answer.status === 0 ? PASSKEY_TEXTS.registrationError : PASSKEY_TEXTS.registrationFailed };
    return { ok: true, message: PASSKEY_TEXTS.registrationSuccess, value: undefined };
  } catch {
    return { ok: false, message: PASSKEY_TEXTS.registrationError };
  }
}
