import { MONITORING_ACTIVITY_TYPES } from '../../../domain/enums';
import { EMR_REVIEW_TYPE, isServerActivity, mayWriteEmrReview } from '../../../domain/monitoringNotes';
import type { ChoiceSource, FormGenerator } from '../../renderer/core/coreRegistries';
import { getPath } from '../../renderer/core/context';
import { monitoringTypeLabel } from './activityFormat';

/**
 * The monitoring note form (spec 001 section 5, "Monitoring notes"): the types a user may write, and
 * the preset bodies of three of them.
 */

/**
 * The note types in the order of spec 002 section 9 (its monitoring types, then note and EMR review
 * note), without the server's own `activity`; the EMR review note only for the roles of spec 001
 * section 6 (the server refuses it to the others).
 */
export const noteTypeChoices: ChoiceSource = (context) =>
  MONITORING_ACTIVITY_TYPES.filter((type) => !isServerActivity(type) && (type !== EMR_REVIEW_TYPE || mayWriteEmrReview(context.identity.role)))
    .toSorted((a, b) => typeRank(a) - typeRank(b))
    .map((type) => ({ value: type, label: monitoringTypeLabel(type) }));

/** Note first (the form's default), then the programs' codes, the EMR review note last. */
const typeRank = (type: string) => (type === 'note' ? 0 : type === EMR_REVIEW_TYPE ? 2 : 1);

/**
 * Ours: the preset bodies spec 001 section 5 says exist for rpm_99457_99458, ccm_99490_99439 and
 * rpm_99453 (it gives no words). The patient's first name is filled in; what only the clinician
 * knows is a [bracketed placeholder] to replace before saving.
 */
export const NOTE_PRESETS: Readonly<Record<string, (firstName: string) => string>> = {
  rpm_99457_99458: (name) =>
    `Reviewed ${name}'s remote monitoring readings for [period]: [summary of readings and trends]. ` +
    `Discussed them with ${name} by [phone or video]: [topics, symptoms, adherence]. ` +
    `Plan: [changes, education, follow-up].`,
  ccm_99490_99439: (name) =>
    `Chronic care management for ${name}: reviewed the care plan for [conditions]. ` +
    `Medications: [reconciliation and changes]. Coordinated with [providers or services]. ` +
    `Goals and barriers: [what was agreed]. Next follow-up: [date or interval].`,
  rpm_99453: (name) =>
    `Set up ${name}'s [device] and taught its use: [what was shown]. ` +
    `${name} took a test reading of [value] and the reading arrived. Reminded ${name} to measure [how often].`,
};

/** The preset body of the form's type, for the record's patient (`{"generator": "monitoring_note_preset"}`); nothing for another type. */
export const notePresetGenerator: FormGenerator = (context) => {
  const type = context.form?.type;
  const preset = typeof type === 'string' ? NOTE_PRESETS[type] : undefined;
  const fullName = getPath(context.record, 'user.first_name') ?? getPath(context.record, 'user.full_name');
  const firstName = typeof fullName === 'string' && fullName.trim() !== '' ? (fullName.trim().split(/\s+/)[0] ?? 'the patient') : 'the patient';
  return preset ? { description: preset(firstName) } : {};
};
