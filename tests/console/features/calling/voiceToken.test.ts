import { describe, expect, it, vi } from 'vitest';
import { VoiceTokenKeeper, VoiceTokenRefused } from '../../../../src/console/features/calling/voiceToken';

const answer = (status: number, expiresAt = '2026-12-07T11:00:00Z') =>
  new Response(
    JSON.stringify(status === 200 ? { token: `t-${expiresAt}`, expires_at: expiresAt, phone_number: '+15005550006', carrier: 'simulated' } : { detail: 'no' }),
    { status },
  );

describe('the voice token (spec 000 sections 7, 8, 9)', () => {
  const now = Date.parse('2026-12-07T10:00:00Z');

  it('is reused while its expiry is more than 5 minutes away, then fetched again', async () => {
    const fetchToken = vi.fn().mockResolvedValueOnce(answer(200, '2026-12-07T10:10:00Z')).mockResolvedValueOnce(answer(200, '2026-12-07T11:10:00Z'));
    const keeper = new VoiceTokenKeeper(fetchToken);
    expect((await keeper.get(now)).token).toBe('t-2026-12-07T10:10:00Z');
    expect((await keeper.get(now + 4 * 60_000)).token).toBe('t-2026-12-07T10:10:00Z');
    expect(fetchToken).toHaveBeenCalledTimes(1);
    expect((await keeper.get(now + 5 * 60_000)).token).toBe('t-2026-12-07T11:10:00Z');
    expect(fetchToken).toHaveBeenCalledTimes(2);
  });

  it('a 400 is "Bad Request - will not retry": the keeper never asks again', async () => {
    const fetchToken = vi.fn().mockResolvedValue(answer(400));
    const keeper = new VoiceTokenKeeper(fetchToken);
    await expect(keeper.get(now)).rejects.toThrow(new VoiceTokenRefused());
    await expect(keeper.get(now)).rejects.toThrow('Bad Request - will not retry');
    expect(fetchToken).toHaveBeenCalledTimes(1);
  });

  it('another failure is an HTTP status error, clears the token, and the next call asks again', async () => {
    const fetchToken = vi.fn().mockResolvedValueOnce(answer(200, '2026-12-07T10:06:00Z')).mockResolvedValueOnce(answer(503)).mockResolvedValueOnce(answer(200));
    const keeper = new VoiceTokenKeeper(fetchToken);
    await keeper.get(now);
    await expect(keeper.get(now + 2 * 60_000)).rejects.toThrow('HTTP error 503');
    expect((await keeper.get(now + 2 * 60_000)).expires_at).toBe('2026-12-07T11:00:00Z');
    expect(fetchToken).toHaveBeenCalledTimes(3);
  });
});
