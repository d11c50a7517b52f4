import { describe, expect, test } from 'vitest';
import { classifyIp, geolocationFor } from '../../src/server/services/geolocation/geolocation';

describe('the built-in locator (no network)', () => {
  test.each([
    ['127.0.0.1', 'loopback'],
    ['::1', 'loopback'],
    ['::ffff:127.0.0.1', 'loopback'],
    ['10.2.3.4', 'private'],
    ['172.20.0.5', 'private'],
    ['192.168.1.9', 'private'],
    ['100.64.1.1', 'private'],
    ['fd12::1', 'private'],
    ['203.0.113.7', 'reserved'],
    ['8.8.8.8', 'public'],
    ['2a00:1450::1', 'public'],
    ['not-an-ip', 'invalid'],
  ])('%s is %s', (ip, kind) => {
    expect(classifyIp(ip)).toBe(kind);
  });

  test('names what it knows, says a public address needs a service, and draws no map', async () => {
    const builtIn = geolocationFor({ url: undefined, apiKey: undefined, mapUrl: undefined });
    expect(await builtIn.locate('192.168.1.9')).toMatchObject({ kind: 'private', description: 'Private network', city: null });
    expect(await builtIn.locate('8.8.8.8')).toMatchObject({ kind: 'public', description: 'Public address (no IP location service set)' });
    expect(builtIn.mapUrl(40, -73)).toBeNull();
    expect(builtIn.mapOrigin).toBeNull();
    expect(builtIn.name).toBe('built-in');
  });
});

describe('a configured IP location service and map (GEOLOCATION_URL, MAP_EMBED_URL)', () => {
  const settings = {
    url: 'https://geo.example.test/{ip}/json',
    apiKey: 'k-123',
    mapUrl: 'https://maps.example.test/embed?q={lat},{lon}',
  };

  test('asks the service for a public address only, with the key, and reads ipapi-style answers', async () => {
    const asked: { url: string; authorization: string | null }[] = [];
    const fakeFetch = (async (url: string | URL, init?: RequestInit) => {
      asked.push({ url: String(url), authorization: new Headers(init?.headers).get('authorization') });
      return new Response(JSON.stringify({ city: 'Boston', region: 'Massachusetts', country_name: 'United States', latitude: 42.36, longitude: -71.06 }));
    }) as typeof fetch;
    const service = geolocationFor(settings, fakeFetch);
    expect(await service.locate('8.8.4.4')).toEqual({
      ip: '8.8.4.4',
      kind: 'public',
      description: 'Boston, Massachusetts, United States',
      city: 'Boston',
      region: 'Massachusetts',
      country: 'United States',
      latitude: 42.36,
      longitude: -71.06,
    });
    expect(await service.locate('10.0.0.1')).toMatchObject({ kind: 'private', description: 'Private network' });
    expect(asked).toEqual([{ url: 'https://geo.example.test/8.8.4.4/json', authorization: 'Bearer k-123' }]);
    expect(service.mapUrl(42.36, -71.06)).toBe('https://maps.example.test/embed?q=42.360000,-71.060000');
    expect(service.mapOrigin).toBe('https://maps.example.test');
    expect(service.name).toBe('geo.example.test');
  });

  test('a failing or unreachable service leaves the place unknown, never an error', async () => {
    const failing = geolocationFor(settings, async () => new Response('no', { status: 429 }));
    expect(await failing.locate('8.8.8.8')).toMatchObject({ description: 'IP location service answered 429', city: null });
    const down = geolocationFor(settings, async () => {
      throw new TypeError('fetch failed');
    });
    expect(await down.locate('8.8.8.8')).toMatchObject({ description: 'IP location service unreachable', city: null });
  });
});
