import { useEffect, useRef, useState } from 'react';
import { RECORDING_POLL_MS } from '../../../domain/voiceCalls';
import { Button } from '../../ui/Button';
import { useRecording } from './useVoiceCallCalls';
import { playbackProgress, VOICE_CALL_DETAILS_TEXTS } from './voiceCallFormat';

/**
 * Where the audio element is and how long it lasts: read every RECORDING_POLL_MS while it plays
 * (spec 000 section 2.7, "progress polled every 0.5 s"; section 9), and once when it stops, is
 * moved or learns its length.
 */
function usePlaybackProgress() {
  const audio = useRef<HTMLAudioElement>(null);
  const [progress, setProgress] = useState({ position: 0, length: Number.NaN });
  const [playing, setPlaying] = useState(false);
  useEffect(() => {
    const element = audio.current;
    if (!element) return;
    const read = () => setProgress({ position: element.currentTime, length: element.duration });
    const play = () => setPlaying(true);
    const stop = () => {
      setPlaying(false);
      read();
    };
    const readEvents = ['loadedmetadata', 'durationchange', 'seeked'] as const;
    element.addEventListener('play', play);
    element.addEventListener('pause', stop);
    element.addEventListener('ended', stop);
    readEvents.forEach((name) => element.addEventListener(name, read));
    return () => {
      element.removeEventListener('play', play);
      element.removeEventListener('pause', stop);
      element.removeEventListener('ended', stop);
      readEvents.forEach((name) => element.removeEventListener(name, read));
    };
  }, []);
  useEffect(() => {
    const element = audio.current;
    if (!playing || !element) return;
    const timer = setInterval(() => setProgress({ position: element.currentTime, length: element.duration }), RECORDING_POLL_MS);
    return () => clearInterval(timer);
  }, [playing]);
  return { audio, text: playbackProgress(progress.position, progress.length) };
}

/** The native player (play, pause, seek, volume: the browser's own controls) and the progress read-out. */
function Player({ url }: { url: string }) {
  const { audio, text } = usePlaybackProgress();
  return (
    <div className="space-y-1">
      <audio ref={audio} src={url} controls preload="metadata" aria-label="Call recording" className="w-full">
        Your browser cannot play this recording.
      </audio>
      {/* A timer is not live: a screen reader reads it when asked, not twice a second. */}
      <div role="timer" aria-label="Playback position" className="text-sm tabular-nums text-slate-700">
        {text}
      </div>
    </div>
  );
}

/** A recording fetched with the session and played from memory (useRecording). */
function LoadedRecording({ recordingUrl }: { recordingUrl: string }) {
  const recording = useRecording(recordingUrl);
  switch (recording.status) {
    case 'loading':
      return (
        <p role="status" className="text-sm text-slate-600">
          {VOICE_CALL_DETAILS_TEXTS.recordingLoading}
        </p>
      );
    case 'missing':
      return <p className="text-sm text-slate-700">{VOICE_CALL_DETAILS_TEXTS.noRecording}</p>;
    case 'failed':
      return (
        <div role="alert" className="flex flex-wrap items-center justify-between gap-3 rounded-md bg-red-50 p-3 text-sm text-red-800">
          <p>
            {VOICE_CALL_DETAILS_TEXTS.recordingFailed}
            {recording.error.message}
          </p>
          <Button onClick={recording.retry}>Retry</Button>
        </div>
      );
    case 'ready':
      return <Player url={recording.url} />;
  }
}

/** A call's recording, or 'No recording' for a call without one (`recording_url` null). */
export function RecordingPlayer({ recordingUrl }: { recordingUrl: string | null | undefined }) {
  if (!recordingUrl) return <p className="text-sm text-slate-700">{VOICE_CALL_DETAILS_TEXTS.noRecording}</p>;
  return <LoadedRecording key={recordingUrl} recordingUrl={recordingUrl} />;
}
