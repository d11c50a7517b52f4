/** Spec 000 sections 1 and 9: the oldest versions the console supports, with their release dates. */
const BROWSER_MINIMUMS = {
  Chrome: { min: '111', released: 'March 7, 2023' },
  Firefox: { min: '128', released: 'July 9, 2024' },
  Safari: { min: '16.4', released: 'March 27, 2023' },
} as const;

export type KnownBrowser = keyof typeof BROWSER_MINIMUMS;

export type BrowserCheck =
  | { kind: 'supported' }
  | { kind: 'outdated'; title: 'Browser Not Supported'; message: string }
  | { kind: 'unknown'; title: 'Browser Compatibility Warning'; message: string };

/**
 * Which engine a user agent runs and its version. Chromium-based browsers (Edge, Opera, Brave)
 * count as Chrome by their engine version, and every browser on iOS as Safari of that iOS.
 */
export function detectBrowser(userAgent: string): { browser: KnownBrowser; version: string } | undefined {
  const ios = /(?:iPhone|iPad|iPod).*? OS (\d+)_(\d+)/.exec(userAgent);
  if (ios) return { browser: 'Safari', version: `${ios[1]}.${ios[2]}` };
  const firefox = /Firefox\/(\d+(?:\.\d+)?)/.exec(userAgent);
  if (firefox?.[1]) return { browser: 'Firefox', version: firefox[1] };
  const chrome = /(?:Chrome|Chromium)\/(\d+(?:\.\d+)?)/.exec(userAgent);
  if (chrome?.[1]) return { browser: 'Chrome', version: chrome[1] };
  const safari = /Version\/(\d+(?:\.\d+)?).*Safari\//.exec(userAgent);
  if (safari?.[1]) return { browser: 'Safari', version: safari[1] };
  return undefined;
}

/** Compares dotted versions numerically: -1, 0 or 1. */
export function compareVersions(a: string, b: string): number {
  const left = a.split('.').map(Number);
  const right = b.split('.').map(Number);
  for (let i = 0; i < Math.max(left.length, right.length); i += 1) {
    const difference = (left[i] ?? 0) - (right[i] ?? 0);
    if (difference !== 0) return Math.sign(difference);
  }
  return 0;
}

/**
 * The compatibility verdict for a user agent. Too old a known browser is not supported; a browser
 * we cannot recognise only gets a warning, since it may well work.
 */
export function checkBrowser(userAgent: string): BrowserCheck {
  const detected = detectBrowser(userAgent);
  if (!detected) {
    const names = Object.entries(BROWSER_MINIMUMS).map(([name, { min }]) => `${name} ${min}`);
    return {
      kind: 'unknown',
      title: 'Browser Compatibility Warning',
      message: `This browser has not been tested with the console. Supported browsers: ${names.join(', ')} or higher.`,
    };
  }
  const { min, released } = BROWSER_MINIMUMS[detected.browser];
  if (compareVersions(detected.version, min) >= 0) return { kind: 'supported' };
  return {
    kind: 'outdated',
    title: 'Browser Not Supported',
    message: `${detected.browser} version must be ${min} or higher (released ${released})`,
  };
}
