import { Field, Label, Radio, RadioGroup, Switch } from '@headlessui/react';
import { useId, useState } from 'react';
import { INPUT_CLASSES } from '../../renderer/skin/inputClasses';
import { Button } from '../../ui/Button';
import { Modal } from '../../ui/Modal';
import {
  DEFAULT_END,
  DEFAULT_START,
  END_TIMES,
  REPEAT_CHOICES,
  SCOPE_CHOICES,
  START_TIMES,
  instantOf,
  localRange,
  minutesOf,
  texts,
  timeLabel,
  type Scope,
} from './calendar';
import { useCalendarUsers, useUserLocationChoices, type Occurrence, type SlotBody } from './useAvailabilityCalls';

/** What the dialog opens on: a new slot on a day (and a time), or an occurrence. */
export type DialogTarget = { kind: 'new'; day: string; time?: string | undefined } | { kind: 'edit'; occurrence: Occurrence };

interface Props {
  target: DialogTarget;
  /** `all`: any user, a location, times; `own`: the caller's own full days. */
  mode: 'all' | 'own';
  ownUserId: number;
  timeZone: string;
  now: Date;
  busy: boolean;
  onClose: () => void;
  onSave: (body: SlotBody, scope: Scope) => void;
  onDelete: (scope: Scope) => void;
}

interface FormState {
  userId: number | null;
  locationId: number | null;
  day: string;
  start: string;
  end: string;
  repeat: boolean;
  interval: string;
  until: string;
}

function initial(target: DialogTarget, mode: 'all' | 'own', ownUserId: number, timeZone: string): FormState {
  if (target.kind === 'edit') {
    const o = target.occurrence;
    const range = localRange(new Date(o.range_start), new Date(o.range_end), timeZone);
    return {
      userId: o.user_id,
      locationId: o.appointment_location_id,
      day: range.day,
      start: range.start,
      end: range.end,
      repeat: o.is_repeating,
      interval: o.repeat_interval ?? 'weekly',
      until: o.repeat_until ?? '',
    };
  }
  const start = mode === 'own' ? '00:00' : (target.time ?? DEFAULT_START);
  const end = mode === 'own' ? '24:00' : minutesOf(start) < minutesOf(DEFAULT_END) ? DEFAULT_END : '24:00';
  return { userId: mode === 'own' ? ownUserId : null, locationId: null, day: target.day, start, end, repeat: false, interval: 'weekly', until: '' };
}

/**
 * Add or edit a slot (spec 002 sections 5 and 9): user and location on /availability, the day,
 * start and end in 15-minute steps (7:00am to 5:30pm for a new slot), Repeat with its interval and
 * last day. My Availability adds full days (00:00 to 24:00 of the day), so it shows no times. A
 * repeating slot asks which events an edit or a deletion applies to.
 */
