// @vitest-environment jsdom
import { describe, expect, it } from 'vitest';
import { redirectTarget } from '../../../src/console/pages/login/redirectTarget';

describe('redirectTarget', () => {
  it('follows a path of the console', () => {
    expect(redirectTarget('/devices/3/show?tab=events')).toBe('/devices/3/show?tab=events');
  });

  it('goes Home without one', () => {
    expect(redirectTarget(null)).toBe('/');
    expect(redirectTarget('')).toBe('/');
  });

  it('never leaves the console', () => {
    for (const target of ['https://evil.example/', '//evil.example', '/\\evil.example', 'javascript:alert(1)']) {
      expect(redirectTarget(target)).toBe('/');
    }
  });

  it('does not loop back to the login page', () => {
    expect(redirectTarget('/login?redirectTo=/x')).toBe('/');
    expect(redirectTarget('/login-help')).toBe('/login-help');
  });
});
