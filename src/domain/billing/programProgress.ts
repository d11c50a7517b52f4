import type { BillingCode, CareProgram } from './codeSet';
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

export function programProgress(services: readonly ServiceProgress[], codes: readonly BillingCode[]): ProgramProgress {
  const byCode = new Map(codes.map((code) => [code.code, code]));
  const optimal = new Map<string, { code: BillingCode; service: ServiceProgress }>();
  for (const service of services) {
    const code = byCode.get(service.code);
    if (!code || code.measure === 'setup' || code.addOnTo) continue;
    const track = `${code.program}:${code.measure}:${code.monitoringType ?? code.deviceCategory ?? ''}`;
    const held = optimal.get(track);
    if (!held || code.priority > held.code.priority) optimal.set(track, { code, service });
  }
  const best = new Map<string, number>();
  for (const { code, service } of optimal.values()) {
    const key = `${code.program}:${code.measure}`;
    // Toward the code's first unit: 99091's first 30 minutes fill its track, though its bar goes on to a second unit.
    best.set(key, Math.max(best.get(key) ?? 0, service.units > 0 ? 1 : service.progress));
  }
  const byProgram: Partial<Record<CareProgram, number>> = {};
  const sums = new Map<CareProgram, number[]>();
  for (const [key, progress] of best) {
    const program = key.split(':')[0] as CareProgram;
    sums.set(program, [...(sums.get(program) ?? []), progress]);
  }
  for (const [program, values] of sums) byProgram[program] = mean(values);
  const programs = Object.values(byProgram);
  return { byProgram, all: programs.length ? mean(programs) : null };
}

const mean = (values: readonly number[]) => values.reduce((sum, value) => sum + value, 0) / values.length;
