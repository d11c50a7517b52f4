import { createHash, generateKeyPairSync, randomBytes, sign, type KeyObject } from 'node:crypto';
import { isoCBOR } from '@simplewebauthn/server/helpers';

export const b64url = (bytes: Uint8Array) => Buffer.from(bytes).toString('base64url');
const sha256 = (data: Uint8Array | string) => createHash('sha256').update(data).digest();
const u32 = (n: number) => {
  const b = Buffer.alloc(4);
  b.writeUInt32BE(n);
  return b;
};

/**
 * A software authenticator with one ES256 key: it answers
 * registration with a 'none' attestation and authentication with an assertion signed over
 * authenticatorData + SHA-256(clientDataJSON), as a browser and a passkey would, so that the
 * server's verification really runs. A discoverable credential returns its user handle.
 */
export class SoftAuthenticator {
  readonly credentialId = randomBytes(32);
  private readonly privateKey: KeyObject;
  private readonly coseKey: Uint8Array;
  private counter = 0;
  /** The user handle given at registration (base64url), returned with each assertion as a passkey does. */
  userHandle: string | undefined;

  constructor(
    private readonly origin: string,
    private readonly rpID: string,
    /** What the authenticator says it is reached by: a platform passkey (`internal`) unless told (a security key, `usb`). */
    private readonly transports: readonly string[] = ['internal'],
  ) {
    const { privateKey, publicKey } = generateKeyPairSync('ec', { namedCurve: 'P-256' });
    this.privateKey = privateKey;
    const jwk = publicKey.export({ format: 'jwk' });
    // COSE_Key: kty EC2 (2), alg ES256 (-7), crv P-256 (1), x, y.
    this.coseKey = isoCBOR.encode(
      new Map<number, number | Uint8Array>([
        [1, 2],
        [3, -7],
        [-1, 1],
        [-2, Buffer.from(jwk.x ?? '', 'base64url')],
        [-3, Buffer.from(jwk.y ?? '', 'base64url')],
      ]),
    );
  }

  /** One for the test app's relying party (its PUBLIC_URL). */
  static for(publicUrl: string) {
    const url = new URL(publicUrl);
    return new SoftAuthenticator(url.origin, url.hostname);
  }

  private clientData(type: 'webauthn.create' | 'webauthn.get', challenge: string) {
    return Buffer.from(JSON.stringify({ type, challenge, origin: this.origin, crossOrigin: false }));
  }

  /** The answer to navigator.credentials.create for `options` (challenge and user id read from them). */
  register(options: { challenge: string; user?: { id?: string } }) {
    this.userHandle = options.user?.id;
    const flags = 0x01 | 0x04 | 0x40; // user present, user verified, attested credential data
    const idLength = Buffer.alloc(2);
    idLength.writeUInt16BE(this.credentialId.length);
    const authData = Buffer.concat([sha256(this.rpID), Buffer.from([flags]), u32(0), Buffer.alloc(16), idLength, this.credentialId, this.coseKey]);
    const attestationObject = isoCBOR.encode(
      new Map<string, unknown>([
        ['fmt', 'none'],
        ['attStmt', new Map()],
        ['authData', authData],
      ]) as never,
    );
    return {
      id: b64url(this.credentialId),
      rawId: b64url(this.credentialId),
      type: 'public-key',
      response: {
        clientDataJSON: b64url(this.clientData('webauthn.create', options.challenge)),
        attestationObject: b64url(attestationObject),
        transports: [...this.transports],
      },
      clientExtensionResults: {},
    };
  }

  /** The answer to navigator.credentials.get; `verified: false` leaves the user-verified flag out, `tamper` breaks the signature. */
  assert(challenge: string, options: { tamper?: boolean; verified?: boolean; userHandle?: string | null } = {}) {
    this.counter += 1;
    const flags = 0x01 | (options.verified === false ? 0 : 0x04);
    const authenticatorData = Buffer.concat([sha256(this.rpID), Buffer.from([flags]), u32(this.counter)]);
    const clientDataJSON = this.clientData('webauthn.get', challenge);
    const signature = sign('sha256', Buffer.concat([authenticatorData, sha256(clientDataJSON)]), this.privateKey);
    if (options.tamper) signature.writeUInt8(signature.readUInt8(signature.length - 1) ^ 0xff, signature.length - 1);
    const userHandle = options.userHandle === undefined ? this.userHandle : (options.userHandle ?? undefined);
    return {
      id: b64url(this.credentialId),
      rawId: b64url(this.credentialId),
      type: 'public-key',
      response: {
        clientDataJSON: b64url(clientDataJSON),
        authenticatorData: b64url(authenticatorData),
        signature: b64url(signature),
        ...(userHandle ? { userHandle } : {}),
      },
      clientExtensionResults: {},
    };
  }
}
