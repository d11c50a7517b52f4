import { EMPTY_TEXT, formatDurationMmss } from '../../renderer/core/format';
import { defineCell } from '../../renderer/registries/cells/cellTypes';
import { NO_OPTIONS } from '../../renderer/registries/registryEntry';
import { isCareTime } from './activityFormat';

/** A monitoring activity's care time as mm:ss; a row without any (an event) shows no time at all, not 00:00. */
export const careTimeCell = defineCell(NO_OPTIONS, ({ value }) =>
  isCareTime(value) ? (
    <>{formatDurationMmss(value)}</>
  ) : (
    <>
      <span aria-hidden="true">{EMPTY_TEXT}</span>
      <span className="sr-only">No care time</span>
    </>
  ),
);
