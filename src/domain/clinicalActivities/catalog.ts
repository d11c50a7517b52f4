import { STAFF_TYPES } from '../roles';

/**
 * The constants of clinical activities (spec 002 section 9; 001 sections 5 and 9), shared by the
 * server, the builders and the runner. The shapes they describe are in `types.ts`.
 */

/** Item types the builder offers (002 s9), and the three more the runner shows. */
export const BUILDER_ITEM_TYPES = ['checklist', 'yes_no', 'dropdown', 'text', 'textarea', 'multiselect'] as const;
export const ITEM_TYPES = [...BUILDER_ITEM_TYPES, 'scale', 'number', 'date'] as const;
export type ItemType = (typeof ITEM_TYPES)[number];
/** Item types that carry options (id, name). */
export const OPTION_ITEM_TYPES: readonly ItemType[] = ['dropdown', 'multiselect'];
/** Item types whose answer is a boolean: the only ones a resource creation can be triggered by (on true or on false). */
export const BOOLEAN_ITEM_TYPES: readonly ItemType[] = ['checklist', 'yes_no'];

export const ITEM_TYPE_LABELS: Record<ItemType, string> = {
  checklist: 'Checklist',
  yes_no: 'Yes / No',
  dropdown: 'Dropdown',
  text: 'Text',
  textarea: 'Long text',
  multiselect: 'Multiple choice',
  scale: 'Scale',
  number: 'Number',
  date: 'Date',
};

/** Resources an item's answer may create (002 s9). */
export const RESOURCE_CREATION_TYPES = ['encounters', 'tasks', 'assessments', 'care_plans'] as const;
export type ResourceCreationType = (typeof RESOURCE_CREATION_TYPES)[number];

/** Monitoring types a step's note may count toward (002 s9); with none selected, a note of type `note`. */
export const MONITORING_TYPES = [
  'rpm_99091',
  'rpm_99457_99458',
  'rpm_99453',
  'rtm_98975',
  'rtm_98980_98981',
  'ccm_99490_99439',
  'ccm_99491_99437',
  'cccm_99487_99489',
  'pcm_99424_99425',
  'pcm_99426_99427',
] as const;
export type MonitoringType = (typeof MONITORING_TYPES)[number];
export const DEFAULT_NOTE_TYPE = 'note';

/** Care program types of a recommendation (002 s9): rtm and cccm are shown but disabled in the builder. */
export const CARE_PROGRAM_TYPES = ['rpm', 'rtm', 'ccm', 'cccm', 'pcm'] as const;
export const BUILDER_DISABLED_PROGRAMS: readonly string[] = ['rtm', 'cccm'];

export const FREQUENCY_LIMIT_TYPES = ['none', 'period', 'total'] as const;
export const PERIOD_TYPES = ['days', 'weeks', 'months', 'years'] as const;
export const RESET_TRIGGERS = ['rolling_period'] as const;
export type PeriodType = (typeof PERIOD_TYPES)[number];

/** Recommendation days: Monday (0) to Sunday (6); weeks of the month: first and last (002 s9). */
export const DAYS_OF_WEEK = ['Monday', 'Tuesday', 'Wednesday', 'Thursday', 'Friday', 'Saturday', 'Sunday'] as const;
export const WEEKS_OF_MONTH = ['first', 'last'] as const;
export const PRIORITY_MIN = 0;
export const PRIORITY_MAX = 100;

/** Clinician types of a template (002 s6): the users' staff types. Empty means all. */
export const CLINICIAN_TYPES = STAFF_TYPES;
/**
 * Ours: the clinician types whose completed activities always go to review (pending_review) — the
 * staff who are not licensed clinicians. The spec says completion by "the clinician's type" may
 * require review without naming the types.
 */
export const REVIEWED_CLINICIAN_TYPES: readonly string[] = ['onboarding_staff', 'support_staff', 'medical_assistant'];

