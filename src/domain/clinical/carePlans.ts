import asthma from './carePlanTemplates/asthma.json';
import chronicKidneyDisease from './carePlanTemplates/chronic-kidney-disease.json';
import copd from './carePlanTemplates/copd.json';
import diabetes from './carePlanTemplates/diabetes.json';
import generalMonitoring from './carePlanTemplates/general-monitoring.json';
import heartFailure from './carePlanTemplates/heart-failure.json';
import hypertension from './carePlanTemplates/hypertension.json';

/**
 * Care plans (spec 001 sections 2, 3 and 4): a plan is made from a template, kept as data in
 * ./carePlanTemplates/*.json (README.md there), and holds one entry per section below.
 */

/** Spec 001 section 3: the 12 sections of a care plan, in the order they are shown. */
export const CARE_PLAN_SECTIONS = [
  'diagnosis',
  'symptom_management',
  'lifestyle_modifications',
  'medication_adherence',
  'physiologic_health_indicator_monitoring',
  'education',
  'psychosocial_support',
  'emergency_plan',
  'patient_engagement',
  'collaborative_care',
  'documentation_and_communication',
  'monitoring_and_follow_ups',
] as const;
export type CarePlanSection = (typeof CARE_PLAN_SECTIONS)[number];

/** How a section's name reads where humanizing would not do. */
export const CARE_PLAN_SECTION_LABELS: Record<CarePlanSection, string> = {
  diagnosis: 'Diagnosis',
  symptom_management: 'Symptom Management',
  lifestyle_modifications: 'Lifestyle Modifications',
  medication_adherence: 'Medication Adherence',
  physiologic_health_indicator_monitoring: 'Physiologic Health Indicator Monitoring',
  education: 'Education',
  psychosocial_support: 'Psychosocial Support',
  emergency_plan: 'Emergency Plan',
  patient_engagement: 'Patient Engagement',
  collaborative_care: 'Collaborative Care',
  documentation_and_communication: 'Documentation and Communication',
  monitoring_and_follow_ups: 'Monitoring and Follow-ups',
};

export interface CarePlanSectionContent {
  is_active: boolean;
  caregiver_instructions: string;
  patient_goals: string;
}
export type CarePlanContent = Record<CarePlanSection, CarePlanSectionContent>;

export interface CarePlanTemplate {
  /** The template's id: a stable key, never reused (care plans keep it). */
  key: string;
  name: string;
  primary_condition: string;
  description: string;
  source: string;
  content: CarePlanContent;
}

/** Every template, in the order the picker offers them. Checked by tests/domain/clinical.carePlans.test.ts. */
export const CARE_PLAN_TEMPLATES: readonly CarePlanTemplate[] = [heartFailure, copd, asthma, diabetes, chronicKidneyDisease, hypertension, generalMonitoring];

export function findCarePlanTemplate(key: string): CarePlanTemplate | undefined {
  return CARE_PLAN_TEMPLATES.find((template) => template.key === key);
}

/** Longest texts a section keeps (a plan is read on one page, not a document store). */
export const CARE_PLAN_TEXT_MAX = 8000;
export const CARE_PLAN_NAME_MAX = 200;

/** Spec 001 section 4: may the plan be edited (not deactivated)? */
export function carePlanEditable(plan: { deactivated_at?: string | null }): boolean {
  return !plan.deactivated_at;
}
