/**
 * The browser's credential from a request body: either the body itself (as
 * @simplewebauthn/browser returns it) or its `credential` field, with `name` beside it.
 * Undefined when it lacks the parts every ceremony response has; the library checks the rest.
 */
export function credentialOf<T extends { id: string; response: { clientDataJSON: string } }>(body: Record<string, unknown>): T | undefined {
  const candidate = (typeof body.credential === 'object' && body.credential !== null ? body.credential : body) as Partial<T>;
  const hasResponse = typeof candidate.response === 'object' && candidate.response !== null;
  if (typeof candidate.id !== 'string' || !hasResponse || typeof candidate.response?.clientDataJSON !== 'string') return undefined;
  return candidate as T;
}
