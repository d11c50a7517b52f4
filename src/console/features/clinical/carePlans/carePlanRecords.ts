import type { CarePlan } from '../../../../../schemas/entities/carePlan';
import {
  CARE_PLAN_SECTION_LABELS,
  CARE_PLAN_SECTIONS,
  carePlanEditable,
  type CarePlanSection,
  type CarePlanSectionContent,
  type CarePlanTemplate,
} from '../../../../domain/clinical/carePlans';

/**
 * What the care plans widget reads of the API's answers (spec 001 sections 3 and 4): a plan's status,
 * its 12 sections in order, the template to preselect, the create request, a revision's kind in words.
 * Pure: the answers are read defensively, since a section the server leaves out still has a place.
 */

export type { CarePlan };

/** `GET /care-plan-templates`: the domain's template with its key as id. */
export type CarePlanTemplateRow = CarePlanTemplate & { id: string };

export const REVISION_KINDS = ['created', 'edited', 'revised', 'reviewed', 'activated', 'deactivated'] as const;
export type RevisionKind = (typeof REVISION_KINDS)[number];

/** `GET /care-plans/{id}/revisions`, oldest first. */
export interface CarePlanRevision {
  id: number;
  revision: number;
  kind: RevisionKind;
  plan_name: string;
  author_name: string | null;
  created_at: string;
}

/** The spec's toasts and headings, word for word. */
export const CARE_PLAN_TEXTS = {
  activated: 'Care plan activated',
  saved: 'Changes saved',
  created: 'Care plan created',
  noActive: 'No Active Care Plan',
  activeTab: 'Active Care Plan',
  allTab: 'All Care Plans',
  planNameRequired: 'Plan name is required',
  templateRequired: 'Template is required',
} as const;

/** Spec: 'List: care plans up to 10, created_at descending'. */
export const CARE_PLAN_LIST_SIZE = 10;

/** A failed write's toast: 'Error: ' and the message of the error mapping. */
export function errorText(error: unknown): string {
  return `Error: ${error instanceof Error ? error.message : String(error)}`;
}

export type CarePlanStatus = 'active' | 'draft' | 'deactivated';

export const STATUS_LABELS: Readonly<Record<CarePlanStatus, string>> = { active: 'Active', draft: 'Draft', deactivated: 'Deactivated' };

/** Created inactive (a draft), then active, then deactivated for good once another is activated. */
export function carePlanStatus(plan: Pick<CarePlan, 'is_active' | 'deactivated_at'>): CarePlanStatus {
  if (plan.deactivated_at) return 'deactivated';
  return plan.is_active ? 'active' : 'draft';
}

/** Only a draft can be activated: the active one already is, a deactivated one never again. */
export const canActivate = (plan: Pick<CarePlan, 'is_active' | 'deactivated_at'>): boolean => carePlanStatus(plan) === 'draft';

/** A draft or the active plan may be edited; a deactivated one is read only. */
export const canEdit = (plan: Pick<CarePlan, 'deactivated_at'>): boolean => carePlanEditable({ deactivated_at: plan.deactivated_at ?? null });

export interface PlanSection extends CarePlanSectionContent {
  key: CarePlanSection;
  label: string;
}

const text = (value: unknown): string => (typeof value === 'string' ? value : '');

/** The plan's 12 sections in the spec's order; one the content lacks reads as an empty, inactive section. */
export function planSections(content: unknown): PlanSection[] {
  const sections = typeof content === 'object' && content !== null ? (content as Record<string, unknown>) : {};
  return CARE_PLAN_SECTIONS.map((key) => {
    const raw = sections[key];
    const section = typeof raw === 'object' && raw !== null ? (raw as Record<string, unknown>) : {};
    return {
      key,
      label: CARE_PLAN_SECTION_LABELS[key],
      is_active: section.is_active === true,
      caregiver_instructions: text(section.caregiver_instructions),
      patient_goals: text(section.patient_goals),
    };
  });
}

/**
 * The template the create dialog starts with: the one made for the patient's primary condition. When
 * none or several are (two templates serve 'general'), none is chosen for the user.
 */
export function defaultTemplateId(templates: readonly Pick<CarePlanTemplateRow, 'id' | 'primary_condition'>[], primaryCondition: unknown): string {
  if (typeof primaryCondition !== 'string' || primaryCondition === '') return '';
  const matching = templates.filter((template) => template.primary_condition === primaryCondition);
  return matching.length === 1 ? (matching[0]?.id ?? '') : '';
}

export interface CarePlanCreateRequest {
  patient_id: number | string;
  care_plan_template_id: string;
  plan_name?: string;
}

/** `POST /care-plans`: a blank name is not sent, so the server names the plan after its template. */
export function createRequest(patientId: number | string, templateId: string, planName: string): CarePlanCreateRequest {
  const id = typeof patientId === 'string' && /^\d+$/.test(patientId) ? Number(patientId) : patientId;
  const name = planName.trim();
  return { patient_id: id, care_plan_template_id: templateId, ...(name === '' ? {} : { plan_name: name }) };
}

export const REVISION_KIND_LABELS: Readonly<Record<RevisionKind, string>> = {
  created: 'Created',
  edited: 'Edited',
  revised: 'Revised',
  reviewed: 'Reviewed without changes',
  activated: 'Activated',
  deactivated: 'Deactivated',
};

/** A kind the console does not know yet reads as the server words it. */
export function revisionKindLabel(kind: unknown): string {
  return typeof kind === 'string' && Object.hasOwn(REVISION_KIND_LABELS, kind) ? REVISION_KIND_LABELS[kind as RevisionKind] : String(kind);
}
