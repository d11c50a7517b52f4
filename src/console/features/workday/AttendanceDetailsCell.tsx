import { useQuery } from '@tanstack/react-query';
import { useState } from 'react';
import type { FromSchema } from 'json-schema-to-ts';
import type { attendancePlaces } from '../../../../schemas/payloads/attendance';
import { useDataProvider } from '../../api/DataProviderContext';
import { timeZoneOf } from '../../renderer/core/context';
import { EMPTY_TEXT, formatDateTime, formatText } from '../../renderer/core/format';
import { useScreenEnvironment } from '../../renderer/environmentContext';
import { defineCell } from '../../renderer/registries/cells/cellTypes';
import { NO_OPTIONS } from '../../renderer/registries/registryEntry';
import { Button } from '../../ui/Button';
import { Modal } from '../../ui/Modal';
import { STILL_CHECKED_IN } from './CheckOutCell';

type Places = FromSchema<typeof attendancePlaces>;
type Place = NonNullable<Places['checked_in']>;

const coordinatesText = (place: Place) =>
  place.latitude !== null && place.longitude !== null ? `${place.latitude.toFixed(6)}, ${place.longitude.toFixed(6)}` : 'Not given by the browser';

function PlaceCard({ title, place, timeZone }: { title: string; place: Place | null; timeZone: string }) {
  return (
    <section aria-label={title} className="rounded-md border border-slate-200 p-3">
      <h3 className="text-sm font-semibold text-slate-900">{title}</h3>
      {place === null ? (
        <p className="mt-1 text-sm text-slate-700">{STILL_CHECKED_IN}</p>
      ) : (
        <dl className="mt-2 grid grid-cols-[auto_1fr] gap-x-3 gap-y-1 text-sm">
          <dt className="text-slate-600">Time</dt>
          <dd className="text-slate-900">{formatDateTime(place.time, timeZone)}</dd>
          <dt className="text-slate-600">Coordinates</dt>
          <dd className="break-words text-slate-900">{coordinatesText(place)}</dd>
          <dt className="text-slate-600">IP address</dt>
          <dd className="break-all text-slate-900">{place.ip_address ?? EMPTY_TEXT}</dd>
          <dt className="text-slate-600">IP location</dt>
          <dd className="text-slate-900">{place.ip_place?.description ?? EMPTY_TEXT}</dd>
        </dl>
      )}
      {place?.map_url && (
        <iframe
          title={`Map of the ${title.toLowerCase()}`}
          src={place.map_url}
          className="mt-2 h-48 w-full rounded border border-slate-200"
          loading="lazy"
          referrerPolicy="no-referrer"
          sandbox="allow-scripts allow-same-origin"
        />
      )}
    </section>
  );
}

function AttendanceDetails({ id, timeZone }: { id: number; timeZone: string }) {
  const dataProvider = useDataProvider();
  const places = useQuery({
    queryKey: ['attendances', 'at', `/attendances/${String(id)}/places`],
    queryFn: () => dataProvider.request<Places>(`/attendances/${String(id)}/places`),
  });
  if (places.isError) {
    return (
      <p role="alert" className="text-sm text-red-800">
        {places.error.message}
      </p>
    );
  }
  if (!places.data) {
    return (
      <p role="status" className="text-sm text-slate-600">
        Loading…
      </p>
    );
  }
  return (
    <div className="grid gap-3 sm:grid-cols-2">
      <PlaceCard title="Check-in" place={places.data.checked_in} timeZone={timeZone} />
      <PlaceCard title="Check-out" place={places.data.checked_out} timeZone={timeZone} />
    </div>
  );
}

/**
 * The attendance list's details dialog (spec 002 sections 2 and 7 "Attendance"): who, the type and
 * the location, then where each end happened: the browser's coordinates (a map where the server has
 * one, MAP_EMBED_URL; otherwise the numbers), the client's address and the place the server's IP
 * locator names. The places are read when the dialog opens.
 */
export const attendanceDetailsCell = defineCell(NO_OPTIONS, function AttendanceDetailsCell({ record }) {
  const [open, setOpen] = useState(false);
  const timeZone = timeZoneOf(useScreenEnvironment());
  const id = Number(record.id);
  const who = formatText(record.user_fullname);
  const location = (record.location as { name?: string } | null | undefined)?.name;
  return (
    <>
      <Button variant="ghost" onClick={() => setOpen(true)} aria-label={`Details of ${who}'s attendance`}>
        Details
      </Button>
      <Modal open={open} title="Attendance Details" onClose={() => setOpen(false)} width="xl">
        <p className="mb-3 text-sm text-slate-800">
          {who} · {record.attendance_type === 'training' ? 'Training' : 'Office'} · {location ?? 'No location'}
          {record.check_out_time === null && <span className="ml-2 rounded bg-green-100 px-1.5 py-0.5 text-xs text-green-900">{STILL_CHECKED_IN}</span>}
        </p>
        {open && <AttendanceDetails id={id} timeZone={timeZone} />}
        <div className="mt-4 flex justify-end">
          <Button variant="secondary" size="md" onClick={() => setOpen(false)}>
            Close
          </Button>
        </div>
      </Modal>
    </>
  );
});
