import '@testing-library/jest-dom/vitest';
import { cleanup } from '@testing-library/react';
import { afterEach } from 'vitest';

/** jsdom names itself in its user agent; the console's tests run as a supported Chrome would. */
export const CHROME_UA = 'Mozilla/5.0 (X11; Linux x86_64) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/140.0.0.0 Safari/537.36';
Object.defineProperty(window.navigator, 'userAgent', { value: CHROME_UA, configurable: true });

// Headless UI measures anchored menus; jsdom has no layout to observe.
window.ResizeObserver ??= class {
  observe() {}
  unobserve() {}
  disconnect() {}
};

// Vitest runs without globals here, so Testing Library can neither declare the act() environment
// nor register its own cleanup.
(globalThis as { IS_REACT_ACT_ENVIRONMENT?: boolean }).IS_REACT_ACT_ENVIRONMENT = true;
afterEach(() => {
  cleanup();
  document.cookie = 'sidebar_state=; max-age=0; path=/';
  window.localStorage.clear();
  window.sessionStorage.clear();
});

/** jsdom has no layout: a media query matches as the test says. */
export function setViewport({ mobile }: { mobile: boolean }): void {
  window.matchMedia = (query: string) =>
    ({
      matches: mobile,
      media: query,
      onchange: null,
      addEventListener: () => undefined,
      removeEventListener: () => undefined,
      addListener: () => undefined,
      removeListener: () => undefined,
      dispatchEvent: () => false,
    }) as MediaQueryList;
}
