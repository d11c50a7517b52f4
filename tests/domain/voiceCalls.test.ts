import { describe, expect, it } from 'vitest';
import {
  CALL_STATE_LABELS,
  callButtonEnabled,
  callNoteMinutes,
  durationHms,
  durationMmSs,
  internationalNumber,
  mayOverrideNumber,
  mayReuseVoiceToken,
  onlyOverrideNumbers,
} from '../../src/domain/voiceCalls';

describe('voice call rules (issue 22; spec 000 sections 2.7, 4.3, 5, 9; 001 sections 5, 6)', () => {
  it('takes international numbers with their prefix, in any spacing, and refuses the rest', () => {
    expect(internationalNumber('+1 (415) 555-0134')).toBe('+14155550134');
    expect(internationalNumber('+44 20 7183 8750')).toBe('+442071838750');
    expect(internationalNumber(' +4915112345678 ')).toBe('+4915112345678');
    for (const bad of ['4155550134', '+0155550134', '+1 415', '+1415555013412345', '+1-415-555-01a4', '++14155550134', '+1415+5550134', ''])
      expect(internationalNumber(bad)).toBeNull();
  });

  it('lets the three admin roles, or anyone outside production, override the number; outside production or in demo only an override is dialled', () => {
    for (const role of ['superadmin', 'internal_admin', 'internal_billing_admin']) expect(mayOverrideNumber(role, 'production')).toBe(true);
    for (const role of ['internal_clinician', 'admin', 'clinician']) {
      expect(mayOverrideNumber(role, 'production')).toBe(false);
      expect(mayOverrideNumber(role, 'demo')).toBe(true);
    }
    expect(onlyOverrideNumbers('production', false)).toBe(false);
    expect(onlyOverrideNumbers('production', true)).toBe(true);
    expect(onlyOverrideNumbers('development', false)).toBe(true);
  });

  it('labels every display state word for word, and re-enables the Call button only after hangup, destroy or purge', () => {
    expect(CALL_STATE_LABELS).toEqual({
      new: 'Initializing call',
      trying: 'Calling...',
      requesting: 'Calling...',
      recovering: 'Reconnecting...',
      ringing: 'Incoming call',
      answering: 'Connecting...',
      early: 'Connected',
      active: 'Connected',
      held: 'On hold',
      hangup: 'Call ended',
      destroy: 'Call disconnected',
      purge: 'Call disconnected',
    });
    const enabled = Object.keys(CALL_STATE_LABELS).filter((state) => callButtonEnabled(state as keyof typeof CALL_STATE_LABELS));
    expect(enabled).toEqual(['hangup', 'destroy', 'purge']);
    expect(callButtonEnabled(null)).toBe(true);
  });

  it('reuses a token while its expiry is more than 5 minutes away', () => {
    const now = Date.parse('2026-12-07T10:00:00Z');
    expect(mayReuseVoiceToken('2026-12-07T10:05:01Z', now)).toBe(true);
    expect(mayReuseVoiceToken('2026-12-07T10:05:00Z', now)).toBe(false);
    expect(mayReuseVoiceToken('2026-12-07T09:59:00Z', now)).toBe(false);
  });

  it('writes durations as mm:ss and h/m/s, and a call’s note minutes rounded down', () => {
    expect(durationMmSs(754)).toBe('12:34');
    expect(durationMmSs(3725)).toBe('62:05');
    expect(durationMmSs(0)).toBe('00:00');
    expect(durationHms(5)).toBe('5s');
    expect(durationHms(75)).toBe('1m 15s');
    expect(durationHms(3725)).toBe('1h 2m 5s');
    expect(callNoteMinutes(59)).toBe(0);
    expect(callNoteMinutes(60)).toBe(1);
    expect(callNoteMinutes(119)).toBe(1);
    expect(callNoteMinutes(-3)).toBe(0);
  });
});
