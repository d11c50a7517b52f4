import type { FREQUENCY_LIMIT_TYPES, ItemType, PeriodType, RESET_TRIGGERS, ResourceCreationType, WEEKS_OF_MONTH } from './catalog';

/**
 * The shapes of clinical activities as the API carries them (spec 002 section 3 "Activity
 * template", "Step template", "Activity item", "Activity instance"; 001 section 3). The server's
 * JSON Schemas (schemas/entities/activityTemplate.ts, stepTemplate.ts) validate the same shapes.
 */

export interface ItemOption {
  id: string;
  name: string;
}

/** A check on an item's answer (002 s3 validation_checks; the kinds are ours). `message` is shown under the item. */
export interface ValidationCheck {
  type: 'min' | 'max' | 'min_length' | 'max_length' | 'pattern';
  value: number | string;
  message: string;
}

/**
 * A record the answer creates when the activity is completed (002 s3 resource_creation): when the
 * item's answer equals `value` (true or false). `display_text` names the record (a task's title, an
 * encounter's notes, a care plan's name, the assessment asked for); `reference_field` is the item of
 * the same step whose answer the record carries as its details.
 */
export interface ResourceCreation {
  resource_type: ResourceCreationType;
  value: boolean;
  display_text: string;
  reference_field: string;
}

/** One condition of enabled_when: the referenced item's answer, compared as strings. */
export interface EnabledWhen {
  item_id: string;
  value: string;
}

export interface ActivityItem {
  item_id: string;
  text: string;
  type: ItemType;
  prompt?: string | null;
  options?: ItemOption[];
  default_option?: string | null;
  scale_min?: number | null;
  scale_max?: number | null;
  scale_step?: number | null;
  min_value?: number | null;
  max_value?: number | null;
  unit?: string | null;
  required?: boolean;
  validation_checks?: ValidationCheck[];
  resource_creation?: ResourceCreation | null;
  enabled_when?: EnabledWhen[];
}

export interface TimeRange {
  /** Seconds. */
  min: number;
  max: number;
}

export interface MonitoringActivityRules {
  create_note: boolean;
  /** Monitoring types (catalog MONITORING_TYPES); none means a note of type `note`. */
  monitoring_types: string[];
}

export interface StepTemplate {
  id: number;
  step_template_family_id: number;
  version_number: number;
  is_draft: boolean;
  is_latest: boolean;
  step_key: string;
  step_title: string;
  step_description?: string | null;
  expected_time_range: TimeRange;
  monitoring_activity_rules: MonitoringActivityRules;
  activity_items_json: ActivityItem[];
  created_at?: string;
  updated_at?: string;
}

export interface FrequencyLimit {
  limit_type: (typeof FREQUENCY_LIMIT_TYPES)[number];
  period_type?: PeriodType | null;
  period_value?: number | null;
  max_occurrences?: number | null;
  reset_trigger?: (typeof RESET_TRIGGERS)[number] | null;
  total_occurrences_limit?: number | null;
}

export interface Recommendation {
  enabled: boolean;
  care_program_types: string[];
  trigger_cues: string[];
  priority_score: number;
  disabled_cues: string[];
  warning_cues: string[];
  /** 0 Monday to 6 Sunday; empty means any day. */
  day_of_week: number[];
  /** first, last; empty means any week. */
  week_of_month: (typeof WEEKS_OF_MONTH)[number][];
}

export interface ActivityConfig {
  is_essential: boolean;
  clinician_types: string[];
  consolidate_monitoring_activity: boolean;
  always_require_review: boolean;
  scheduling: { frequency_limit: FrequencyLimit; recommend_if_eligible: boolean };
  recommendation: Recommendation;
}

export interface ActivityTemplateStep {
  step_number: number;
  step_template_id: number;
  step_template?: StepTemplate;
}

export interface ActivityTemplate {
  id: number;
  activity_template_family_id: number;
  version_number: number;
  is_draft: boolean;
  is_latest: boolean;
  is_enabled: boolean;
  activity_title: string;
  activity_description?: string | null;
  /** Minutes (ours: the builder's estimate shown to the clinician). */
  estimated_duration?: number | null;
  activity_config_json: ActivityConfig;
  activity_template_steps: ActivityTemplateStep[];
  created_at?: string;
  updated_at?: string;
}

/** An answer: booleans (checklist, yes_no), option ids (dropdown), lists of option ids (multiselect), text, numbers, dates (yyyy-mm-dd). */
export type Answer = string | number | boolean | string[] | null | undefined;

/** What the runner keeps of one step (001 s3: per step in data_json). */
export interface StepData {
  /** Seconds. */
  time_taken?: number | null;
  time_taken_out_of_range_reason?: string | null;
  additional_notes?: string | null;
  answers?: Record<string, Answer>;
}

/** An instance's data_json: one entry per step key, plus the reviewer's time overrides (seconds by step key). */
export type ActivityData = Record<string, StepData> & { time_overrides?: Record<string, number> };

/** The steps of a run, in order, with their templates. */
export type RunSteps = readonly Pick<StepTemplate, 'step_key' | 'step_title' | 'expected_time_range' | 'monitoring_activity_rules' | 'activity_items_json'>[];

/** A note the answers would produce (002 s3 "Preview notes"): duration in seconds. */
export interface PreviewNote {
  id: string;
  duration: number;
  monitoring_activity_type: string;
  notes: string;
}

/** An entry of GET clinical-activities/available (001 s3 "Clinical activity availability"). */
export interface ActivityAvailability {
  activity_template: Pick<
    ActivityTemplate,
    'id' | 'activity_template_family_id' | 'version_number' | 'activity_title' | 'activity_description' | 'estimated_duration'
  >;
  patient_id: number;
  is_recommended: boolean;
  is_eligible: boolean;
  priority_score: number;
  pending_clinical_activity_instance_id: number | null;
  last_completed_at: string | null;
  warning_message: string | null;
  reason: string | null;
  disabled: boolean;
}
