import { useMemo, useState } from 'react';
import type { OptionsOf } from '../../renderer/registries/registryEntry';
import { useScreenEnvironment } from '../../renderer/environmentContext';
import { INPUT_CLASSES } from '../../renderer/skin/inputClasses';
import { ErrorMessage } from '../../renderer/skin/StatusViews';
import { Button } from '../../ui/Button';
import { AvailabilityDialog, type DialogTarget } from './AvailabilityDialog';
import { ROWS, ROW_COUNT, browserTimeZone, dayLabel, instantOf, localRange, placement, timeLabel, todayIn, weekDays, weekStartOf } from './calendar';
import { useAvailabilityWeek, useAvailabilityWrites, useCalendarLocations, useCalendarUsers } from './useAvailabilityCalls';
import { addDays } from '../../../domain/zonedDays';
import type { availabilityCalendarOptions } from './AvailabilityCalendarWidget.options';

const ROW_REM = 1.5;

/**
 * The availability week calendar (spec 002 sections 2 and 9): `mode: all` is /availability (every
 * user's slots, filtered by user and location, added for any user with times), `mode: own` is
 * My Availability (the caller's own slots, added as full days). Days run Sunday to Saturday, 05:00
 * to 22:00 in 30-minute rows with the hours outside 07:00 to 19:00 shaded, in the browser's zone.
 * A CSS grid of our own: no calendar library (they bring their own styling and a month of weight
 * for one week view). On a narrow screen the week scrolls sideways in its own region.
 */
export function AvailabilityCalendarWidget({ options }: { options: OptionsOf<typeof availabilityCalendarOptions> }) {
  const mode = options.mode === 'own' ? 'own' : 'all';
  return <AvailabilityCalendar mode={mode} />;
}

