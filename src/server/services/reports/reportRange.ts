import { sql, type RawBuilder } from 'kysely';

/** The instants a report's range covers: from its first day's start to the end of its last day, in the provider's zone. */
export interface ReportRange {
  /** yyyy-mm-dd, inclusive. */
  start: string;
  end: string;
  /** The provider's IANA zone. */
  timezone: string;
  tenantId: number;
  /** A one-patient report's patient. */
  patientId: number | null;
}

/** The first instant of the range (its first day's midnight in the zone). */
export const rangeFrom = (r: ReportRange): RawBuilder<Date> => sql<Date>`((${r.start}::date)::timestamp at time zone ${r.timezone})`;
/** The first instant after the range (the day after its last, at midnight in the zone). */
export const rangeTo = (r: ReportRange): RawBuilder<Date> => sql<Date>`((${r.end}::date + 1)::timestamp at time zone ${r.timezone})`;

/** Seconds as minutes to one decimal (the report's minutes). */
export const minutesOf = (seconds: number): number => Math.round(seconds / 6) / 10;
