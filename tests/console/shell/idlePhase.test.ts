// @vitest-environment jsdom
import { describe, expect, it } from 'vitest';
import { idlePhase } from '../../../src/console/shell/idlePhase';

const MINUTE = 60_000;

describe('idlePhase', () => {
  it('is active for the first 14 minutes', () => {
    expect(idlePhase(0, 0)).toEqual({ kind: 'active' });
    expect(idlePhase(0, 14 * MINUTE - 1)).toEqual({ kind: 'active' });
  });

  it('prompts in the last minute, counting down the seconds', () => {
    expect(idlePhase(0, 14 * MINUTE)).toEqual({ kind: 'prompt', secondsLeft: 60 });
    expect(idlePhase(0, 14 * MINUTE + 500)).toEqual({ kind: 'prompt', secondsLeft: 60 });
    expect(idlePhase(0, 15 * MINUTE - 1000)).toEqual({ kind: 'prompt', secondsLeft: 1 });
  });

  it('times out at 15 minutes', () => {
    expect(idlePhase(0, 15 * MINUTE)).toEqual({ kind: 'timed-out' });
    expect(idlePhase(5 * MINUTE, 20 * MINUTE)).toEqual({ kind: 'timed-out' });
  });
});
