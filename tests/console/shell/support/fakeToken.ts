/** An access token as the server shapes it; the console reads its claims, never its signature. */
export function fakeToken(claims: { sub: string; role: string; tenant_id?: number | null }, ttlSeconds = 900): string {
  const encode = (value: unknown) => Buffer.from(JSON.stringify(value)).toString('base64url');
  const payload = { ...claims, typ: 'access', sid: 'session-1', exp: Math.floor(Date.now() / 1000) + ttlSeconds };
  return `${encode({ alg: 'HS256', typ: 'JWT' })}.${encode(payload)}.signature`;
}