export function AvailabilityDialog({ target, mode, ownUserId, timeZone, now, busy, onClose, onSave, onDelete }: Props) {
  const [form, setForm] = useState(() => initial(target, mode, ownUserId, timeZone));
  const [scope, setScope] = useState<Scope>('this');
  const [problem, setProblem] = useState<string | null>(null);
  const users = useCalendarUsers(mode === 'all');
  const locations = useUserLocationChoices(mode === 'all' ? form.userId : null);
  const ids = { user: useId(), location: useId(), day: useId(), start: useId(), end: useId(), interval: useId(), until: useId(), problem: useId() };
  const editing = target.kind === 'edit';
  const repeating = editing && target.occurrence.is_repeating;
  const set = (change: Partial<FormState>) => setForm((f) => ({ ...f, ...change }));

  const save = () => {
    if (form.userId === null || form.day === '') return;
    const start = instantOf(form.day, form.start, timeZone);
    const end = instantOf(form.day, form.end, timeZone);
    if (end <= start) return setProblem(texts.endAfterStart);
    if (start < now) return setProblem(texts.past);
    setProblem(null);
    onSave(
      {
        is_repeating: form.repeat,
        repeat_interval: form.repeat ? form.interval : null,
        repeat_until: form.repeat && form.until !== '' ? form.until : null,
        range_start: start.toISOString(),
        range_end: end.toISOString(),
        // A new slot's day; an edit names the occurrence it changes.
        availability_date: editing ? target.occurrence.availability_date : form.day,
        timezone_abbr: timeZone,
        user_id: form.userId,
        appointment_location_id: form.locationId,
      },
      scope,
    );
  };

  return (
    <Modal open title={editing ? 'Edit Availability' : 'Add Availability'} onClose={onClose}>
      <form
        className="space-y-4"
        aria-describedby={problem ? ids.problem : undefined}
        onSubmit={(event) => {
          event.preventDefault();
          save();
        }}
      >
        {mode === 'all' && (
          <>
            <div>
              <label htmlFor={ids.user} className="block text-sm font-medium text-slate-700">
                User
              </label>
              <select
                id={ids.user}
                required
                className={`${INPUT_CLASSES} mt-1`}
                value={form.userId ?? ''}
                onChange={(e) => set({ userId: e.target.value === '' ? null : Number(e.target.value), locationId: null })}
              >
                <option value="">Choose a user</option>
                {editing && !users.data?.data.some((u) => u.id === target.occurrence.user_id) && (
                  <option value={target.occurrence.user_id}>{target.occurrence.user.full_name}</option>
                )}
                {(users.data?.data ?? []).map((u) => (
                  <option key={u.id} value={u.id}>
                    {u.full_name ?? `#${u.id}`}
                  </option>
                ))}
              </select>
            </div>
            <div>
              <label htmlFor={ids.location} className="block text-sm font-medium text-slate-700">
                Location
              </label>
              <select
                id={ids.location}
                className={`${INPUT_CLASSES} mt-1`}
                value={form.locationId ?? ''}
                disabled={form.userId === null}
                onChange={(e) => set({ locationId: e.target.value === '' ? null : Number(e.target.value) })}
              >
                <option value="">No location</option>
                {(locations.data ?? []).map((l) => (
                  <option key={l.location_id} value={l.location_id}>
                    {l.name ?? `#${l.location_id}`}
                  </option>
                ))}
              </select>
            </div>
          </>
        )}
        <div>
          <label htmlFor={ids.day} className="block text-sm font-medium text-slate-700">
            Date
          </label>
          <input id={ids.day} type="date" required className={`${INPUT_CLASSES} mt-1`} value={form.day} onChange={(e) => set({ day: e.target.value })} />
        </div>
        {mode === 'all' ? (
          <div className="grid grid-cols-2 gap-3">
            <div>
              <label htmlFor={ids.start} className="block text-sm font-medium text-slate-700">
                Start time
              </label>
              <select id={ids.start} className={`${INPUT_CLASSES} mt-1`} value={form.start} onChange={(e) => set({ start: e.target.value })}>
                {START_TIMES.map((t) => (
                  <option key={t} value={t}>
                    {timeLabel(t)}
                  </option>
                ))}
              </select>
            </div>
            <div>
              <label htmlFor={ids.end} className="block text-sm font-medium text-slate-700">
                End time
              </label>
              <select id={ids.end} className={`${INPUT_CLASSES} mt-1`} value={form.end} onChange={(e) => set({ end: e.target.value })}>
                {END_TIMES.map((t) => (
                  <option key={t} value={t}>
                    {timeLabel(t)}
                  </option>
                ))}
              </select>
            </div>
          </div>
        ) : (
          <p className="text-sm text-slate-600">The whole day</p>
        )}
        <Field className="flex items-center gap-2">
          <Switch
            checked={form.repeat}
            onChange={(repeat) => set({ repeat })}
            className="group relative inline-flex h-5 w-9 shrink-0 rounded-full bg-slate-300 transition focus-visible:outline-2 focus-visible:outline-offset-2 focus-visible:outline-blue-600 data-[checked]:bg-blue-700"
          >
            <span className="pointer-events-none inline-block size-4 translate-x-0.5 translate-y-0.5 rounded-full bg-white shadow transition group-data-[checked]:translate-x-4" />
          </Switch>
          <Label className="text-sm text-slate-700">Repeat</Label>
        </Field>
        {form.repeat && (
          <div className="grid grid-cols-2 gap-3">
            <div>
              <label htmlFor={ids.interval} className="block text-sm font-medium text-slate-700">
                Repeats
              </label>
              <select id={ids.interval} className={`${INPUT_CLASSES} mt-1`} value={form.interval} onChange={(e) => set({ interval: e.target.value })}>
                {REPEAT_CHOICES.map((c) => (
                  <option key={c.value} value={c.value}>
                    {c.label}
                  </option>
                ))}
              </select>
            </div>
            <div>
              <label htmlFor={ids.until} className="block text-sm font-medium text-slate-700">
                Repeat until
              </label>
              <input
                id={ids.until}
                type="date"
                required
                min={form.day}
                className={`${INPUT_CLASSES} mt-1`}
                value={form.until}
                onChange={(e) => set({ until: e.target.value })}
              />
            </div>
          </div>
        )}
        {repeating && (
          <RadioGroup value={scope} onChange={setScope} aria-label="Apply to" className="space-y-1">
            {SCOPE_CHOICES.map((choice) => (
              <Field key={choice.value} className="flex items-center gap-2">
                <Radio
                  value={choice.value}
                  className="group flex size-4 items-center justify-center rounded-full border border-slate-400 bg-white data-[checked]:border-blue-700 data-[checked]:bg-blue-700 focus-visible:outline-2 focus-visible:outline-blue-600"
                >
                  <span className="invisible size-1.5 rounded-full bg-white group-data-[checked]:visible" />
                </Radio>
                <Label className="text-sm text-slate-700">{choice.label}</Label>
              </Field>
            ))}
          </RadioGroup>
        )}
        {problem && (
          <p id={ids.problem} role="alert" className="text-sm text-red-700">
            {problem}
          </p>
        )}
        <div className="flex flex-wrap justify-end gap-2">
          {editing && (
            <Button variant="danger" className="mr-auto" disabled={busy} onClick={() => onDelete(scope)}>
              Delete
            </Button>
          )}
          <Button onClick={onClose}>Cancel</Button>
          <Button type="submit" variant="primary" disabled={busy || form.userId === null}>
            Save
          </Button>
        </div>
      </form>
    </Modal>
  );
}
