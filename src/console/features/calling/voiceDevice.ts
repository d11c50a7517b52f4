import type { CallState } from '../../../domain/voiceCalls';

/**
 * What the call panel needs of a voice device, whichever carrier is behind it (the server's
 * services/telephony/README.md): Twilio's browser SDK (twilioDevice.ts) or the simulated carrier's
 * device (simulatedDevice.ts). Both report the panel's display states of spec 000 section 2.7.
 */
export interface VoiceCallHandle {
  /** The call's id at the carrier (the voice call's `carrier_call_sid`), once the carrier has given one. */
  sid(): string | null;
  mute(muted: boolean): void;
  isMuted(): boolean;
  /** Ends the call (the caller hangs up). */
  disconnect(): void;
}

export interface VoiceDevice {
  /**
   * Places a call with the parameters the server's voice webhook reads (To, patient_id, phone_type,
   * note_type, test), from the chosen microphone; `onState` hears every display state until the call
   * is over.
   */
  connect(params: Record<string, string>, microphoneId: string, onState: (state: CallState) => void): Promise<VoiceCallHandle>;
  /** A newer token for the same device (spec 000 section 9: refetched every 60 s). */
  updateToken(token: string): void;
  destroy(): void;
}

/** A state after which nothing more happens to the call. */
export const isOver = (state: CallState) => state === 'hangup' || state === 'destroy' || state === 'purge';
