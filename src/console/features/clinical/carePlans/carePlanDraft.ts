import { CARE_PLAN_SECTIONS, type CarePlanContent, type CarePlanSection, type CarePlanSectionContent } from '../../../../domain/clinical/carePlans';
import { CARE_PLAN_TEXTS, planSections, type CarePlan } from './carePlanRecords';

/**
 * The edit dialog's form (spec: 'plan_name required on edit'; every section's switch and two texts):
 * the draft, its changes, what is wrong with it, and the `PUT /care-plans/{id}` body, which always
 * carries the 12 sections. Pure, so the dialog only renders it.
 */

export interface CarePlanDraft {
  plan_name: string;
  content: CarePlanContent;
}

export type CarePlanDraftEvent = { type: 'name'; value: string } | { type: 'section'; section: CarePlanSection; change: Partial<CarePlanSectionContent> };

/** The draft a plan opens with. */
export function draftOf(plan: Pick<CarePlan, 'plan_name' | 'content'>): CarePlanDraft {
  const content = Object.fromEntries(
    planSections(plan.content).map(({ key, is_active, caregiver_instructions, patient_goals }) => [key, { is_active, caregiver_instructions, patient_goals }]),
  ) as CarePlanContent;
  return { plan_name: plan.plan_name, content };
}

export function carePlanDraft(draft: CarePlanDraft, event: CarePlanDraftEvent): CarePlanDraft {
  switch (event.type) {
    case 'name':
      return { ...draft, plan_name: event.value };
    case 'section':
      return { ...draft, content: { ...draft.content, [event.section]: { ...draft.content[event.section], ...event.change } } };
  }
}

export interface DraftProblems {
  plan_name?: string;
}

export function draftProblems(draft: CarePlanDraft): DraftProblems {
  return draft.plan_name.trim() === '' ? { plan_name: CARE_PLAN_TEXTS.planNameRequired } : {};
}

/** Whether the user changed anything (closing then asks first). */
export function draftChanged(draft: CarePlanDraft, initial: CarePlanDraft): boolean {
  if (draft.plan_name !== initial.plan_name) return true;
  return CARE_PLAN_SECTIONS.some((key) => {
    const [a, b] = [draft.content[key], initial.content[key]];
    return a.is_active !== b.is_active || a.caregiver_instructions !== b.caregiver_instructions || a.patient_goals !== b.patient_goals;
  });
}

/** `PUT /care-plans/{id}`: the trimmed name and all 12 sections, in order. */
export function editRequest(draft: CarePlanDraft): CarePlanDraft {
  const content = Object.fromEntries(CARE_PLAN_SECTIONS.map((key) => [key, { ...draft.content[key] }])) as CarePlanContent;
  return { plan_name: draft.plan_name.trim(), content };
}
