import { BlockList, isIP } from 'node:net';

/**
 * Where a check-in or check-out happened, for the attendance details (spec 002 section 7
 * "Attendance": "An IP geolocation lookup by IP and an embedded map frame display check-in
 * positions"). Two parts, each behind this interface:
 * - `locate(ip)`: the place a client address belongs to. The built-in locator needs no network and
 *   knows what can be known without one: private, loopback, link-local, shared and documentation
 *   addresses are named as such; a public address is 'Public address (no IP location service set)'.
 *   The real one (GEOLOCATION_URL) asks an ipapi-style JSON service.
 * - `mapUrl(lat, lon)`: the address of an embeddable map of the browser's coordinates
 *   (MAP_EMBED_URL); none without it, and the console shows the coordinates as numbers.
 * The server does the lookup (not the browser) so that the console's content security policy
 * stays 'self' for scripts and connections, and a staff member's address is not sent to a third
 * party from every browser that opens the dialog.
 */
export interface Geolocation {
  locate(ip: string): Promise<IpPlace>;
  mapUrl(latitude: number, longitude: number): string | null;
  /** The map's origin, for the content security policy's frame-src; null without a map. */
  mapOrigin: string | null;
  /** What answers, for the health page and the README: 'built-in' or the service's host. */
  name: string;
}

export interface IpPlace {
  ip: string;
  /** In words: 'Boston, Massachusetts, United States', 'Private network', ... */
  description: string;
  kind: 'private' | 'loopback' | 'reserved' | 'public' | 'invalid';
  city: string | null;
  region: string | null;
  country: string | null;
  latitude: number | null;
  longitude: number | null;
}

export interface GeolocationSettings {
  /** GEOLOCATION_URL: a template with {ip}, answering JSON with city, region, country (or country_name), latitude/longitude (or lat/lon). */
  url: string | undefined;
  /** GEOLOCATION_API_KEY, sent as a bearer token when set. */
  apiKey: string | undefined;
  /** MAP_EMBED_URL: a template with {lat} and {lon} for an embeddable map page. */
  mapUrl: string | undefined;
}

const TIMEOUT_MS = 3000;

const ranges = (() => {
  const lists = {
    loopback: new BlockList(),
    private: new BlockList(),
    reserved: new BlockList(),
  };
  lists.loopback.addSubnet('127.0.0.0', 8, 'ipv4');
  lists.loopback.addAddress('::1', 'ipv6');
  for (const [net, prefix] of [
    ['10.0.0.0', 8],
    ['172.16.0.0', 12],
    ['192.168.0.0', 16],
    ['100.64.0.0', 10],
    ['169.254.0.0', 16],
  ] as const)
    lists.private.addSubnet(net, prefix, 'ipv4');
  lists.private.addSubnet('fc00::', 7, 'ipv6');
  lists.private.addSubnet('fe80::', 10, 'ipv6');
  for (const [net, prefix] of [
    ['0.0.0.0', 8],
    ['192.0.2.0', 24],
    ['198.51.100.0', 24],
    ['203.0.113.0', 24],
    ['224.0.0.0', 4],
    ['240.0.0.0', 4],
  ] as const)
    lists.reserved.addSubnet(net, prefix, 'ipv4');
  lists.reserved.addSubnet('2001:db8::', 32, 'ipv6');
  return lists;
})();

const PLACE_WORDS = {
  loopback: 'This computer (loopback address)',
  private: 'Private network',
  reserved: 'Reserved address (not on the internet)',
  invalid: 'Not an IP address',
  public: 'Public address (no IP location service set)',
} as const;

/** What an address is, from its ranges alone (an IPv4-mapped IPv6 address is read as its IPv4). */
export function classifyIp(raw: string): IpPlace['kind'] {
  const ip = raw.startsWith('::ffff:') && isIP(raw.slice(7)) === 4 ? raw.slice(7) : raw;
  const family = isIP(ip);
  if (family === 0) return 'invalid';
  const type = family === 4 ? 'ipv4' : 'ipv6';
  if (ranges.loopback.check(ip, type)) return 'loopback';
  if (ranges.private.check(ip, type)) return 'private';
  if (ranges.reserved.check(ip, type)) return 'reserved';
  return 'public';
}

const nowhere = (ip: string, kind: IpPlace['kind']): IpPlace => ({
  ip,
  kind,
  description: PLACE_WORDS[kind],
  city: null,
  region: null,
  country: null,
  latitude: null,
  longitude: null,
});

const text = (value: unknown): string | null => (typeof value === 'string' && value.trim() !== '' ? value.trim() : null);
const number = (value: unknown): number | null => {
  const n = typeof value === 'string' ? Number(value) : value;
  return typeof n === 'number' && Number.isFinite(n) ? n : null;
};

/** The locator and map the server uses: the configured service, else the built-in one. */
export function geolocationFor(settings: GeolocationSettings, fetchImpl: typeof fetch = fetch): Geolocation {
  const mapTemplate = settings.mapUrl;
  const mapOrigin = mapTemplate ? new URL(mapTemplate.replace('{lat}', '0').replace('{lon}', '0')).origin : null;
  return {
    name: settings.url ? new URL(settings.url.replace('{ip}', '0.0.0.0')).host : 'built-in',
    mapOrigin,
    mapUrl: (latitude, longitude) => (mapTemplate ? mapTemplate.replaceAll('{lat}', latitude.toFixed(6)).replaceAll('{lon}', longitude.toFixed(6)) : null),
    async locate(ip) {
      const kind = classifyIp(ip);
      // Only a public address has a place a service could know; the others are answered here.
      if (kind !== 'public' || !settings.url) return nowhere(ip, kind);
      try {
        const response = await fetchImpl(settings.url.replace('{ip}', encodeURIComponent(ip)), {
          headers: { accept: 'application/json', ...(settings.apiKey ? { authorization: `Bearer ${settings.apiKey}` } : {}) },
          signal: AbortSignal.timeout(TIMEOUT_MS),
        });
        if (!response.ok) return { ...nowhere(ip, kind), description: `IP location service answered ${String(response.status)}` };
        const body = (await response.json()) as Record<string, unknown>;
        const city = text(body.city);
        const region = text(body.region) ?? text(body.region_name) ?? text(body.regionName);
        const country = text(body.country_name) ?? text(body.country);
        const parts = [city, region, country].filter((part): part is string => part !== null);
        return {
          ip,
          kind,
          description: parts.length > 0 ? parts.join(', ') : 'Unknown place',
          city,
          region,
          country,
          latitude: number(body.latitude) ?? number(body.lat),
          longitude: number(body.longitude) ?? number(body.lon),
        };
      } catch {
        return { ...nowhere(ip, kind), description: 'IP location service unreachable' };
      }
    },
  };
}
