import type { VoiceCall } from '../../../../schemas/entities/voiceCall';

/** A call as a list row or GET voice-calls/{id} gives it (every field may be missing from a row). */
export type CallRow = Partial<VoiceCall>;

/**
 * The details dialog's words. The spec gives none but the lists' (spec 000 section 2.7: "A details
 * view can play the recording ... and show a transcript"); these are issue 22's.
 */
export const VOICE_CALL_DETAILS_TEXTS = {
  title: 'Voice Call Details',
  noRecording: 'No recording',
  simulatedTranscript: 'Simulated call: no transcript',
  noTranscript: 'No transcript',
  recordingLoading: 'Loading the recording…',
  recordingFailed: 'The recording could not be loaded: ',
  refreshFailed: 'The call could not be read again; this is what the list showed. ',
} as const;

/** A position or length of the recording as m:ss (minutes unpadded, counting past 59): 65 -> '1:05'; unknown -> '-:--'. */
export function playbackTime(seconds: number): string {
  if (!Number.isFinite(seconds) || seconds < 0) return '-:--';
  const whole = Math.floor(seconds);
  return `${Math.floor(whole / 60)}:${String(whole % 60).padStart(2, '0')}`;
}

/**
 * The player's read-out, 'm:ss / m:ss': where it is and how long the recording lasts. A browser's
 * own recording (WebM) may not say its length until it has been played through: '0:04 / -:--'.
 */
export const playbackProgress = (position: number, length: number) => `${playbackTime(position)} / ${playbackTime(length)}`;

/**
 * The API path of a call's recording, under the data provider's base: the server answers its own
 * address (`/api/voice-calls/7/recording`), which the console's client reads with the session.
 */
export function recordingPath(recordingUrl: string): string {
  return recordingUrl.replace(/^\/api(?=\/)/, '');
}

export interface TranscriptLine {
  /** Who speaks, when the line starts with a short name and a colon ('Clinician (Dr. Lee)'). */
  speaker?: string;
  words: string;
}

/** What the transcript part says: the transcript's lines, else why there is none. */
export type TranscriptView = { kind: 'lines'; lines: TranscriptLine[] } | { kind: 'none'; text: string };

const SPEAKER = /^([^:\n]{1,60}):\s+(.+)$/;

/**
 * A call's transcript as its lines (blank ones dropped), each with its speaker where the line names
 * one. Without a transcript: a simulated call says so (the built-in carrier makes none), any other
 * 'No transcript'.
 */
export function transcriptView(call: Pick<CallRow, 'transcript' | 'carrier'>): TranscriptView {
  const lines = (call.transcript ?? '')
    .split(/\r?\n/)
    .map((line) => line.trim())
    .filter((line) => line !== '');
  if (lines.length === 0) {
    return { kind: 'none', text: call.carrier === 'simulated' ? VOICE_CALL_DETAILS_TEXTS.simulatedTranscript : VOICE_CALL_DETAILS_TEXTS.noTranscript };
  }
  return {
    kind: 'lines',
    lines: lines.map((line) => {
      const named = SPEAKER.exec(line);
      return named?.[1] && named[2] ? { speaker: named[1].trim(), words: named[2] } : { words: line };
    }),
  };
}

/**
 * Who the call was with, seen from the console's side: the recipient of an outbound call, the
 * caller of an inbound one; by name, else by number.
 */
export function otherParty(call: CallRow, formatPhone: (value: unknown) => string): string | undefined {
  const [name, phone] = call.direction === 'inbound' ? [call.caller_name, call.caller_phone_number] : [call.recipient_name, call.recipient_phone_number];
  if (name) return name;
  return phone ? formatPhone(phone) : undefined;
}
