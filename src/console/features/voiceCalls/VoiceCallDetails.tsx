import { useId } from 'react';
import { timeZoneOf } from '../../renderer/core/context';
import { EMPTY_TEXT, formatDateTime, formatDurationMmss, formatPhone, formatText } from '../../renderer/core/format';
import { codeLabel } from '../../renderer/core/templates';
import { useScreenEnvironment, useScreenRegistries } from '../../renderer/environmentContext';
import { RecordingPlayer } from './RecordingPlayer';
import { useVoiceCall } from './useVoiceCallCalls';
import { transcriptView, VOICE_CALL_DETAILS_TEXTS, type CallRow } from './voiceCallFormat';

function Transcript({ call, labelledBy }: { call: CallRow; labelledBy: string }) {
  const view = transcriptView(call);
  if (view.kind === 'none') return <p className="text-sm text-slate-700">{view.text}</p>;
  return (
    <ol aria-labelledby={labelledBy} className="max-h-64 space-y-1 overflow-y-auto rounded-md border border-slate-200 p-3 text-sm text-slate-900">
      {view.lines.map((line, index) => (
        <li key={index} className="break-words">
          {line.speaker && <span className="font-semibold">{line.speaker}: </span>}
          {line.words}
        </li>
      ))}
    </ol>
  );
}

/**
 * The body of a call's details dialog (spec 000 section 2.7 "A details view can play the recording
 * (progress polled every 0.5 s) and show a transcript"; 002 section 2): the call read again
 * (GET voice-calls/{id}), its fields in words as the lists name them (the time in the user's zone,
 * which the shell takes from the browser: the list's 'Time (local)'), then its recording and its
 * transcript.
 */
export function VoiceCallDetails({ row }: { row: CallRow }) {
  const { call, refreshError } = useVoiceCall(row);
  const { labels } = useScreenRegistries();
  const timeZone = timeZoneOf(useScreenEnvironment());
  const recordingHeading = useId();
  const transcriptHeading = useId();
  const code = (value: string | null | undefined) => (value ? codeLabel(value, labels) : EMPTY_TEXT);
  const items: readonly (readonly [string, string])[] = [
    ['Time (local)', formatDateTime(call.call_time ?? call.start_time, timeZone)],
    ['Direction', code(call.direction)],
    ['Status', code(call.status)],
    ['Duration (mm:ss)', formatDurationMmss(call.duration)],
    ['Caller Name', formatText(call.caller_name)],
    ['Caller Phone Number', formatPhone(call.caller_phone_number)],
    ['Recipient Name', formatText(call.recipient_name)],
    ['Recipient Phone Number', formatPhone(call.recipient_phone_number)],
    ['Hangup Source', code(call.hangup_source)],
  ];
  return (
    <div className="space-y-4">
      {refreshError && (
        <p role="alert" className="rounded-md bg-amber-50 p-3 text-sm text-amber-950">
          {VOICE_CALL_DETAILS_TEXTS.refreshFailed}
          {refreshError.message}
        </p>
      )}
      <dl className="grid grid-cols-[auto_1fr] gap-x-4 gap-y-1 text-sm">
        {items.map(([term, value]) => (
          <div key={term} className="contents">
            <dt className="text-slate-600">{term}</dt>
            <dd className="break-words text-slate-900">{value}</dd>
          </div>
        ))}
      </dl>
      <section aria-labelledby={recordingHeading} className="space-y-2">
        <h3 id={recordingHeading} className="text-sm font-semibold text-slate-900">
          Recording
        </h3>
        <RecordingPlayer recordingUrl={call.recording_url} />
      </section>
      <section aria-labelledby={transcriptHeading} className="space-y-2">
        <h3 id={transcriptHeading} className="text-sm font-semibold text-slate-900">
          Transcript
        </h3>
        <Transcript call={call} labelledBy={transcriptHeading} />
      </section>
    </div>
  );
}
