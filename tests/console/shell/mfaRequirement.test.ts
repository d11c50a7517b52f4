// @vitest-environment jsdom
import { describe, expect, it } from 'vitest';
import { mustEnableMfa } from '../../../src/console/shell/mfaRequirement';

const production = { environment: 'production', isDemo: false };

describe('mustEnableMfa', () => {
  it('blocks internal users without MFA in production', () => {
    expect(mustEnableMfa({ isInternal: true, mfaEnabled: false }, production)).toBe(true);
  });

  it('lets through users with MFA and provider users', () => {
    expect(mustEnableMfa({ isInternal: true, mfaEnabled: true }, production)).toBe(false);
    expect(mustEnableMfa({ isInternal: false, mfaEnabled: false }, production)).toBe(false);
  });

  it('does not apply in development or demo', () => {
    expect(mustEnableMfa({ isInternal: true, mfaEnabled: false }, { environment: 'development', isDemo: false })).toBe(false);
    expect(mustEnableMfa({ isInternal: true, mfaEnabled: false }, { environment: 'production', isDemo: true })).toBe(false);
  });
});
