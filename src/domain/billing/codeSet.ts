import type { CARE_PROGRAM_TYPES } from '../enums';

/**
 * The billing code set as data (issue 13): the rows of billing_codes and billing_code_exclusions
 * (migration 0019), each with the dates it is in force. Progress and claims of a month read the
 * rows in force on its first day (`inForce`), so a new year's codes are rows, not code. The rules
 * that turn a month's readings and care time into billable units are in monthProgress.ts.
 */
export type CareProgram = (typeof CARE_PROGRAM_TYPES)[number];

/**
 * How a code is earned: `setup` once per patient and program when the month's reading days reach
 * its threshold; `days` by distinct days with a reading in the month; `minutes` by the care time of
 * the month's notes of its monitoring type.
 */
export type BillingMeasure = 'setup' | 'days' | 'minutes';

export interface BillingCode {
  code: string;
  program: CareProgram;
  description: string;
  measure: BillingMeasure;
  /** The note type whose durations count (minutes codes only): `rpm_99457_99458`. */
  monitoringType: string | null;
  /**
   * Whose readings a days code counts: physiologic (RPM's meters and cuffs), respiratory or
   * musculoskeletal (RTM's). A setup code without one counts its program's best category.
   */
  deviceCategory: 'physiologic' | 'respiratory' | 'musculoskeletal' | null;
  /** Days, or minutes, for one unit; for an add-on, for each unit beyond its base code's. */
  threshold: number;
  /** The most reading days the code may cover (99445: 15), else null. */
  ceiling: number | null;
  /** Units a month may bill (null: no limit). */
  unitCap: number | null;
  /** The base code an add-on extends (99458 extends 99457). */
  addOnTo: string | null;
  /** Of two achieved codes that exclude each other, the higher is billed. */
  priority: number;
  /** `yyyy-mm-dd`, inclusive. */
  effectiveFrom: string;
  effectiveTo: string | null;
}

/** Two codes that may not both be billed for one patient in one month. */
export interface BillingExclusion {
  code: string;
  excludes: string;
  effectiveFrom: string;
  effectiveTo: string | null;
}

export interface CodeSet {
  codes: readonly BillingCode[];
  exclusions: readonly BillingExclusion[];
}

const MONTH = /^(\d{4})-(0[1-9]|1[0-2])$/;

/** The first day of a `yyyy-mm` month, `yyyy-mm-01`; a RangeError for anything else. */
export function firstDayOf(month: string): string {
  if (!MONTH.test(month)) throw new RangeError(`Not a yyyy-mm month: ${month}`);
  return `${month}-01`;
}

const inForceOn = (day: string) => (row: { effectiveFrom: string; effectiveTo: string | null }) =>
  row.effectiveFrom <= day && (row.effectiveTo === null || row.effectiveTo >= day);

/**
 * The codes and exclusions in force on the first day of `month` (`yyyy-mm`). A code has at most
 * one row in force on a day: a later row of the same code replaces the earlier one (the
 * migration closes the old row with effective_to), and should two overlap the later wins.
 */
export function inForce(set: CodeSet, month: string): CodeSet {
  const day = firstDayOf(month);
  const byCode = new Map<string, BillingCode>();
  for (const code of set.codes.filter(inForceOn(day))) {
    const held = byCode.get(code.code);
    if (!held || held.effectiveFrom < code.effectiveFrom) byCode.set(code.code, code);
  }
  const codes = [...byCode.values()].sort((a, b) => a.code.localeCompare(b.code));
  const present = new Set(byCode.keys());
  const exclusions = set.exclusions.filter(inForceOn(day)).filter((e) => present.has(e.code) && present.has(e.excludes));
  return { codes, exclusions };
}

/** A billing_codes row as stored (dates as `yyyy-mm-dd` text). */
export interface BillingCodeRow {
  code: string;
  program: string;
  description: string;
  measure: string;
  monitoring_type: string | null;
  device_category: string | null;
  threshold: number;
  ceiling: number | null;
  unit_cap: number | null;
  add_on_to: string | null;
  priority: number;
  effective_from: string;
  effective_to: string | null;
}

/** A billing_code_exclusions row as stored. */
export interface BillingExclusionRow {
  code: string;
  excludes: string;
  effective_from: string;
  effective_to: string | null;
}

/** The code set from its rows (the table's checks hold the enumerations to their values). */
export function codeSetFromRows(codes: readonly BillingCodeRow[], exclusions: readonly BillingExclusionRow[]): CodeSet {
  return {
    codes: codes.map((row) => ({
      code: row.code,
      program: row.program as CareProgram,
      description: row.description,
      measure: row.measure as BillingMeasure,
      monitoringType: row.monitoring_type,
      deviceCategory: row.device_category as BillingCode['deviceCategory'],
      threshold: row.threshold,
      ceiling: row.ceiling,
      unitCap: row.unit_cap,
      addOnTo: row.add_on_to,
      priority: row.priority,
      effectiveFrom: row.effective_from,
      effectiveTo: row.effective_to,
    })),
    exclusions: exclusions.map((row) => ({ code: row.code, excludes: row.excludes, effectiveFrom: row.effective_from, effectiveTo: row.effective_to })),
  };
}
