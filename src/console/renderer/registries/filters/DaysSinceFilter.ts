import { selectFilter } from './SelectFilter';

/**
 * "At least N days since" a date-time field (the queue's days since last device activity): a select
 * of the definition's choices of days; its query sends `[lte]` the end of the day N days ago in the
 * user's zone (core/filterQueries `days_since`).
 */
export const daysSinceFilter = selectFilter;
