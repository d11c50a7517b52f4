// @vitest-environment jsdom
import { describe, expect, it } from 'vitest';
import { loginPath } from '../../../src/console/shell/loginPath';

describe('loginPath', () => {
  it('brings the user back to where the session was needed', () => {
    expect(loginPath('/devices/3/show?tab=events')).toBe('/login?redirectTo=%2Fdevices%2F3%2Fshow%3Ftab%3Devents');
  });

  it('needs no redirect for Home or the login page', () => {
    expect(loginPath('/')).toBe('/login');
    expect(loginPath('/login')).toBe('/login');
  });

  it('returns after an idle logout, not after the user signed out on purpose', () => {
    expect(loginPath('/patients/7/show', 'idle')).toBe('/login?redirectTo=%2Fpatients%2F7%2Fshow');
    expect(loginPath('/patients/7/show', 'logout')).toBe('/login');
  });
});
