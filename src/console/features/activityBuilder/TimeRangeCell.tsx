import { EMPTY_TEXT, formatDurationMmss } from '../../renderer/core/format';
import { NO_OPTIONS } from '../../renderer/registries/registryEntry';
import { defineCell } from '../../renderer/registries/cells/cellTypes';

/** A step template's expected time range (seconds, spec 002 section 9) as '05:00 – 10:00'. */
export function formatTimeRange(value: unknown): string {
  if (typeof value !== 'object' || value === null) return EMPTY_TEXT;
  const { min, max } = value as { min?: unknown; max?: unknown };
  if (typeof min !== 'number' || typeof max !== 'number') return EMPTY_TEXT;
  return `${formatDurationMmss(min)} – ${formatDurationMmss(max)}`;
}

export const timeRangeCell = defineCell(NO_OPTIONS, ({ value }) => <span className="whitespace-nowrap tabular-nums">{formatTimeRange(value)}</span>);