/** Activity duration bounds in seconds (001 s5, s9) and the out-of-range threshold (002 s9). */
export const MIN_ACTIVITY_SECONDS = 30;
export const MAX_ACTIVITY_SECONDS = 3600;
export const OUT_OF_RANGE_MARGIN_SECONDS = 30;
/** Autosave after this much inactivity (001 s4). */
export const AUTOSAVE_DELAY_MS = 1000;
/** The available-activities list (001 s9) and the builders' lists (002 s9). */
export const AVAILABLE_PAGE_SIZE = 25;
export const TEMPLATE_PAGE_SIZE = 10;
export const STEP_PICKER_PAGE_SIZE = 100;
export const TRIGGER_CUES_PAGE_SIZE = 500;

/** Keys of steps, items and options (002 s5). */
export const KEY_PATTERN = /^[a-z0-9_]+$/;

/**
 * Trigger cues: facts about a patient the server computes (clinical-activities/available) and a
 * recommendation may name (002 s3 recommendation.trigger_cues, disabled_cues, warning_cues). The
 * spec names the field, not the cues: these are ours, each computed from the patient's record.
 */
export const TRIGGER_CUES = [
  { key: 'new_enrollment', label: 'Consented or enrolled in the last 30 days' },
  { key: 'no_readings_7_days', label: 'No device reading in the last 7 days' },
  { key: 'no_care_time_this_month', label: 'No care time logged this month' },
  { key: 'open_tasks', label: 'Has open tasks' },
  { key: 'no_active_care_plan', label: 'No active care plan' },
  { key: 'condition_copd', label: 'Primary condition COPD' },
  { key: 'condition_asthma', label: 'Primary condition asthma' },
  { key: 'condition_heart_failure', label: 'Primary condition heart failure' },
  { key: 'condition_diabetes', label: 'Primary condition diabetes' },
  { key: 'condition_chronic_kidney_disease', label: 'Primary condition chronic kidney disease' },
  { key: 'condition_general', label: 'Primary condition general monitoring' },
] as const;
export type TriggerCue = (typeof TRIGGER_CUES)[number]['key'];
export const TRIGGER_CUE_KEYS: readonly TriggerCue[] = TRIGGER_CUES.map((c) => c.key);
export const cueLabel = (key: string) => TRIGGER_CUES.find((c) => c.key === key)?.label ?? key;

/** The primary condition (001 s3) behind each condition cue. */
export const CONDITION_CUES: Record<string, TriggerCue> = {
  COPD: 'condition_copd',
  Asthma: 'condition_asthma',
  HeartFailure: 'condition_heart_failure',
  Diabetes: 'condition_diabetes',
  chronic_kidney_disease: 'condition_chronic_kidney_disease',
  general: 'condition_general',
};

/** Patient statuses that have activities (001 s4). */
export const ACTIVITY_PATIENT_STATUSES: readonly string[] = ['active', 'consented'];

/** The spec's texts, word for word (001 s5, s8; 002 s5, s8). */
export const ACTIVITY_TEXTS = {
  stepIncomplete: 'Please complete all required fields in this step before proceeding',
  stepsIncomplete: 'Please complete all required fields in all steps before submitting',
  reviewUnverified: 'Please verify the submission in the review step',
  verifyRequired: 'You must verify before proceeding.',
  duration: 'Duration must be between 30 seconds and 60 minutes.',
  validationFailed: 'Validation checks failed. Please review all steps.',
  completeError: 'Error completing activity',
  completed: 'Activity completed successfully',
  loadError: 'Error loading activities',
  noneAvailable: 'No activities available',
  noInstances: 'No clinical activities',
  saving: 'Saving...',
  lastSaved: 'Last saved',
  submitFailed: 'Failed to submit clinical activity.',
  keyRule: 'Must be lowercase, unique and separated by underscores',
  cloneError: 'Error cloning activity template',
  promoteError: 'Error promoting activity template',
  saveActivityError: 'Error saving activity template',
  createActivityError: 'Error creating activity template',
  saveStepError: 'Error saving step template',
  deleteError: 'Unable to delete item.',
} as const;

/** Ours: the reason asked when a step's time is out of its range, and the field's label. */
export const OUT_OF_RANGE_REASON_LABEL = 'Reason the time taken is outside the expected range';
export const OUT_OF_RANGE_REASON_REQUIRED = 'A reason is required when the time taken is outside the expected range';
