import { addDays } from '../zonedDays';
import { firstDayOf, type BillingCode, type CareProgram } from './codeSet';
import type { ServiceProgress } from './monthProgress';

/**
 * One number per care program for a patient's month (spec 001 section 3, "Monitoring progress
 * row": progress_rpm, progress_ccm, progress_pcm, progress_all), where the spec gives no formula:
 * - a track is a way to bill a program's work: its device days of one category, or its care time
 *   of one note type; a track is measured by its optimal code, the base code of highest priority
 *   (99454 rather than 99445, 99457 rather than 99470), so that a bar is full only when the full
 *   claim is earned;
 * - a program's progress is the mean over its measures (days, minutes) of the best track of each
 *   (a patient billed by 99091 instead of 99457 is not held back by the track it does not use);
 * - setup codes and add-ons count for nothing here (they follow the base codes);
 * - the patient's progress is the mean of its programs'.
 */
export interface ProgramProgress {
  byProgram: Partial<Record<CareProgram, number>>;
  all: number | null;
}

interface Track {
  code: BillingCode;
  service: ServiceProgress;
}

/** The optimal code of each track, grouped by program and measure (`rpm:days`). */
function tracksByMeasure(services: readonly ServiceProgress[], codes: readonly BillingCode[]): Map<string, Track[]> {
  const byCode = new Map(codes.map((code) => [code.code, code]));
  const optimal = new Map<string, Track>();
  for (const service of services) {
    const code = byCode.get(service.code);
    if (!code || code.measure === 'setup' || code.addOnTo) continue;
    const track = `${code.program}:${code.measure}:${code.monitoringType ?? code.deviceCategory ?? ''}`;
    const held = optimal.get(track);
    if (!held || code.priority > held.code.priority) optimal.set(track, { code, service });
  }
  const byMeasure = new Map<string, Track[]>();
  for (const track of optimal.values()) {
    const key = `${track.code.program}:${track.code.measure}`;
    byMeasure.set(key, [...(byMeasure.get(key) ?? []), track]);
  }
  return byMeasure;
}

export function programProgress(services: readonly ServiceProgress[], codes: readonly BillingCode[]): ProgramProgress {
  const sums = new Map<CareProgram, number[]>();
  for (const tracks of tracksByMeasure(services, codes).values()) {
    // Toward the code's first unit: 99091's first 30 minutes fill its track, though its bar goes on to a second unit.
    const best = Math.max(...tracks.map(({ service }) => (service.units > 0 ? 1 : service.progress)));
    const program = tracks[0]!.code.program;
    sums.set(program, [...(sums.get(program) ?? []), best]);
  }
  const byProgram: Partial<Record<CareProgram, number>> = {};
  for (const [program, values] of sums) byProgram[program] = mean(values);
  const programs = Object.values(byProgram);
  return { byProgram, all: programs.length ? mean(programs) : null };
}

/**
 * Beyond the spec (issue 13, "one ledger per patient-month with a forecast"): the last day of
 * `month` (`yyyy-mm`) on which everything the bars measure can still be earned by the month's end,
 * or null when it is all earned. A days track needs its missing days before the month runs out
 * (16 days with 5 read is winnable up to the 20th of a 30-day month, whose 20th to 30th are 11
 * days); a time track stays winnable to the last day. Of a measure's tracks the most forgiving
 * counts, as for progress; of the measures, the first to be lost. A day already read counts in
 * `value`, so the answer is exact for every day after the last reading. Before the month starts
 * it may be the day before the month: a track that can no longer be won at all.
 */
export function lastWinnableDay(services: readonly ServiceProgress[], codes: readonly BillingCode[], month: string): string | null {
  const first = firstDayOf(month);
  const total = Number(addDays(`${addDays(first, 31).slice(0, 7)}-01`, -1).slice(8, 10));
  let earliest: number | null = null;
  for (const tracks of tracksByMeasure(services, codes).values()) {
    if (tracks.some(({ service }) => service.units > 0)) continue;
    const latest = Math.max(
      ...tracks.map(({ code, service }) => (code.measure === 'days' ? total - Math.max(0, service.maxValue - service.value) + 1 : total)),
    );
    earliest = earliest === null ? latest : Math.min(earliest, latest);
  }
  return earliest === null ? null : addDays(first, Math.max(0, earliest) - 1);
}

const mean = (values: readonly number[]) => values.reduce((sum, value) => sum + value, 0) / values.length;
