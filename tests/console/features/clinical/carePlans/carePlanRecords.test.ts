import { describe, expect, it } from 'vitest';
import { CARE_PLAN_SECTION_LABELS, CARE_PLAN_SECTIONS } from '../../../../../src/domain/clinical/carePlans';
import { carePlanDraft, draftChanged, draftOf, draftProblems, editRequest } from '../../../../../src/console/features/clinical/carePlans/carePlanDraft';
import {
  canActivate,
  canEdit,
  carePlanStatus,
  createRequest,
  defaultTemplateId,
  errorText,
  planSections,
  revisionKindLabel,
} from '../../../../../src/console/features/clinical/carePlans/carePlanRecords';
import { HttpError } from '../../../../../src/console/api/httpError';

const TEMPLATES = [
  { id: 'heart-failure', primary_condition: 'HeartFailure' },
  { id: 'hypertension', primary_condition: 'general' },
  { id: 'general-monitoring', primary_condition: 'general' },
];

describe('care plan records', () => {
  it('names a plan’s status: draft, active, deactivated', () => {
    expect(carePlanStatus({ is_active: false, deactivated_at: null })).toBe('draft');
    expect(carePlanStatus({ is_active: true, deactivated_at: null })).toBe('active');
    expect(carePlanStatus({ is_active: false, deactivated_at: '2026-05-01T10:00:00Z' })).toBe('deactivated');
    expect(canActivate({ is_active: false, deactivated_at: null })).toBe(true);
    expect(canActivate({ is_active: true, deactivated_at: null })).toBe(false);
    expect(canActivate({ is_active: false, deactivated_at: '2026-05-01T10:00:00Z' })).toBe(false);
    expect(canEdit({ deactivated_at: null })).toBe(true);
    expect(canEdit({ deactivated_at: '2026-05-01T10:00:00Z' })).toBe(false);
  });

  it('reads the 12 sections in the spec’s order, a missing one as empty and inactive', () => {
    const sections = planSections({ diagnosis: { is_active: true, caregiver_instructions: 'Weigh daily', patient_goals: 'Stable weight' } });
    expect(sections.map((section) => section.key)).toEqual([...CARE_PLAN_SECTIONS]);
    expect(sections.map((section) => section.label)).toEqual(CARE_PLAN_SECTIONS.map((key) => CARE_PLAN_SECTION_LABELS[key]));
    expect(sections[0]).toEqual({
      key: 'diagnosis',
      label: 'Diagnosis',
      is_active: true,
      caregiver_instructions: 'Weigh daily',
      patient_goals: 'Stable weight',
    });
    expect(sections[1]).toMatchObject({ is_active: false, caregiver_instructions: '', patient_goals: '' });
    expect(planSections(null)).toHaveLength(12);
  });

  it('preselects the template of the patient’s condition only when exactly one serves it', () => {
    expect(defaultTemplateId(TEMPLATES, 'HeartFailure')).toBe('heart-failure');
    expect(defaultTemplateId(TEMPLATES, 'general')).toBe('');
    expect(defaultTemplateId(TEMPLATES, 'Asthma')).toBe('');
    expect(defaultTemplateId(TEMPLATES, null)).toBe('');
  });

  it('leaves a blank name out of the create request, so the template names the plan', () => {
    expect(createRequest(7, 'copd', '  ')).toEqual({ patient_id: 7, care_plan_template_id: 'copd' });
    expect(createRequest('7', 'copd', ' Winter plan ')).toEqual({ patient_id: 7, care_plan_template_id: 'copd', plan_name: 'Winter plan' });
  });

  it('words errors and revision kinds', () => {
    expect(errorText(new HttpError('A deactivated care plan cannot be edited', 409, {}))).toBe('Error: A deactivated care plan cannot be edited');
    expect(revisionKindLabel('reviewed')).toBe('Reviewed without changes');
    expect(revisionKindLabel('archived')).toBe('archived');
  });
});

describe('care plan draft', () => {
  const plan = { plan_name: 'Heart Failure Care Plan', content: { diagnosis: { is_active: true, caregiver_instructions: 'a', patient_goals: 'b' } } };

  it('edits the name and a section, and sends the trimmed name with all 12 sections', () => {
    const initial = draftOf(plan);
    let draft = carePlanDraft(initial, { type: 'name', value: '  Revised plan ' });
    draft = carePlanDraft(draft, { type: 'section', section: 'education', change: { is_active: true, patient_goals: 'Knows the red flags' } });
    expect(draftChanged(draft, initial)).toBe(true);
    expect(draftChanged(initial, draftOf(plan))).toBe(false);
    const body = editRequest(draft);
    expect(body.plan_name).toBe('Revised plan');
    expect(Object.keys(body.content)).toEqual([...CARE_PLAN_SECTIONS]);
    expect(body.content.education).toEqual({ is_active: true, caregiver_instructions: '', patient_goals: 'Knows the red flags' });
    expect(body.content.diagnosis).toEqual({ is_active: true, caregiver_instructions: 'a', patient_goals: 'b' });
  });

  it('requires the plan name', () => {
    expect(draftProblems(draftOf(plan))).toEqual({});
    expect(draftProblems(carePlanDraft(draftOf(plan), { type: 'name', value: '   ' }))).toEqual({ plan_name: 'Plan name is required' });
  });
});