function AvailabilityCalendar({ mode }: { mode: 'all' | 'own' }) {
  const { identity, permissions } = useScreenEnvironment();
  const timeZone = useMemo(browserTimeZone, []);
  const today = todayIn(timeZone);
  const [weekStart, setWeekStart] = useState(() => weekStartOf(today));
  const [userFilter, setUserFilter] = useState('');
  const [locationFilter, setLocationFilter] = useState('');
  const [target, setTarget] = useState<DialogTarget | null>(null);
  const days = weekDays(weekStart);
  const week = useAvailabilityWeek({
    start: weekStart,
    end: addDays(weekStart, 6),
    timeZone,
    // My Availability is the caller's own, whatever its scope reaches.
    userIds: mode === 'own' ? [identity.id] : userFilter ? [Number(userFilter)] : undefined,
    locationIds: locationFilter ? [Number(locationFilter)] : undefined,
  });
  const users = useCalendarUsers(mode === 'all');
  const locations = useCalendarLocations(mode === 'all');
  const writes = useAvailabilityWrites();
  const canAdd = permissions['availabilities.create'] !== undefined;
  const canEdit = permissions['availabilities.update'] !== undefined;
  const now = new Date();
  const close = () => setTarget(null);

  const blocks = (week.data ?? []).flatMap((o) => {
    const at = placement(new Date(o.range_start), new Date(o.range_end), timeZone);
    return at ? [{ occurrence: o, ...at }] : [];
  });

  return (
    <div className="space-y-3">
      <div className="flex flex-wrap items-end gap-2">
        <Button onClick={() => setWeekStart(addDays(weekStart, -7))} aria-label="Previous week">
          ‹
        </Button>
        <Button onClick={() => setWeekStart(weekStartOf(today))}>Today</Button>
        <Button onClick={() => setWeekStart(addDays(weekStart, 7))} aria-label="Next week">
          ›
        </Button>
        <p className="px-2 text-sm font-medium text-slate-800" aria-live="polite">
          {dayLabel(days[0] ?? weekStart)} – {dayLabel(days[6] ?? weekStart)}, {weekStart.slice(0, 4)}
        </p>
        {mode === 'all' && (
          <div className="ml-auto flex flex-wrap gap-2">
            <label className="text-sm text-slate-700">
              <span className="block">User</span>
              <select className={INPUT_CLASSES} value={userFilter} onChange={(e) => setUserFilter(e.target.value)}>
                <option value="">All users</option>
                {(users.data?.data ?? []).map((u) => (
                  <option key={u.id} value={u.id}>
                    {u.full_name ?? `#${u.id}`}
                  </option>
                ))}
              </select>
            </label>
            <label className="text-sm text-slate-700">
              <span className="block">Location</span>
              <select className={INPUT_CLASSES} value={locationFilter} onChange={(e) => setLocationFilter(e.target.value)}>
                <option value="">All locations</option>
                {(locations.data?.data ?? []).map((l) => (
                  <option key={l.id} value={l.id}>
                    {l.name ?? `#${l.id}`}
                  </option>
                ))}
              </select>
            </label>
          </div>
        )}
      </div>
      {week.isError && <ErrorMessage error={week.error} onRetry={() => void week.refetch()} />}
      <div role="region" aria-label="Availability week" tabIndex={0} className="overflow-x-auto rounded border border-slate-200">
        <div className="grid min-w-[44rem] grid-cols-[4rem_repeat(7,minmax(5.5rem,1fr))]" aria-busy={week.isFetching}>
          <div className="border-b border-slate-200 bg-slate-50" />
          {days.map((day) => (
            <div
              key={day}
              className={`border-b border-l border-slate-200 px-1 py-1 text-center text-xs font-semibold ${day === today ? 'bg-blue-50 text-blue-800' : 'bg-slate-50 text-slate-700'}`}
            >
              {dayLabel(day)}
            </div>
          ))}
          {/* The hours are read from each cell's and slot's own label. */}
          <div aria-hidden="true">
            {ROWS.map((row) => (
              <div key={row.time} style={{ height: `${ROW_REM}rem` }} className="pr-1 text-right text-[0.7rem] leading-none text-slate-500">
                {row.time.endsWith(':00') ? timeLabel(row.time) : ''}
              </div>
            ))}
          </div>
          {days.map((day) => (
            <div key={day} className="relative border-l border-slate-200" style={{ height: `${ROW_COUNT * ROW_REM}rem` }}>
              {ROWS.map((row) => {
                const addable = canAdd && (mode === 'own' ? day > today : instantOf(day, row.time, timeZone) > now);
                return addable ? (
                  <button
                    key={row.time}
                    type="button"
                    aria-label={mode === 'own' ? `Add availability on ${dayLabel(day)}` : `Add availability on ${dayLabel(day)} at ${timeLabel(row.time)}`}
                    onClick={() => setTarget({ kind: 'new', day, time: row.time })}
                    style={{ height: `${ROW_REM}rem` }}
                    className={`block w-full border-b border-slate-100 hover:bg-blue-50 focus-visible:outline-2 focus-visible:outline-blue-600 ${row.shaded ? 'bg-slate-100' : ''}`}
                  />
                ) : (
                  <div key={row.time} style={{ height: `${ROW_REM}rem` }} className={`border-b border-slate-100 ${row.shaded ? 'bg-slate-100' : ''}`} />
                );
              })}
              {blocks
                .filter((b) => b.day === day)
                .map((b) => {
                  const o = b.occurrence;
                  const label = `${o.user.full_name}${o.location ? `, ${o.location.name}` : ''}`;
                  return (
                    <button
                      key={`${o.id}-${o.availability_date}`}
                      type="button"
                      disabled={!canEdit}
                      aria-label={`Availability of ${label}, ${timeLabel(localRange(new Date(o.range_start), new Date(o.range_end), timeZone).start)} on ${dayLabel(day)}`}
                      onClick={() => setTarget({ kind: 'edit', occurrence: o })}
                      style={{ top: `${b.top * ROW_REM}rem`, height: `${b.span * ROW_REM}rem` }}
                      className="absolute inset-x-0.5 overflow-hidden rounded bg-blue-600/85 px-1 text-left text-[0.7rem] leading-tight text-white hover:bg-blue-700 focus-visible:outline-2 focus-visible:outline-offset-1 focus-visible:outline-blue-900"
                    >
                      <span className="block font-semibold">{o.user.full_name}</span>
                      {o.location && <span className="block">{o.location.name}</span>}
                    </button>
                  );
                })}
            </div>
          ))}
        </div>
      </div>
      {target && (
        <AvailabilityDialog
          target={target}
          mode={mode}
          ownUserId={identity.id}
          timeZone={timeZone}
          now={now}
          busy={writes.create.isPending || writes.update.isPending || writes.remove.isPending}
          onClose={close}
          onSave={(body, scope) =>
            target.kind === 'edit'
              ? writes.update.mutate({ id: target.occurrence.id, body, scope }, { onSuccess: close })
              : writes.create.mutate(body, { onSuccess: close })
          }
          onDelete={(scope) =>
            target.kind === 'edit' && writes.remove.mutate({ id: target.occurrence.id, day: target.occurrence.availability_date, scope }, { onSuccess: close })
          }
        />
      )}
    </div>
  );
}
