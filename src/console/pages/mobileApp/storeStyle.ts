/** Which store a device's owner knows: Apple's on iPhone, iPad and iPod, Google Play elsewhere (spec 000 section 2.3). */
export type StoreStyle = 'app-store' | 'google-play';

/**
 * The store style for a browser. iPadOS 13 and later says "Macintosh" in its user agent; a
 * "Macintosh" with a touch screen is an iPad (no Mac has one).
 */
export function storeStyleFor(userAgent: string, maxTouchPoints = 0): StoreStyle {
  if (/\b(iPhone|iPad|iPod)\b/i.test(userAgent)) return 'app-store';
  if (/\bMacintosh\b/.test(userAgent) && maxTouchPoints > 1) return 'app-store';
  return 'google-play';
}
