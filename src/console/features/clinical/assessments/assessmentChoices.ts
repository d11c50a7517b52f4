import { MEASURE_INFO } from '../../../../domain/clinical/measures';
import type { Questionnaire } from '../../../../domain/clinical/questionnaireSchema';
import { questionnairesFor } from '../../../../domain/clinical/questionnaires';

/**
 * What the assessment dialog offers and checks first (spec 001 section 4, "Assessment dialog: choose
 * an assessment, then prerequisites (recent vitals or a complete profile) or Skip"): the
 * questionnaires of the patient's primary condition plus the general ones, and whether the patient
 * has the readings of the past 7 days and the profile items a questionnaire asks for. Pure: the
 * dialog gives the record and the time.
 */

/** A reading counts as recent for this many days (the record's "past 7 days"). */
export const RECENT_VITALS_DAYS = 7;
const DAY_MS = 24 * 60 * 60 * 1000;

/** The questionnaires for a primary condition, then the general ones not already offered. */
export function assessmentChoices(primaryCondition: unknown): Questionnaire[] {
  const own = questionnairesFor(typeof primaryCondition === 'string' ? primaryCondition : null);
  const general = questionnairesFor('general').filter((q) => !own.some((offered) => offered.id === q.id));
  return [...own, ...general];
}

export interface PrerequisiteCheck {
  kind: 'vital' | 'profile';
  /** The measure or the profile item. */
  key: string;
  label: string;
  met: boolean;
  /** A vital's latest reading (ISO), null when it has none. */
  lastReading: string | null;
  /** Why a profile item is not met: the record's own words for it. */
  missingText: string | null;
}

const list = (value: unknown): unknown[] => (Array.isArray(value) ? value : []);
const asObject = (value: unknown): Record<string, unknown> => (typeof value === 'object' && value !== null ? (value as Record<string, unknown>) : {});
const humanize = (key: string) => {
  const words = (key.split('.').pop() ?? key).replaceAll('_', ' ');
  return words.charAt(0).toUpperCase() + words.slice(1);
};
/** A missing item's location as a dotted path, whether the server gives a list or a string. */
const locationOf = (loc: unknown): string => (Array.isArray(loc) ? loc.map(String).join('.') : typeof loc === 'string' ? loc : '');
/** Whether a missing item's location names a profile item: the same path, or one ends the other (`profile.demographics.height` and `demographics.height`). */
const sameItem = (location: string, item: string) => location === item || location.endsWith(`.${item}`) || item.endsWith(`.${location}`);

/** The latest timestamp of a measure among the record's latest observations. */
function latestReading(observations: unknown, measure: string): string | null {
  const times = list(observations)
    .map(asObject)
    .filter((observation) => observation.name === measure && typeof observation.timestamp === 'string')
    .map((observation) => observation.timestamp as string)
    .filter((timestamp) => !Number.isNaN(Date.parse(timestamp)));
  return times.sort().at(-1) ?? null;
}

/**
 * The checks of a questionnaire's prerequisites against the record (the patient with its
 * `observations` and `profile` expansions): each vital met by a reading in the past 7 days, each
 * profile item met unless `profile.missing_profile` names it. None when it asks for nothing.
 */
export function prerequisiteChecks(q: Questionnaire, record: Readonly<Record<string, unknown>> | undefined, now: Date): PrerequisiteCheck[] {
  const vitals = (q.prerequisites?.recentVitals ?? []).map((measure): PrerequisiteCheck => {
    const lastReading = latestReading(record?.observations, measure);
    const met = lastReading !== null && now.getTime() - Date.parse(lastReading) <= RECENT_VITALS_DAYS * DAY_MS;
    return { kind: 'vital', key: measure, label: MEASURE_INFO[measure].label, met, lastReading, missingText: null };
  });
  const missing = list(asObject(record?.profile).missing_profile).map(asObject);
  const profile = (q.prerequisites?.profile ?? []).map((item): PrerequisiteCheck => {
    const gap = missing.find((entry) => sameItem(locationOf(entry.loc), item));
    const missingText = gap ? (typeof gap.text === 'string' && gap.text !== '' ? gap.text : 'Missing from the profile') : null;
    return { kind: 'profile', key: item, label: humanize(item), met: gap === undefined, lastReading: null, missingText };
  });
  return [...vitals, ...profile];
}
