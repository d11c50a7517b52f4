import { CLAIM_EXPORT_YEARS } from '../../../domain/billing/claims';
import { zonedDay } from '../../../domain/zonedDays';
import { timeZoneOf } from '../../renderer/core/context';
import type { ChoiceSource } from '../../renderer/core/coreRegistries';
import { CLAIM_CPT_CODES } from './claimCodes';

const cptChoices = CLAIM_CPT_CODES.map((code) => ({ value: code, label: code }));

/**
 * The claim forms' choice sources: the CPT codes a claim may bill, and the years an export may
 * ask for, from 2022 (spec 002 section 9) to the current year of the user's zone, as the Monitoring
 * Progress month filter offers them (the API takes years to 2100, but a month to come has no claims to bill).
 */
export const claimChoices = {
  claim_cpt_codes: () => cptChoices,
  claim_export_years: (context) => {
    const year = Number(zonedDay(new Date(), timeZoneOf(context)).slice(0, 4));
    const last = Math.min(Math.max(year, CLAIM_EXPORT_YEARS.min), CLAIM_EXPORT_YEARS.max);
    return Array.from({ length: last - CLAIM_EXPORT_YEARS.min + 1 }, (_, i) => String(CLAIM_EXPORT_YEARS.min + i)).map((value) => ({ value, label: value }));
  },
} as const satisfies Readonly<Record<string, ChoiceSource>>;
