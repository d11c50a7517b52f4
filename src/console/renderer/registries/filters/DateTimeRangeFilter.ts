import { dateRangeFilter } from './DateRangeFilter';

/**
 * Days on a date-time field (the enrollment queue's appointment range): the date range's control
 * and presets; its query sends the instants of the first day's start and the last day's end in the
 * user's zone (core/filterQueries `datetime_range`), where date_range sends calendar days.
 */
export const dateTimeRangeFilter = dateRangeFilter;
