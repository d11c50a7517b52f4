import { useQuery, useQueryClient } from '@tanstack/react-query';
import { useId, useRef, useState } from 'react';
import type { Attendance } from '../../../../schemas/entities/attendance';
import { useDataProvider } from '../../api/DataProviderContext';
import { HttpError } from '../../api/httpError';
import { timeZoneOf } from '../../renderer/core/context';
import { formatDateTime } from '../../renderer/core/format';
import { useScreenEnvironment } from '../../renderer/environmentContext';
import { INPUT_CLASSES } from '../../renderer/skin/inputClasses';
import { useNotify } from '../../renderer/skin/toasts';
import { Button } from '../../ui/Button';
import { Notice } from '../../ui/Notice';
import { browserPosition } from './browserPosition';
import { CHECK_IN_DEBOUNCE_MS, CHECK_IN_TEXTS, ONGOING_STALE_MS } from './workdayTexts';

/** The key of GET attendances/ongoing, under the attendances so that their writes refresh it too. */
export const ONGOING_KEY = ['attendances', 'ongoing'] as const;
const LOCATIONS_SHOWN = 100;

interface Location {
  id: number;
  name: string;
}

/**
 * A press that comes within the debounce of the previous one does nothing (spec 001 sections 5 and 9:
 * "debounced 1 second"). The first press acts at once (a leading-edge debounce): the user sees the
 * answer without waiting out the second, and a double click checks in once.
 */
function usePressDebounce() {
  const last = useRef(0);
  return () => {
    const now = Date.now();
    const quiet = now - last.current >= CHECK_IN_DEBOUNCE_MS;
    last.current = now;
    return quiet;
  };
}

/**
 * Home's Check-In (spec 001 sections 2, 4, 5, 8): not checked in, then checked in at a location, then
 * checked out. Check In sends the chosen location (required) and the browser's coordinates; without
 * browser geolocation it warns and proceeds without them; a refused permission asks for access and
 * sends nothing. A 409 is "You're already checked in". The state is GET attendances/ongoing, read
 * again after each press and otherwise kept 5 minutes.
 */
export function CheckInWidget() {
  const dataProvider = useDataProvider();
  const queryClient = useQueryClient();
  const notify = useNotify();
  const timeZone = timeZoneOf(useScreenEnvironment());
  const selectId = useId();
  const pressed = usePressDebounce();
  const [locationId, setLocationId] = useState('');
  const [failure, setFailure] = useState<string | null>(null);
  const [warning, setWarning] = useState<string | null>(null);
  const [busy, setBusy] = useState(false);

  const ongoing = useQuery({
    queryKey: ONGOING_KEY,
    queryFn: () => dataProvider.request<{ id: number } | null>('/attendances/ongoing'),
    staleTime: ONGOING_STALE_MS,
  });
  const openId = ongoing.data?.id;
  const open = useQuery({
    queryKey: ['attendances', 'one', String(openId), {}],
    queryFn: () => dataProvider.getOne<Attendance>('attendances', openId as number),
    enabled: openId !== undefined,
  });
  const locations = useQuery({
    queryKey: ['locations', 'list', 'check-in'],
    queryFn: () =>
      dataProvider.getList<Location>('locations', {
        filter: { 'is_active[eq]': true },
        sort: { field: 'name', order: 'asc' },
        pagination: { page: 1, perPage: LOCATIONS_SHOWN },
      }),
    enabled: ongoing.isSuccess && openId === undefined,
  });

  /** The coordinates to send, or null when the user refused access (nothing is sent then). */
  const coordinates = async (): Promise<{ latitude: number; longitude: number } | undefined | null> => {
    const answer = await browserPosition();
    if (answer.kind === 'denied') {
      setFailure(CHECK_IN_TEXTS.locationRequired);
      notify(CHECK_IN_TEXTS.locationDenied, 'error');
      return null;
    }
    setWarning(answer.kind === 'unsupported' ? CHECK_IN_TEXTS.noGeolocation : null);
    return answer.kind === 'position' ? { latitude: answer.latitude, longitude: answer.longitude } : undefined;
  };

  const refresh = () => queryClient.invalidateQueries({ queryKey: ['attendances'] });

  const checkIn = async () => {
    if (!pressed() || busy || locationId === '') return;
    setBusy(true);
    setFailure(null);
    try {
      const where = await coordinates();
      if (where === null) return;
      await dataProvider.request('/attendances/check-in', {
        method: 'POST',
        headers: { 'Content-Type': 'application/json' },
        body: JSON.stringify({
          location_id: Number(locationId),
          ...(where ? { latitude_checked_in: where.latitude, longitude_checked_in: where.longitude } : {}),
        }),
      });
      notify(CHECK_IN_TEXTS.checkedIn);
    } catch (error) {
      if (error instanceof HttpError && error.status === 409) notify(CHECK_IN_TEXTS.alreadyCheckedIn, 'error');
      else {
        const message = error instanceof Error && error.message !== '' ? error.message : CHECK_IN_TEXTS.unknownError;
        notify(message, 'error');
        setFailure(`${CHECK_IN_TEXTS.checkInFailed}${message}`);
      }
    } finally {
      setBusy(false);
      await refresh();
    }
  };

  const checkOut = async () => {
    if (!pressed() || busy) return;
    setBusy(true);
    setFailure(null);
    try {
      const where = await coordinates();
      if (where === null) return;
      await dataProvider.request('/attendances/check-out', {
        method: 'POST',
        headers: { 'Content-Type': 'application/json' },
        body: JSON.stringify(where ? { latitude_checked_out: where.latitude, longitude_checked_out: where.longitude } : {}),
      });
      notify(CHECK_IN_TEXTS.checkedOut);
    } catch (error) {
      setFailure(`${CHECK_IN_TEXTS.checkOutFailed}${error instanceof Error ? error.message : String(error)}`);
    } finally {
      setBusy(false);
      await refresh();
    }
  };

  if (ongoing.isPending) {
    return (
      <p role="status" className="text-sm text-slate-600">
        Loading…
      </p>
    );
  }
  const record = open.data;
  return (
    <div className="space-y-3 text-sm text-slate-800">
      {warning && <Notice tone="warning">{warning}</Notice>}
      {openId !== undefined ? (
        <>
          <p>
            <span className="font-medium text-green-800">Checked in</span>
            {record && (
              <>
                {' '}
                since {formatDateTime(record.check_in_time, timeZone)}
                {record.location?.name ? ` at ${record.location.name}` : ''}
              </>
            )}
          </p>
          <Button variant="primary" size="md" onClick={() => void checkOut()} disabled={busy}>
            Check Out
          </Button>
        </>
      ) : (
        <>
          <p>You are not checked in.</p>
          <div className="flex flex-wrap items-end gap-2">
            <div className="min-w-0 flex-1">
              <label htmlFor={selectId} className="block text-sm font-medium text-slate-700">
                Location
              </label>
              <select id={selectId} className={`${INPUT_CLASSES} mt-1`} value={locationId} required onChange={(event) => setLocationId(event.target.value)}>
                <option value="">Choose a location</option>
                {(locations.data?.data ?? []).map((location) => (
                  <option key={location.id} value={String(location.id)}>
                    {location.name}
                  </option>
                ))}
              </select>
            </div>
            <Button
              variant="primary"
              size="md"
              onClick={() => void checkIn()}
              disabled={busy || locationId === ''}
              disabledReason={locationId === '' ? 'Choose a location first' : undefined}
            >
              Check In
            </Button>
          </div>
        </>
      )}
      {failure && (
        <p role="alert" className="text-sm text-red-800">
          {failure}
        </p>
      )}
    </div>
  );
}
