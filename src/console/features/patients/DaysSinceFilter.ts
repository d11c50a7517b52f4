import { lastActivityBound } from '../../../domain/patientQueue';
import { defaultFilterEnv } from '../../renderer/core/filterQueries';
import type { FilterEntry } from '../../renderer/registries/filters/filterTypes';
import { selectFilter } from '../../renderer/registries/filters/SelectFilter';

/**
 * "At least N days since" a date-time field (the patient queue's days since last device activity):
 * a select of the definition's choices of days, sending `[lte]` the end of the day N days ago in the
 * user's zone (spec 001 section 9), one value all day long.
 */
export const daysSinceFilter = {
  ...selectFilter,
  query: (field, value, _options, env = defaultFilterEnv()) =>
    typeof value === 'number' && Number.isInteger(value) && value >= 0 ? { [`${field}[lte]`]: lastActivityBound(value, env.now, env.timeZone) } : {},
} satisfies FilterEntry;
