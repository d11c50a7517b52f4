import { useAtomValue } from 'jotai';
import { useEffect, useId, useRef, useState, type FormEvent } from 'react';
import {
  CALL_STATE_LABELS,
  callNoteMinutes,
  durationHms,
  durationMmSs,
  isFinalStatus,
  VOICE_TOKEN_REFETCH_MS,
  type CallState,
} from '../../../domain/voiceCalls';
import { fetcher } from '../../api/client';
import { Button } from '../../ui/Button';
import { monitoringTypeLabel } from '../activities/activityFormat';
import { CALL_TYPES } from './CallDialog';
import { callStateAtom, callStore, closeCall, type CallRequest } from './callStore';
import { simulatedDevice } from './simulatedDevice';
import { twilioDevice } from './twilioDevice';
import { isOver, type VoiceCallHandle, type VoiceDevice } from './voiceDevice';
import { voiceTokens } from './voiceToken';

/** The calls already placed: React may run an effect twice in development, a call is placed once. */
const placed = new Set<number>();

/** A second's tick while `on`, for the timer. */
function useNow(on: boolean): number {
  const [now, setNow] = useState(Date.now);
  useEffect(() => {
    if (!on) return;
    const timer = setInterval(() => setNow(Date.now()), 1000);
    return () => clearInterval(timer);
  }, [on]);
  return now;
}

interface CallRecord {
  id: number;
  status: string;
  duration: number;
  monitoring_activity_id: number | null;
}

/** The call as the server recorded it, once the carrier's callbacks say it is over (they may trail the browser by a moment). */
function useFinishedCall(sid: string | null, over: boolean): { call: CallRecord | null; failed: boolean } {
  const [found, setFound] = useState<{ call: CallRecord | null; failed: boolean }>({ call: null, failed: false });
  useEffect(() => {
    if (!sid || !over) return;
    let gone = false;
    void (async () => {
      for (let attempt = 0; attempt < 20 && !gone; attempt++) {
        const response = await fetcher(`/voice-calls?filter=${encodeURIComponent(JSON.stringify({ 'carrier_call_sid[eq]': sid }))}`).catch(() => null);
        const rows = response?.ok ? ((await response.json()) as CallRecord[]) : [];
        const call = rows[0];
        if (call && isFinalStatus(call.status)) {
          if (!gone) setFound({ call, failed: false });
          return;
        }
        await new Promise((resolve) => setTimeout(resolve, 1000));
      }
      if (!gone) setFound({ call: null, failed: true });
    })();
    return () => {
      gone = true;
    };
  }, [sid, over]);
  return found;
}

/**
 * The call panel (spec 000 sections 2.7 and 4.3): the call's display state in the spec's words, the
 * timer while connected, mute and unmute, End Call, and Close once the call has ended. It places the
 * call when it opens, with the device of the carrier the token names (Twilio's SDK or the simulated
 * carrier's), and keeps the token fresh every 60 s. Once a call with a patient is over, it offers the
 * call as a monitoring note, prefilled with the call's minutes (issue 22).
 */
