import { timeZoneOf } from '../../renderer/core/context';
import { formatDateTime } from '../../renderer/core/format';
import { useScreenEnvironment } from '../../renderer/environmentContext';
import { defineCell } from '../../renderer/registries/cells/cellTypes';
import { NO_OPTIONS } from '../../renderer/registries/registryEntry';

/** Spec 002 section 2: "A record with no check_out_time is still checked in." */
export const STILL_CHECKED_IN = 'Still checked in';

/** An attendance's check-out: its time, or 'Still checked in' for an open record (spec 002 section 4). */
export const checkOutCell = defineCell(NO_OPTIONS, function CheckOutCell({ value }) {
  const timeZone = timeZoneOf(useScreenEnvironment());
  if (value === null || value === undefined || value === '')
    return <span className="rounded bg-green-100 px-1.5 py-0.5 text-xs font-medium text-green-900">{STILL_CHECKED_IN}</span>;
  return <>{formatDateTime(value, timeZone)}</>;
});
