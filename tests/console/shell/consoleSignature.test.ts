// @vitest-environment jsdom
import { describe, expect, it } from 'vitest';
import { isNewVersion, parseSignature } from '../../../src/console/shell/consoleSignature';

describe('console signature', () => {
  it('finds a new version when the version or the build differs', () => {
    expect(isNewVersion({ version: '0.4.0', build: 'a' }, { version: '0.5.0', build: 'a' })).toBe(true);
    expect(isNewVersion({ version: '0.4.0', build: 'a' }, { version: '0.4.0', build: 'b' })).toBe(true);
    expect(isNewVersion({ version: '0.4.0', build: 'a' }, { version: '0.4.0', build: 'a' })).toBe(false);
  });

  it('compares builds only when both sides have one', () => {
    expect(isNewVersion({ version: '0.4.0', build: 'a' }, { version: '0.4.0' })).toBe(false);
    expect(isNewVersion({ version: '0.4.0' }, { version: '0.4.0', build: 'b' })).toBe(false);
  });

  it('reads only well-formed signatures', () => {
    expect(parseSignature({ version: '0.4.0', build: 'x' })).toEqual({ version: '0.4.0', build: 'x' });
    expect(parseSignature({ version: '0.4.0', build: 3 })).toEqual({ version: '0.4.0' });
    expect(parseSignature('<!doctype html>')).toBeUndefined();
    expect(parseSignature(null)).toBeUndefined();
  });
});
