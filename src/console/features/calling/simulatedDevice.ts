import type { CallState } from '../../../domain/voiceCalls';
import { apiUrl } from '../../api/session';
import type { VoiceCallHandle, VoiceDevice } from './voiceDevice';

/**
 * The simulated carrier's device (the server's services/telephony/simulatedCarrier.ts): it places,
 * answers and ends calls through the carrier's device API with the voice token, as Twilio's device does
 * over its own connection, and reports the same display states. It records the chosen microphone
 * (MediaRecorder) while the call is connected, with the sound off while muted, and hands the recording
 * to the carrier when the call ends, as a real carrier records the line.
 */
export function simulatedDevice(initialToken: string): VoiceDevice {
  let token = initialToken;
  const post = (path: string, body?: BodyInit, contentType = 'application/json') =>
    fetch(apiUrl(`/simulated-carrier/calls${path}`), {
      method: 'POST',
      headers: { authorization: `Bearer ${token}`, ...(body ? { 'content-type': contentType } : {}) },
      ...(body ? { body } : {}),
    });

  return {
    updateToken(next) {
      token = next;
    },
    destroy() {},
    async connect(params, microphoneId, onState) {
      let state: CallState = 'new';
      const enter = (next: CallState) => {
        state = next;
        onState(next);
      };
      enter('new');
      const stream = await navigator.mediaDevices.getUserMedia({ audio: microphoneId ? { deviceId: { exact: microphoneId } } : true });
      const track = stream.getAudioTracks()[0];
      const chunks: Blob[] = [];
      const recorder = typeof MediaRecorder === 'undefined' ? null : new MediaRecorder(stream);
      recorder?.addEventListener('dataavailable', (event) => {
        if (event.data.size > 0) chunks.push(event.data);
      });
      const release = () => stream.getTracks().forEach((t) => t.stop());

      let sid: string | null = null;
      let answerTimer: ReturnType<typeof setTimeout> | undefined;
      let ending = false;
      enter('trying');
      const placed = await post('', JSON.stringify({ params }));
      if (!placed.ok) {
        release();
        enter('destroy');
        throw new Error(`The call could not be placed (HTTP ${placed.status})`);
      }
      const call = (await placed.json()) as { sid: string; status: string; answer_after_ms: number };
      sid = call.sid;
      if (call.status !== 'ringing') {
        release();
        enter('destroy');
      } else {
        // The simulated callee picks up after the time the carrier says.
        answerTimer = setTimeout(() => {
          if (ending) return;
          void post(`/${call.sid}/answer`).then(async (answer) => {
            const body = answer.ok ? ((await answer.json()) as { status: string }) : { status: 'failed' };
            if (ending) return;
            if (body.status === 'in-progress') {
              recorder?.start();
              enter('active');
            } else {
              release();
              enter('hangup');
            }
          });
        }, call.answer_after_ms);
      }

      const stopRecording = () =>
        new Promise<Blob | null>((resolve) => {
          if (!recorder || recorder.state === 'inactive') return resolve(null);
          recorder.addEventListener('stop', () => resolve(chunks.length ? new Blob(chunks, { type: recorder.mimeType || 'audio/webm' }) : null), {
            once: true,
          });
          recorder.stop();
        });

      const handle: VoiceCallHandle = {
        sid: () => sid,
        isMuted: () => track?.enabled === false,
        mute(muted) {
          if (track) track.enabled = !muted;
        },
        disconnect() {
          if (ending || state === 'destroy' || state === 'hangup') return;
          ending = true;
          clearTimeout(answerTimer);
          void stopRecording().then(async (recording) => {
            release();
            const type = (recording?.type || 'audio/webm').split(';')[0]!;
            await post(`/${call.sid}/hangup?by=caller`, recording ?? undefined, type).catch(() => undefined);
            enter('hangup');
          });
        },
      };
      return handle;
    },
  };
}
