import { formatReading, type ChartMeasure } from '../../../../domain/clinical/measures';
import { ANNOTATION_REASONS, ANNOTATION_TYPES, type AnnotationType } from '../../../../domain/clinical/recordValues';
import type { ReadingAnnotation } from './chartAnswer';

/**
 * The annotation form of a reading (spec 001 section 5, "Other record forms": "Annotation: type,
 * reason and note required. Flag reasons: outlier, device_issue, other. Note reasons: clinical_note,
 * context_info, other"; section 4: a flag may give a new value, at which the reading is charted).
 * Pure: the form's state, its checks, and the body of `POST /patients/{id}/observation-annotations`.
 */

export const TYPE_LABELS: Readonly<Record<AnnotationType, string>> = { flag: 'Flag', note: 'Note' };

const REASON_LABELS: Readonly<Record<string, string>> = {
  outlier: 'Outlier',
  device_issue: 'Device Issue',
  clinical_note: 'Clinical Note',
  context_info: 'Context Info',
  other: 'Other',
};

export const annotationTypeChoices = ANNOTATION_TYPES.map((value) => ({ value, label: TYPE_LABELS[value] }));

/** The reasons a type offers, in the spec's order, with their labels. */
export function reasonChoices(type: AnnotationType): { value: string; label: string }[] {
  return ANNOTATION_REASONS[type].map((value) => ({ value, label: reasonLabel(value) }));
}

/** A reason's label ('device_issue' -> 'Device Issue'); an unknown one as stored. */
export function reasonLabel(reason: string): string {
  return REASON_LABELS[reason] ?? reason;
}

/** The form as typed: numbers stay text until sent. */
export interface AnnotationDraft {
  type: AnnotationType | '';
  reason: string;
  note: string;
  /** A flag's new value (blood pressure: the new systolic). */
  newValue: string;
  /** Blood pressure's new diastolic. */
  newValue2: string;
}

export const EMPTY_DRAFT: AnnotationDraft = { type: '', reason: '', note: '', newValue: '', newValue2: '' };

export type AnnotationErrors = Partial<Record<keyof AnnotationDraft, string>>;

export const REQUIRED = 'Required';
export const NOT_A_NUMBER = 'Enter a number greater than 0';
export const BOTH_VALUES = 'Enter both the systolic and the diastolic';

/** A new value as typed: null when empty, NaN when it is not a number above 0. */
function numberOf(typed: string): number | null {
  const trimmed = typed.trim();
  if (trimmed === '') return null;
  const value = Number(trimmed);
  return Number.isFinite(value) && value > 0 ? value : Number.NaN;
}

/** A change of type keeps the reason only when the new type offers it too ('other'); a note has no new value. */
export function withType(draft: AnnotationDraft, type: AnnotationType): AnnotationDraft {
  const reason = (ANNOTATION_REASONS[type] as readonly string[]).includes(draft.reason) ? draft.reason : '';
  return type === 'note' ? { ...draft, type, reason, newValue: '', newValue2: '' } : { ...draft, type, reason };
}

/**
 * What keeps the form from being sent, by field: type, reason and note required (a note of spaces
 * is none); a new value, optional, must be a number above 0, and blood pressure's come in pairs.
 */
export function validateAnnotation(draft: AnnotationDraft, measure: ChartMeasure): AnnotationErrors {
  const errors: AnnotationErrors = {};
  if (draft.type === '') errors.type = REQUIRED;
  if (draft.reason === '' || (draft.type !== '' && !(ANNOTATION_REASONS[draft.type] as readonly string[]).includes(draft.reason))) errors.reason = REQUIRED;
  if (draft.note.trim() === '') errors.note = REQUIRED;
  if (draft.type === 'flag') {
    const [value, value2] = [numberOf(draft.newValue), numberOf(draft.newValue2)];
    if (Number.isNaN(value)) errors.newValue = NOT_A_NUMBER;
    if (measure === 'blood_pressure') {
      if (Number.isNaN(value2)) errors.newValue2 = NOT_A_NUMBER;
      else if (value !== null && value2 === null) errors.newValue2 = BOTH_VALUES;
      if (value === null && value2 !== null && !Number.isNaN(value2)) errors.newValue = BOTH_VALUES;
    }
  }
  return errors;
}

export interface AnnotationPayload {
  observation_id: number | string;
  annotation_type: AnnotationType;
  annotation_reason: string;
  note: string;
  new_value?: number;
  new_value2?: number;
}

/** The request's body of a valid draft: the note trimmed, a flag's new value(s) only when given. */
export function annotationPayload(observationId: number | string, draft: AnnotationDraft & { type: AnnotationType }, measure: ChartMeasure): AnnotationPayload {
  const payload: AnnotationPayload = { observation_id: observationId, annotation_type: draft.type, annotation_reason: draft.reason, note: draft.note.trim() };
  if (draft.type !== 'flag') return payload;
  const [value, value2] = [numberOf(draft.newValue), numberOf(draft.newValue2)];
  if (value !== null && !Number.isNaN(value)) payload.new_value = value;
  if (measure === 'blood_pressure' && value2 !== null && !Number.isNaN(value2)) payload.new_value2 = value2;
  return payload;
}

/** An annotation's badge: 'Flag: Outlier', 'Note: Clinical Note'. */
export function annotationBadge(annotation: Pick<ReadingAnnotation, 'annotation_type' | 'annotation_reason'>): string {
  return `${TYPE_LABELS[annotation.annotation_type]}: ${reasonLabel(annotation.annotation_reason)}`;
}

/** A flag's new value as the record writes it ('New value: 120/80'), or null without one. */
export function newValueText(measure: ChartMeasure, annotation: Pick<ReadingAnnotation, 'new_value' | 'new_value2'>): string | null {
  return annotation.new_value === null ? null : `New value: ${formatReading(measure, annotation.new_value, annotation.new_value2)}`;
}
