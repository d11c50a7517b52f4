import { noteMinutesError, noteMinutesToSeconds } from '../../../domain/monitoringNotes';
import type { FieldRule } from '../../renderer/core/coreRegistries';

/** The monitoring note form's field rules; each is tested in tests/console/renderer/registries/fieldRules.test.ts. */
export const activityFieldRules = {
  /** Care time entered in minutes (a whole number from 0 to 600); the API stores seconds. */
  care_minutes: {
    check: (value) => noteMinutesError(value),
    toPayload: (value) => noteMinutesToSeconds(value),
    // An edited note's stored seconds, shown as whole minutes (notes are written in whole minutes).
    fromRecord: (value) => (typeof value === 'number' ? Math.round(value / 60) : value),
  },
  /**
   * A required yes/no answer (spec 001 section 5: data_reviewed, patient_contacted), asked as 'yes' or
   * 'no' so that it starts unanswered (RJSF gives a required boolean false before the user answers);
   * sent as true or false.
   */
  yes_no: {
    check: (value) => (value === 'yes' || value === 'no' ? null : 'Choose Yes or No'),
    toPayload: (value) => value === 'yes',
  },
} as const satisfies Readonly<Record<string, FieldRule>>;
