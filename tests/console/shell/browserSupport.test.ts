// @vitest-environment jsdom
import { describe, expect, it } from 'vitest';
import { checkBrowser, compareVersions, detectBrowser } from '../../../src/console/shell/browserSupport';

const UA = {
  chrome110: 'Mozilla/5.0 (Windows NT 10.0; Win64; x64) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/110.0.5481.77 Safari/537.36',
  chrome111: 'Mozilla/5.0 (X11; Linux x86_64) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/111.0.0.0 Safari/537.36',
  edge120: 'Mozilla/5.0 (Windows NT 10.0; Win64; x64) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/120.0.0.0 Safari/537.36 Edg/120.0.2210.61',
  firefox127: 'Mozilla/5.0 (X11; Linux x86_64; rv:127.0) Gecko/20100101 Firefox/127.0',
  firefox128: 'Mozilla/5.0 (Macintosh; Intel Mac OS X 14.5; rv:128.0) Gecko/20100101 Firefox/128.0',
  safari163: 'Mozilla/5.0 (Macintosh; Intel Mac OS X 10_15_7) AppleWebKit/605.1.15 (KHTML, like Gecko) Version/16.3 Safari/605.1.15',
  safari164: 'Mozilla/5.0 (Macintosh; Intel Mac OS X 10_15_7) AppleWebKit/605.1.15 (KHTML, like Gecko) Version/16.4 Safari/605.1.15',
  iosChrome: 'Mozilla/5.0 (iPhone; CPU iPhone OS 16_3 like Mac OS X) AppleWebKit/605.1.15 (KHTML, like Gecko) CriOS/120.0 Mobile/15E148 Safari/604.1',
  unknown: 'SomeBot/1.0',
};

describe('browser check', () => {
  it('compares versions numerically', () => {
    expect(compareVersions('16.10', '16.4')).toBe(1);
    expect(compareVersions('16.4', '16.4.0')).toBe(0);
    expect(compareVersions('111', '111.0.1')).toBe(-1);
  });

  it('reads Chromium browsers by their engine and iOS browsers as Safari', () => {
    expect(detectBrowser(UA.edge120)).toEqual({ browser: 'Chrome', version: '120.0' });
    expect(detectBrowser(UA.iosChrome)).toEqual({ browser: 'Safari', version: '16.3' });
    expect(detectBrowser(UA.safari164)).toEqual({ browser: 'Safari', version: '16.4' });
  });

  it('accepts the minimum versions of spec 000 section 9 and newer', () => {
    for (const ua of [UA.chrome111, UA.edge120, UA.firefox128, UA.safari164]) expect(checkBrowser(ua)).toEqual({ kind: 'supported' });
  });

  it('refuses older versions in the spec’s words', () => {
    expect(checkBrowser(UA.chrome110)).toEqual({
      kind: 'outdated',
      title: 'Browser Not Supported',
      message: 'Chrome version must be 111 or higher (released March 7, 2023)',
    });
    expect(checkBrowser(UA.firefox127)).toMatchObject({ message: 'Firefox version must be 128 or higher (released July 9, 2024)' });
    expect(checkBrowser(UA.safari163)).toMatchObject({ message: 'Safari version must be 16.4 or higher (released March 27, 2023)' });
    expect(checkBrowser(UA.iosChrome)).toMatchObject({ title: 'Browser Not Supported' });
  });

  it('only warns about a browser it cannot recognise', () => {
    expect(checkBrowser(UA.unknown)).toMatchObject({ kind: 'unknown', title: 'Browser Compatibility Warning' });
  });
});
