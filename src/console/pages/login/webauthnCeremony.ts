/** The browser side of a passkey sign-in: JSON options in, a JSON assertion out (WebAuthn Level 2). */

/** PublicKeyCredentialRequestOptions as JSON, as GET auth/webauthn/authenticate answers them. */
export interface RequestOptionsJson {
  challenge: string;
  timeout?: number;
  rpId?: string;
  userVerification?: UserVerificationRequirement;
  allowCredentials?: { id: string; type: 'public-key'; transports?: AuthenticatorTransport[] }[];
}

export function webauthnSupported(): boolean {
  return typeof window.PublicKeyCredential === 'function' && typeof navigator.credentials?.get === 'function';
}

function fromBase64Url(value: string): ArrayBuffer {
  const base64 = value
    .replace(/-/g, '+')
    .replace(/_/g, '/')
    .padEnd(Math.ceil(value.length / 4) * 4, '=');
  return Uint8Array.from(atob(base64), (c) => c.charCodeAt(0)).buffer;
}

function toBase64Url(buffer: ArrayBuffer): string {
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
