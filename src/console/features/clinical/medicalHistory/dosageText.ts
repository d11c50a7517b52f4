import { PERIOD_UNIT_LABELS } from '../../../../domain/clinical/medicalHistory';

interface Dosage {
  dose_quantity?: { value?: number; unit?: string | null };
  timing?: { frequency?: number; period?: number | null; periodUnit?: string };
  as_needed?: boolean | null;
}

const plural = (count: number, word: string) => `${count} ${word}${count === 1 ? '' : 's'}`;

/**
 * A medication statement's dosage as a clinician reads it: "10 mg, 2 times a day", "1 tablet, once every
 * 2 weeks, as needed" (FHIR timing: frequency times per `period` `periodUnit`; period 1 when not given).
 */
export function dosageText(value: unknown): string {
  if (!value || typeof value !== 'object') return '';
  const { dose_quantity: dose, timing, as_needed: asNeeded } = value as Dosage;
  const parts: string[] = [];
  if (typeof dose?.value === 'number') parts.push(dose.unit ? `${dose.value} ${dose.unit}` : String(dose.value));
  if (typeof timing?.frequency === 'number' && timing.periodUnit) {
    const unit = PERIOD_UNIT_LABELS[timing.periodUnit as keyof typeof PERIOD_UNIT_LABELS] ?? timing.periodUnit;
    const period = timing.period ?? 1;
    const times = timing.frequency === 1 ? 'once' : timing.frequency === 2 ? 'twice' : `${timing.frequency} times`;
    parts.push(period === 1 ? `${times} a ${unit}` : `${times} every ${plural(period, unit)}`);
  }
  if (asNeeded) parts.push('as needed');
  return parts.join(', ');
}

/** The terms of coded concepts ([{code, display}]: an allergy's reactions), in order. */
export function conceptTerms(value: unknown): string[] {
  if (!Array.isArray(value)) return [];
  return value.flatMap((item: { display?: unknown }) => (typeof item?.display === 'string' ? [item.display] : []));
}
