import { inForce, type BillingCode, type CareProgram, type CodeSet } from './codeSet';

/**
 * One patient's month turned into billable services, code by code (issue 13; spec 001 section 3
 * "Monitoring progress row" and "Service", 002 section 9 "CPT catalogue" and "Billing notes").
 * Pure: the server gathers the month's facts (reading days in the patient's time zone, note
 * durations, setups billed before) and the code set; this decides what they are worth.
 *
 * The rules, for the codes in force on the month's first day and of the patient's programs:
 * - setup (99453, 98975): one unit once the month's reading days reach the threshold, never again
 *   once billed for the patient;
 * - days (99454, 99445 ...): one unit when the distinct reading days of the code's device category
 *   reach the threshold; past its ceiling (99445 covers 2 to 15 days) it is excluded by the code
 *   that covers the month;
 * - minutes (99457, 99091 ...): the month's seconds of notes of the code's monitoring type; a base
 *   code takes `threshold` minutes per unit up to its cap; an add-on (99458) counts only the time
 *   beyond its base code's capped units, `threshold` minutes per unit, up to its cap (none: any);
 * - of two achieved codes that exclude each other (99457 and 99091; 99490/99439 and 99491/99437;
 *   from 2026 the short codes and their full ones), the higher priority is billed and the other is
 *   `excluded`; an add-on whose base is excluded is excluded with it.
 */
export interface MonthFacts {
  /** `yyyy-mm`. */
  month: string;
  /** The programs the patient has a care program for in the month. */
  programs: readonly CareProgram[];
  /** Distinct days of the month with at least one reading, by device category. */
  readingDays: Readonly<Partial<Record<DeviceCategory, number>>>;
  /** Seconds of care time of the month's notes, by monitoring type (`rpm_99457_99458`). */
  careSeconds: Readonly<Record<string, number>>;
  /** Setup codes already billed for the patient in an earlier month. */
  setupsBilled: readonly string[];
}

export type DeviceCategory = NonNullable<BillingCode['deviceCategory']>;

/** What `monthServices` tells of one code: in seconds for a minutes code, in days otherwise. */
export interface ServiceProgress {
  code: string;
  program: CareProgram;
  measure: BillingCode['measure'];
  /** What counts toward the code (seconds or days), up to what its cap can use. */
  value: number;
  /** What the next unit needs in all (or the capped total once every unit is earned). */
  maxValue: number;
  /** value / maxValue, from 0 to 1. */
  progress: number;
  /** Units earned. */
  units: number;
  /** What is still missing for the next unit (0 once complete). */
  remaining: number;
  status: ServiceStatus;
  claimable: boolean;
  /** The code billed instead, for an excluded one (itself, for a days code past its ceiling with no other in force). */
  excludedBy?: string;
}

/**
 * not_started: nothing counted; in_progress: something counted, and a unit (or another unit of an
 * uncapped code) is still to earn; complete: every unit the cap allows; excluded: earned but
 * another code is billed instead; billed: a setup billed in an earlier month.
 */
export type ServiceStatus = 'not_started' | 'in_progress' | 'complete' | 'excluded' | 'billed';

const SECONDS_PER_MINUTE = 60;

/** Every code in force for the month and the patient's programs, with its progress. */
export function monthServices(set: CodeSet, facts: MonthFacts): ServiceProgress[] {
  const { codes, exclusions } = inForce(set, facts.month);
  const programs = new Set(facts.programs);
  const own = codes.filter((code) => programs.has(code.program));
  const byCode = new Map(codes.map((code) => [code.code, code]));
  const services = new Map(own.map((code) => [code.code, measureOf(code, facts, byCode, own)]));

  // Exclusions: of two earned codes, the lower priority (then the later code) gives way.
  for (const { code, excludes } of exclusions) {
    const a = services.get(code);
    const b = services.get(excludes);
    if (!a || !b || a.units === 0 || b.units === 0 || a.status === 'excluded' || b.status === 'excluded') continue;
    const [kept, dropped] = rank(byCode.get(code)!, byCode.get(excludes)!);
    exclude(services.get(dropped.code)!, kept.code);
  }
  // A days code over its ceiling (99445 past 15 days) gives way to the code that covers the month.
  for (const service of services.values()) {
    const code = byCode.get(service.code)!;
    const days = code.measure === 'days' ? (facts.readingDays[code.deviceCategory ?? 'physiologic'] ?? 0) : 0;
    if (code.ceiling === null || days <= code.ceiling || service.status === 'excluded') continue;
    const partner = exclusions.find((e) => e.code === code.code || e.excludes === code.code);
    exclude(service, partner ? (partner.code === code.code ? partner.excludes : partner.code) : code.code);
  }
  // An add-on goes with its base.
  for (const service of services.values()) {
    const base = byCode.get(service.code)?.addOnTo;
    const baseService = base ? services.get(base) : undefined;
    if (baseService?.status === 'excluded' && service.units > 0) exclude(service, baseService.excludedBy ?? baseService.code);
  }
  return [...services.values()];
}

