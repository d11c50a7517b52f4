import { describe, expect, it } from 'vitest';
import { formatPhone } from '../../../../src/console/renderer/core/format';
import { otherParty, playbackProgress, playbackTime, recordingPath, transcriptView } from '../../../../src/console/features/voiceCalls/voiceCallFormat';

describe('the recording player’s read-out', () => {
  it('is m:ss, minutes unpadded and counting past 59, seconds rounded down', () => {
    expect([0, 5.9, 65, 600, 3725].map(playbackTime)).toEqual(['0:00', '0:05', '1:05', '10:00', '62:05']);
  });

  it("says '-:--' for a length the audio does not know yet (NaN before its metadata, Infinity for a WebM)", () => {
    expect([Number.NaN, Number.POSITIVE_INFINITY, -1].map(playbackTime)).toEqual(['-:--', '-:--', '-:--']);
    expect(playbackProgress(3.2, 6)).toBe('0:03 / 0:06');
    expect(playbackProgress(0, Number.NaN)).toBe('0:00 / -:--');
  });
});

describe('recordingPath', () => {
  it('reads the server’s own address under the data provider’s base', () => {
    expect(recordingPath('/api/voice-calls/7/recording')).toBe('/voice-calls/7/recording');
    expect(recordingPath('/voice-calls/7/recording')).toBe('/voice-calls/7/recording');
    expect(recordingPath('/apiary/7')).toBe('/apiary/7');
  });
});

describe('transcriptView', () => {
  it('gives the transcript’s lines, blank ones dropped, each with its speaker where it names one', () => {
    const view = transcriptView({ carrier: 'twilio', transcript: 'Clinician (Dr. Lee): Hello Ada.\n\nPatient: Hi: all good.\r\nmumbling' });
    expect(view).toEqual({
      kind: 'lines',
      lines: [{ speaker: 'Clinician (Dr. Lee)', words: 'Hello Ada.' }, { speaker: 'Patient', words: 'Hi: all good.' }, { words: 'mumbling' }],
    });
  });

  it("says 'Simulated call: no transcript' for the built-in carrier's call, 'No transcript' for any other without one", () => {
    expect(transcriptView({ carrier: 'simulated', transcript: null })).toEqual({ kind: 'none', text: 'Simulated call: no transcript' });
    expect(transcriptView({ carrier: 'twilio', transcript: null })).toEqual({ kind: 'none', text: 'No transcript' });
    expect(transcriptView({ carrier: 'twilio', transcript: '  \n ' })).toEqual({ kind: 'none', text: 'No transcript' });
  });
});

describe('otherParty', () => {
  it('is the recipient of an outbound call and the caller of an inbound one, by name, else by number', () => {
    const call = { caller_name: 'Nora Admin', caller_phone_number: '+14155550100', recipient_name: 'Ada Byron', recipient_phone_number: '+15551234567' };
    expect(otherParty({ ...call, direction: 'outbound' }, formatPhone)).toBe('Ada Byron');
    expect(otherParty({ ...call, direction: 'inbound' }, formatPhone)).toBe('Nora Admin');
    expect(otherParty({ ...call, direction: 'outbound', recipient_name: null }, formatPhone)).toBe('(555) 123-4567');
    expect(otherParty({ direction: 'outbound', recipient_name: null, recipient_phone_number: null }, formatPhone)).toBeUndefined();
  });
});