export function CallPanel({ request }: { request: CallRequest }) {
  const state = useAtomValue(callStateAtom, { store: callStore }) ?? 'new';
  const [handle, setHandle] = useState<VoiceCallHandle | null>(null);
  const [carrier, setCarrier] = useState<'twilio' | 'simulated' | null>(null);
  const [problem, setProblem] = useState<string | null>(null);
  const [muted, setMuted] = useState(false);
  const [connectedAt, setConnectedAt] = useState<number | null>(null);
  const [endedAt, setEndedAt] = useState<number | null>(null);
  const device = useRef<VoiceDevice | null>(null);
  const over = isOver(state);
  const now = useNow(state === 'active' || state === 'held' || state === 'recovering');
  const titleId = useId();

  useEffect(() => {
    if (placed.has(request.id)) return;
    placed.add(request.id);
    const enter = (next: CallState) => {
      callStore.set(callStateAtom, next);
      if (next === 'active') setConnectedAt((at) => at ?? Date.now());
      if (isOver(next)) setEndedAt((at) => at ?? Date.now());
    };
    void (async () => {
      try {
        const token = await voiceTokens.get();
        setCarrier(token.carrier);
        device.current = token.carrier === 'twilio' ? await twilioDevice(token.token) : simulatedDevice(token.token);
        setHandle(await device.current.connect(request.params, request.microphoneId, enter));
      } catch (error) {
        setProblem(error instanceof Error ? error.message : 'The call could not be placed');
        enter('destroy');
      }
    })();
  }, [request]);

  // Spec 000 section 9: the token is refetched every 60 s (the keeper reuses it while it has more than 5 minutes).
  useEffect(() => {
    if (over) return;
    const timer = setInterval(() => {
      voiceTokens
        .get()
        .then((token) => device.current?.updateToken(token.token))
        .catch(() => undefined);
    }, VOICE_TOKEN_REFETCH_MS);
    return () => clearInterval(timer);
  }, [over]);

  useEffect(() => () => device.current?.destroy(), []);

  const seconds = connectedAt === null ? 0 : Math.floor(((endedAt ?? now) - connectedAt) / 1000);
  const toggleMute = () => {
    if (!handle) return;
    handle.mute(!muted);
    setMuted(handle.isMuted());
  };
  const who = request.patient?.name ?? request.params.To ?? 'Test call';

  return (
    <section
      aria-labelledby={titleId}
      className="fixed inset-x-2 bottom-2 z-40 max-h-[85dvh] overflow-y-auto rounded-lg border border-slate-300 bg-white p-4 shadow-xl sm:inset-x-auto sm:right-4 sm:bottom-4 sm:w-96"
    >
      <h2 id={titleId} className="text-base font-semibold text-slate-900">
        {request.patient ? `Call with ${who}` : `Test call to ${who}`}
      </h2>
      {carrier === 'simulated' && <p className="text-xs text-slate-600">Simulated call: no phone is dialled and there is no transcript.</p>}
      <p role="status" aria-live="polite" className="mt-2 text-lg font-medium text-slate-900">
        {CALL_STATE_LABELS[state]}
      </p>
      {connectedAt !== null && (
        <p className="text-sm text-slate-700">
          <span className="sr-only">Duration </span>
          <time dateTime={`PT${seconds}S`}>{durationHms(seconds)}</time>
        </p>
      )}
      {problem && (
        <p role="alert" className="mt-2 text-sm text-red-700">
          {problem}
        </p>
      )}
      <div className="mt-3 flex flex-wrap gap-2">
        {!over && state === 'active' && (
          <Button variant="secondary" aria-pressed={muted} onClick={toggleMute}>
            {muted ? 'Unmute' : 'Mute'}
          </Button>
        )}
        {!over && (
          <Button variant="danger" onClick={() => handle?.disconnect()} disabled={!handle}>
            End Call
          </Button>
        )}
        {over && (
          <Button variant="secondary" onClick={closeCall}>
            Close
          </Button>
        )}
      </div>
      {over && request.patient && connectedAt !== null && <CallNote request={request} sid={handle?.sid() ?? null} />}
    </section>
  );
}

/**
 * The call as care time (issue 22): a monitoring note of the patient, of the type chosen for the call,
 * prefilled with the call's minutes as the server recorded them (whole minutes, rounded down) and
 * patient_contacted, linked to the call; the clinician confirms or edits it. The server refuses a
 * second note of the same call.
 */