function rank(a: BillingCode, b: BillingCode): [BillingCode, BillingCode] {
  if (a.priority !== b.priority) return a.priority > b.priority ? [a, b] : [b, a];
  return a.code <= b.code ? [a, b] : [b, a];
}

function exclude(service: ServiceProgress, by: string) {
  service.status = 'excluded';
  service.claimable = false;
  service.excludedBy = by;
}

function measureOf(code: BillingCode, facts: MonthFacts, byCode: ReadonlyMap<string, BillingCode>, own: readonly BillingCode[]): ServiceProgress {
  switch (code.measure) {
    case 'setup': {
      if (facts.setupsBilled.includes(code.code)) {
        return service(code, { value: code.threshold, maxValue: code.threshold, units: 0, status: 'billed' });
      }
      const days = code.deviceCategory ? (facts.readingDays[code.deviceCategory] ?? 0) : bestDaysOf(code.program, facts, own);
      return counted(code, Math.min(days, code.threshold), code.threshold, days >= code.threshold ? 1 : 0, 1);
    }
    case 'days': {
      // Over its ceiling the code is earned but never billed: it gives way below (overCeiling).
      const days = facts.readingDays[code.deviceCategory ?? 'physiologic'] ?? 0;
      return counted(code, Math.min(days, code.threshold), code.threshold, days >= code.threshold ? 1 : 0, 1);
    }
    case 'minutes': {
      const seconds = Math.max(0, facts.careSeconds[code.monitoringType ?? ''] ?? 0);
      const base = code.addOnTo ? byCode.get(code.addOnTo) : undefined;
      // An add-on counts the time beyond what its base code's capped units use.
      const used = base ? base.threshold * SECONDS_PER_MINUTE * (base.unitCap ?? 1) : 0;
      const available = Math.max(0, seconds - used);
      const unit = code.threshold * SECONDS_PER_MINUTE;
      const earned = Math.floor(available / unit);
      const units = code.unitCap === null ? earned : Math.min(earned, code.unitCap);
      const value = code.unitCap === null ? available : Math.min(available, code.unitCap * unit);
      const target = code.unitCap === null ? units + 1 : Math.min(units + 1, code.unitCap);
      return counted(code, value, target * unit, units, code.unitCap);
    }
  }
}

/** A setup code without a device category counts the best category of its program's device codes. */
function bestDaysOf(program: CareProgram, facts: MonthFacts, own: readonly BillingCode[]): number {
  const categories = own.filter((c) => c.program === program && c.measure === 'days' && c.deviceCategory).map((c) => c.deviceCategory!);
  return Math.max(0, ...categories.map((category) => facts.readingDays[category] ?? 0));
}

function counted(code: BillingCode, value: number, maxValue: number, units: number, cap: number | null): ServiceProgress {
  const status: ServiceStatus = cap !== null && units >= cap ? 'complete' : value > 0 ? 'in_progress' : 'not_started';
  return service(code, { value, maxValue, units, status });
}

function service(code: BillingCode, { value, maxValue, units, status }: Pick<ServiceProgress, 'value' | 'maxValue' | 'units' | 'status'>): ServiceProgress {
  return {
    code: code.code,
    program: code.program,
    measure: code.measure,
    value,
    maxValue,
    progress: maxValue > 0 ? Math.min(1, value / maxValue) : 0,
    units,
    remaining: status === 'complete' || status === 'billed' ? 0 : Math.max(0, maxValue - value),
    status,
    claimable: units > 0 && status !== 'billed',
  };
}
