/**
 * The Medicare Physician Fee Schedule as effective-dated rows (table fee_schedule_amounts, loaded from
 * src/server/db/referenceData/mpfs-<year>.csv): the national non-facility amount of a code on a day.
 */

export interface FeeScheduleAmount {
  code: string;
  /** yyyy-mm-dd */
  effective_from: string;
  /** yyyy-mm-dd, inclusive; null while in force */
  effective_to: string | null;
  amount_cents: number;
}

/** The amount of `code` in force on `day` (yyyy-mm-dd), or null when the schedule has none. */
export function feeScheduleAmount(schedule: readonly FeeScheduleAmount[], code: string, day: string): number | null {
  let found: FeeScheduleAmount | null = null;
  for (const row of schedule) {
    if (row.code !== code || row.effective_from > day || (row.effective_to !== null && row.effective_to < day)) continue;
    if (!found || row.effective_from > found.effective_from) found = row;
  }
  return found ? found.amount_cents : null;
}

/** The codes with an amount in force on `day`, in code order: the codes a pricing made that day prices. */
export function codesInForce(schedule: readonly FeeScheduleAmount[], day: string): string[] {
  const codes = new Set(schedule.filter((r) => r.effective_from <= day && (r.effective_to === null || r.effective_to >= day)).map((r) => r.code));
  return [...codes].sort();
}