function CallNote({ request, sid }: { request: CallRequest; sid: string | null }) {
  const { call, failed } = useFinishedCall(sid, true);
  const [type, setType] = useState(request.noteType ?? 'note');
  const [minutes, setMinutes] = useState<string | null>(null);
  const [description, setDescription] = useState<string | null>(null);
  const [contacted, setContacted] = useState(true);
  const [result, setResult] = useState<{ saved: boolean; message: string } | null>(null);
  const [saving, setSaving] = useState(false);
  const ids = { type: useId(), minutes: useId(), description: useId(), contacted: useId() };
  if (failed) return <p className="mt-3 text-sm text-slate-700">The call’s record is not available yet: add its note from the patient’s record.</p>;
  if (!call) return <p className="mt-3 text-sm text-slate-700">Preparing the call’s note…</p>;
  if (call.monitoring_activity_id !== null && !result) return <p className="mt-3 text-sm text-slate-700">This call has its monitoring note.</p>;
  const shownMinutes = minutes ?? String(callNoteMinutes(call.duration));
  const shownDescription = description ?? `Phone call with ${request.patient?.name ?? 'the patient'} (${durationMmSs(call.duration)}).`;

  const save = async (event: FormEvent) => {
    event.preventDefault();
    setSaving(true);
    try {
      const response = await fetcher('/monitoring-activities', {
        method: 'POST',
        headers: { 'content-type': 'application/json' },
        body: JSON.stringify({
          patient_id: request.patient?.id,
          type,
          description: shownDescription,
          duration: Math.max(0, Math.round(Number(shownMinutes) || 0)) * 60,
          patient_contacted: contacted,
          voice_call_id: call.id,
        }),
      });
      const body = (await response.json().catch(() => ({}))) as { detail?: unknown };
      if (response.ok) setResult({ saved: true, message: `Monitoring note saved: ${shownMinutes} min` });
      else setResult({ saved: false, message: typeof body.detail === 'string' ? body.detail : 'Unable to save the note' });
    } finally {
      setSaving(false);
    }
  };

  if (result?.saved) {
    return (
      <p role="status" className="mt-3 text-sm text-green-800">
        {result.message}
      </p>
    );
  }
  return (
    <form onSubmit={(event) => void save(event)} className="mt-4 space-y-3 border-t border-slate-200 pt-3" aria-label="Monitoring note of the call">
      <p className="text-sm font-medium text-slate-900">Save the call as a monitoring note</p>
      <div>
        <label htmlFor={ids.type} className="block text-sm text-slate-800">
          Type
        </label>
        <select
          id={ids.type}
          value={type}
          onChange={(e) => setType(e.target.value)}
          className="mt-1 block w-full rounded-md border border-slate-400 px-2 py-1.5"
        >
          {CALL_TYPES.map((value) => (
            <option key={value} value={value}>
              {monitoringTypeLabel(value)}
            </option>
          ))}
        </select>
      </div>
      <div>
        <label htmlFor={ids.minutes} className="block text-sm text-slate-800">
          Minutes
        </label>
        <input
          id={ids.minutes}
          type="number"
          min={0}
          max={600}
          step={1}
          value={shownMinutes}
          onChange={(e) => setMinutes(e.target.value)}
          className="mt-1 block w-28 rounded-md border border-slate-400 px-2 py-1.5"
        />
      </div>
      <div>
        <label htmlFor={ids.description} className="block text-sm text-slate-800">
          Description
        </label>
        <textarea
          id={ids.description}
          rows={3}
          value={shownDescription}
          onChange={(e) => setDescription(e.target.value)}
          className="mt-1 block w-full rounded-md border border-slate-400 px-2 py-1.5"
        />
      </div>
      <div className="flex items-center gap-2">
        <input id={ids.contacted} type="checkbox" checked={contacted} onChange={(e) => setContacted(e.target.checked)} />
        <label htmlFor={ids.contacted} className="text-sm text-slate-800">
          Patient contacted
        </label>
      </div>
      {result && !result.saved && (
        <p role="alert" className="text-sm text-red-700">
          {result.message}
        </p>
      )}
      <Button type="submit" variant="primary" disabled={saving || shownDescription.trim() === ''}>
        Save Note
      </Button>
    </form>
  );
}
