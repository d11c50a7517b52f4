import { describe, expect, it } from 'vitest';
import {
  annotationBadge,
  annotationPayload,
  annotationTypeChoices,
  BOTH_VALUES,
  EMPTY_DRAFT,
  newValueText,
  NOT_A_NUMBER,
  reasonChoices,
  reasonLabel,
  REQUIRED,
  validateAnnotation,
  withType,
} from '../../../../../src/console/features/clinical/charts/annotationForm';

describe('the annotation form (spec 001 sections 4 and 5)', () => {
  it('offers Flag and Note, each with its reasons', () => {
    expect(annotationTypeChoices).toEqual([
      { value: 'flag', label: 'Flag' },
      { value: 'note', label: 'Note' },
    ]);
    expect(reasonChoices('flag')).toEqual([
      { value: 'outlier', label: 'Outlier' },
      { value: 'device_issue', label: 'Device Issue' },
      { value: 'other', label: 'Other' },
    ]);
    expect(reasonChoices('note')).toEqual([
      { value: 'clinical_note', label: 'Clinical Note' },
      { value: 'context_info', label: 'Context Info' },
      { value: 'other', label: 'Other' },
    ]);
    expect(reasonLabel('something_new')).toBe('something_new');
  });

  it('requires type, reason and note', () => {
    expect(validateAnnotation(EMPTY_DRAFT, 'heart_rate')).toEqual({ type: REQUIRED, reason: REQUIRED, note: REQUIRED });
    expect(validateAnnotation({ ...EMPTY_DRAFT, type: 'note', reason: 'clinical_note', note: '   ' }, 'heart_rate')).toEqual({ note: REQUIRED });
    // A reason of the other type is none.
    expect(validateAnnotation({ ...EMPTY_DRAFT, type: 'note', reason: 'outlier', note: 'x' }, 'heart_rate')).toEqual({ reason: REQUIRED });
    expect(validateAnnotation({ ...EMPTY_DRAFT, type: 'flag', reason: 'outlier', note: 'Cuff slipped' }, 'heart_rate')).toEqual({});
  });

  it('checks a flag’s new value: a number above 0, blood pressure’s in pairs', () => {
    const flag = { ...EMPTY_DRAFT, type: 'flag' as const, reason: 'device_issue', note: 'Bad cuff' };
    expect(validateAnnotation({ ...flag, newValue: 'abc' }, 'heart_rate')).toEqual({ newValue: NOT_A_NUMBER });
    expect(validateAnnotation({ ...flag, newValue: '-3' }, 'heart_rate')).toEqual({ newValue: NOT_A_NUMBER });
    expect(validateAnnotation({ ...flag, newValue: '72' }, 'heart_rate')).toEqual({});
    expect(validateAnnotation({ ...flag, newValue: '120' }, 'blood_pressure')).toEqual({ newValue2: BOTH_VALUES });
    expect(validateAnnotation({ ...flag, newValue2: '80' }, 'blood_pressure')).toEqual({ newValue: BOTH_VALUES });
    expect(validateAnnotation({ ...flag, newValue: '120', newValue2: '80' }, 'blood_pressure')).toEqual({});
  });

  it('keeps a reason both types offer when the type changes, and drops a note’s new values', () => {
    const draft = { ...EMPTY_DRAFT, type: 'flag' as const, reason: 'other', note: 'x', newValue: '5' };
    expect(withType(draft, 'note')).toEqual({ ...draft, type: 'note', reason: 'other', newValue: '', newValue2: '' });
    expect(withType({ ...draft, reason: 'outlier' }, 'note').reason).toBe('');
  });

  it('sends the note trimmed, and a flag’s new values only when given', () => {
    const flag = { ...EMPTY_DRAFT, type: 'flag' as const, reason: 'outlier', note: ' Cuff slipped ' };
    expect(annotationPayload(11, flag, 'heart_rate')).toEqual({
      observation_id: 11,
      annotation_type: 'flag',
      annotation_reason: 'outlier',
      note: 'Cuff slipped',
    });
    expect(annotationPayload(11, { ...flag, newValue: '120', newValue2: '80' }, 'blood_pressure')).toMatchObject({ new_value: 120, new_value2: 80 });
    expect(annotationPayload(11, { ...flag, newValue: '72', newValue2: '80' }, 'heart_rate')).not.toHaveProperty('new_value2');
    const note = { ...EMPTY_DRAFT, type: 'note' as const, reason: 'context_info', note: 'After exercise', newValue: '5' };
    expect(annotationPayload(12, note, 'heart_rate')).toEqual({
      observation_id: 12,
      annotation_type: 'note',
      annotation_reason: 'context_info',
      note: 'After exercise',
    });
  });

  it('words an annotation as a badge and its new value', () => {
    expect(annotationBadge({ annotation_type: 'flag', annotation_reason: 'device_issue' })).toBe('Flag: Device Issue');
    expect(annotationBadge({ annotation_type: 'note', annotation_reason: 'clinical_note' })).toBe('Note: Clinical Note');
    expect(newValueText('blood_pressure', { new_value: 120.4, new_value2: 79.6 })).toBe('New value: 120/80');
    expect(newValueText('heart_rate', { new_value: null, new_value2: null })).toBeNull();
  });
});
