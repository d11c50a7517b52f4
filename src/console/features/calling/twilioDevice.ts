import type { CallState } from '../../../domain/voiceCalls';
import type { VoiceCallHandle, VoiceDevice } from './voiceDevice';

/**
 * Twilio's browser SDK (@twilio/voice-sdk), loaded only when a call starts. Its call events are the
 * panel's display states: connecting is 'trying' (Calling...), the callee's phone ringing too (the
 * server's TwiML dials with answerOnBridge, so the call is accepted when the callee answers), accept
 * 'active' (Connected), reconnecting 'recovering', reconnected 'active' again, disconnect 'hangup'
 * (Call ended), cancel, reject or an error 'destroy' (Call disconnected).
 */
export async function twilioDevice(token: string): Promise<VoiceDevice> {
  const { Device } = await import('@twilio/voice-sdk');
  const device = new Device(token, { closeProtection: 'A call is in progress. Leave the page and end it?' });
  return {
    updateToken: (next) => device.updateToken(next),
    destroy: () => device.destroy(),
    async connect(params, microphoneId, onState) {
      const emit = (state: CallState) => onState(state);
      emit('new');
      if (microphoneId && device.audio) await device.audio.setInputDevice(microphoneId);
      emit('trying');
      const call = await device.connect({ params });
      let over = false;
      const end = (state: CallState) => {
        if (over) return;
        over = true;
        emit(state);
      };
      call.on('ringing', () => emit('trying'));
      call.on('accept', () => emit('active'));
      call.on('reconnecting', () => emit('recovering'));
      call.on('reconnected', () => emit('active'));
      call.on('disconnect', () => end('hangup'));
      call.on('cancel', () => end('destroy'));
      call.on('reject', () => end('destroy'));
      call.on('error', () => end('destroy'));
      const handle: VoiceCallHandle = {
        sid: () => call.parameters.CallSid ?? null,
        mute: (muted) => call.mute(muted),
        isMuted: () => call.isMuted(),
        disconnect: () => call.disconnect(),
      };
      return handle;
    },
  };
}
