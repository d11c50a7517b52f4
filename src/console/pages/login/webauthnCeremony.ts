/** The browser side of a passkey sign-in: JSON options in, a JSON assertion out (WebAuthn Level 2). */

/** PublicKeyCredentialRequestOptions as JSON, as GET auth/webauthn/authenticate answers them. */
export interface RequestOptionsJson {
  challenge: string;
  timeout?: number;
  rpId?: string;
  userVerification?: UserVerificationRequirement;
  allowCredentials?: { id: string; type: 'public-key'; transports?: AuthenticatorTransport[] }[];
}

/** base64url (no padding) to bytes, as WebAuthn JSON carries binary values. */
export function fromBase64Url(value: string): ArrayBuffer {
  const base64 = value
    .replace(/-/g, '+')
    .replace(/_/g, '/')
    .padEnd(Math.ceil(value.length / 4) * 4, '=');
  return Uint8Array.from(atob(base64), (c) => c.charCodeAt(0)).buffer;
}

/** Bytes to base64url without padding. */
export function toBase64Url(buffer: ArrayBuffer): string {
  let binary = '';
  new Uint8Array(buffer).forEach((byte) => (binary += String.fromCharCode(byte)));
  return btoa(binary).replace(/\+/g, '-').replace(/\//g, '_').replace(/=+$/, '');
}

/** Asks the browser for an assertion; rejects when the user cancels or no key answers. */
export async function getAssertion(options: RequestOptionsJson): Promise<Record<string, unknown>> {
  const credential = (await navigator.credentials.get({
    publicKey: {
      ...options,
      challenge: fromBase64Url(options.challenge),
      allowCredentials: options.allowCredentials?.map((key) => ({ ...key, id: fromBase64Url(key.id) })),
    },
  })) as PublicKeyCredential | null;
  if (!credential) throw new Error('No credential');
  const response = credential.response as AuthenticatorAssertionResponse;
  return {
    id: credential.id,
    rawId: toBase64Url(credential.rawId),
    type: credential.type,
    authenticatorAttachment: credential.authenticatorAttachment ?? undefined,
    clientExtensionResults: credential.getClientExtensionResults(),
    response: {
      clientDataJSON: toBase64Url(response.clientDataJSON),
      authenticatorData: toBase64Url(response.authenticatorData),
      signature: toBase64Url(response.signature),
      userHandle: response.userHandle ? toBase64Url(response.userHandle) : undefined,
    },
  };
}

/** PublicKeyCredentialCreationOptions as JSON, as the registration calls answer them (@simplewebauthn/server). */
export interface CreationOptionsJson {
  challenge: string;
  rp: { id?: string; name: string };
  user: { id: string; name: string; displayName: string };
  pubKeyCredParams: { type: 'public-key'; alg: number }[];
  timeout?: number;
  attestation?: AttestationConveyancePreference;
  excludeCredentials?: { id: string; type: 'public-key'; transports?: AuthenticatorTransport[] }[];
  authenticatorSelection?: AuthenticatorSelectionCriteria;
  extensions?: Record<string, unknown>;
}

/** Whether the browser can make a passkey (registration needs navigator.credentials.create). */
export function webauthnCreateSupported(): boolean {
  return typeof window.PublicKeyCredential === 'function' && typeof navigator.credentials?.create === 'function';
}

/**
 * Asks the browser to make a credential; rejects as the browser does (an `InvalidStateError`
 * DOMException when an excluded authenticator, one already registered, is used; `NotAllowedError` when cancelled).
 */
export async function createCredential(options: CreationOptionsJson): Promise<Record<string, unknown>> {
  const credential = (await navigator.credentials.create({
    publicKey: {
      ...options,
      challenge: fromBase64Url(options.challenge),
      user: { ...options.user, id: fromBase64Url(options.user.id) },
      excludeCredentials: options.excludeCredentials?.map((key) => ({ ...key, id: fromBase64Url(key.id) })),
    },
  })) as PublicKeyCredential | null;
  if (!credential) throw new Error('No credential');
  const response = credential.response as AuthenticatorAttestationResponse;
  const transports = typeof response.getTransports === 'function' ? response.getTransports() : undefined;
  return {
    id: credential.id,
    rawId: toBase64Url(credential.rawId),
    type: credential.type,
    authenticatorAttachment: credential.authenticatorAttachment ?? undefined,
    clientExtensionResults: credential.getClientExtensionResults(),
    response: {
      clientDataJSON: toBase64Url(response.clientDataJSON),
      attestationObject: toBase64Url(response.attestationObject),
      ...(transports ? { transports } : {}),
    },
  };
}

/** The DOMException a browser throws for an authenticator already registered (it is in excludeCredentials). */
export function isInvalidState(error: unknown): boolean {
  return typeof error === 'object' && error !== null && (error as { name?: unknown }).name === 'InvalidStateError';
}
