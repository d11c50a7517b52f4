import { describe, expect, it } from 'vitest';
import {
  ACTIVITY_TEXTS,
  activityDuration,
  activityTemplateProblems,
  completionErrors,
  completionShare,
  completionStatus,
  cuesOf,
  frequencyEligibility,
  isItemEnabled,
  isOutOfRange,
  mayRunActivity,
  OUT_OF_RANGE_REASON_REQUIRED,
  periodStart,
  previewNotes,
  recommendationFor,
  referenceBar,
  requestedResources,
  stepErrors,
  stepMarks,
  stepTemplateProblems,
  transitionRefusal,
  weekdayOf,
  weeksOfMonth,
  type ActivityData,
  type ActivityItem,
  type Recommendation,
  type RunSteps,
} from '../../src/domain/clinicalActivities';

/** data_json with the reviewer's overrides (its type keeps step entries and time_overrides apart). */
const overridden = (data: object, time_overrides: Record<string, number>) => ({ ...data, time_overrides }) as unknown as ActivityData;

const yesNo = (item_id: string, extra: Partial<ActivityItem> = {}): ActivityItem => ({ item_id, text: `Question ${item_id}`, type: 'yes_no', ...extra });
const text = (item_id: string, extra: Partial<ActivityItem> = {}): ActivityItem => ({ item_id, text: `Describe ${item_id}`, type: 'text', ...extra });

/** Two steps as the scenario: a yes/no that enables a follow-up, 5 to 10 minutes, RPM care time. */
const steps: RunSteps = [
  {
    step_key: 'symptoms',
    step_title: 'Symptoms',
    expected_time_range: { min: 300, max: 600 },
    monitoring_activity_rules: { create_note: true, monitoring_types: ['rpm_99457_99458'] },
    activity_items_json: [
      yesNo('short_of_breath'),
      text('breath_details', { required: true, enabled_when: [{ item_id: 'short_of_breath', value: 'true' }] }),
      {
        item_id: 'follow_up',
        text: 'Schedule a follow-up call?',
        type: 'checklist',
        resource_creation: { resource_type: 'tasks', value: true, display_text: 'Follow-up call', reference_field: 'breath_details' },
      },
    ],
  },
  {
    step_key: 'medication',
    step_title: 'Medication',
    expected_time_range: { min: 60, max: 120 },
    monitoring_activity_rules: { create_note: true, monitoring_types: [] },
    activity_items_json: [
      {
        item_id: 'adherence',
        text: 'Doses missed this week',
        type: 'dropdown',
        options: [
          { id: 'none', name: 'None' },
          { id: 'some', name: 'One or two' },
        ],
      },
    ],
  },
];

describe('enabled_when (spec 001 section 4)', () => {
  it('enables an item only when every condition matches the referenced answer, compared as strings', () => {
    const item = steps[0]!.activity_items_json[1]!;
    expect(isItemEnabled(item, {})).toBe(false);
    expect(isItemEnabled(item, { short_of_breath: false })).toBe(false);
    expect(isItemEnabled(item, { short_of_breath: true })).toBe(true);
    expect(isItemEnabled(item, { short_of_breath: 'true' })).toBe(true);
    const both = {
      enabled_when: [
        { item_id: 'a', value: '3' },
        { item_id: 'b', value: 'x' },
      ],
    };
    expect(isItemEnabled(both, { a: 3, b: 'x' })).toBe(true);
    expect(isItemEnabled(both, { a: 3, b: 'y' })).toBe(false);
    // A multiselect's answer matches when one of its choices does.
    expect(isItemEnabled({ enabled_when: [{ item_id: 'm', value: 'cough' }] }, { m: ['fever', 'cough'] })).toBe(true);
    expect(isItemEnabled({ enabled_when: [] }, {})).toBe(true);
  });

  it('asks for the follow-up only when it is enabled, and always for the yes/no', () => {
    expect(stepErrors(steps[0]!, { answers: {} })).toEqual({ short_of_breath: 'Required' });
    expect(stepErrors(steps[0]!, { answers: { short_of_breath: false } })).toEqual({});
    expect(stepErrors(steps[0]!, { answers: { short_of_breath: true } })).toEqual({ breath_details: 'Required' });
    expect(stepErrors(steps[0]!, { answers: { short_of_breath: true, breath_details: ' ' } })).toEqual({ breath_details: 'Required' });
    expect(stepErrors(steps[0]!, { answers: { short_of_breath: true, breath_details: 'on stairs' } })).toEqual({});
  });

  it('applies validation checks and bounds with their messages', () => {
    const step = {
      ...steps[1]!,
      activity_items_json: [
        { item_id: 'weight', text: 'Weight', type: 'number', min_value: 50, max_value: 500, unit: 'lb' } as ActivityItem,
        {
          item_id: 'code',
          text: 'Code',
          type: 'text',
          validation_checks: [{ type: 'pattern', value: '^[A-Z]{3}$', message: 'Three capitals' }],
        } as ActivityItem,
      ],
    };
    expect(stepErrors(step, { answers: { weight: 20 } })).toEqual({ weight: 'Must be at least 50' });
    expect(stepErrors(step, { answers: { weight: 180, code: 'abc' } })).toEqual({ code: 'Three capitals' });
    expect(stepErrors(step, { answers: { weight: 180, code: 'ABC' } })).toEqual({});
  });
});

describe('completion share (spec 001 section 4)', () => {
  it('counts a boolean (false too) as answered, an empty string or null not, over the enabled items only', () => {
    expect(completionShare(steps, {})).toEqual({ answered: 0, total: 3, percent: 0 });
    expect(completionShare(steps, { symptoms: { answers: { short_of_breath: false, follow_up: false } } })).toEqual({ answered: 2, total: 3, percent: 66 });
    // "yes" enables the follow-up question: one more to answer.
    expect(
      completionShare(steps, { symptoms: { answers: { short_of_breath: true, breath_details: '' } }, medication: { answers: { adherence: null } } }),
    ).toEqual({
      answered: 1,
      total: 4,
      percent: 25,
    });
    expect(completionShare([], {}).percent).toBe(100);
  });
});

describe('time taken (spec 001 section 5; 002 section 9)', () => {
  it('draws the reference bar from max(0, min - 30 s) to max + 30 s', () => {
    expect(referenceBar({ min: 300, max: 600 })).toEqual({ from: 270, to: 630 });
    expect(referenceBar({ min: 10, max: 20 })).toEqual({ from: 0, to: 50 });
  });

  it('is out of range only beyond the 30 s margin on either side', () => {
    const range = { min: 300, max: 600 };
    expect(isOutOfRange(270, range)).toBe(false);
    expect(isOutOfRange(269, range)).toBe(true);
    expect(isOutOfRange(630, range)).toBe(false);
    expect(isOutOfRange(631, range)).toBe(true);
  });

  it('requires a reason when a 5-10 minute step took 20 minutes', () => {
    const answers = { short_of_breath: false };
    expect(stepErrors(steps[0]!, { time_taken: 1200, answers })).toEqual({ time_taken_out_of_range_reason: OUT_OF_RANGE_REASON_REQUIRED });
    expect(stepErrors(steps[0]!, { time_taken: 1200, time_taken_out_of_range_reason: 'Patient had many questions', answers })).toEqual({});
    expect(stepErrors(steps[0]!, { time_taken: 420, answers })).toEqual({});
  });

  it("bounds the activity's duration to 30 s .. 60 min", () => {
    const done = (symptoms: number, medication: number) => ({
      symptoms: { time_taken: symptoms, answers: { short_of_breath: false }, time_taken_out_of_range_reason: 'x' },
      medication: { time_taken: medication, answers: {}, time_taken_out_of_range_reason: 'x' },
    });
    expect(completionErrors(steps, done(20, 9))).toEqual({ _activity: { duration: ACTIVITY_TEXTS.duration } });
    expect(completionErrors(steps, done(20, 10))).toEqual({});
    expect(completionErrors(steps, done(3000, 600))).toEqual({});
    expect(completionErrors(steps, done(3000, 601))).toEqual({ _activity: { duration: 'Duration must be between 30 seconds and 60 minutes.' } });
    // The reviewer's override replaces a step's time in the notes, not in the clinician's check.
    expect(activityDuration(steps, overridden(done(1200, 60), { symptoms: 720 }))).toBe(780);
  });

  it('marks steps completed only when visited and valid', () => {
    const data = { symptoms: { time_taken: 400, answers: { short_of_breath: false } } };
    expect(stepMarks(steps, data, 1, new Set([0]))).toEqual(['completed', 'current']);
    expect(stepMarks(steps, {}, 1, new Set([0]))).toEqual(['not_completed', 'current']);
  });
});

describe('frequency limits (spec 002 sections 3, 9)', () => {
  const now = new Date('2026-03-31T10:00:00Z');

  it('none: always eligible; total: fewer runs than the limit ever', () => {
    expect(frequencyEligibility({ limit_type: 'none' }, [now, now, now], now).eligible).toBe(true);
    const total = { limit_type: 'total', total_occurrences_limit: 2 } as const;
    expect(frequencyEligibility(total, [new Date('2020-01-01')], now).eligible).toBe(true);
    expect(frequencyEligibility(total, [new Date('2020-01-01'), new Date('2021-01-01')], now)).toEqual({
      eligible: false,
      reason: 'Completed 2 of 2 allowed times',
    });
  });

  it('period with the rolling reset: a run stops counting exactly one period after it', () => {
    const weekly = { limit_type: 'period', period_type: 'weeks', period_value: 1, max_occurrences: 1, reset_trigger: 'rolling_period' } as const;
    const run = new Date('2026-03-25T10:00:01Z');
    const refused = frequencyEligibility(weekly, [run], now);
    expect(refused.eligible).toBe(false);
    expect(refused.reason).toBe('Limit of 1 per week reached; available again on 2026-04-01');
    expect(frequencyEligibility(weekly, [new Date('2026-03-24T10:00:00Z')], now).eligible).toBe(true);
    const twicePerTwoMonths = { limit_type: 'period', period_type: 'months', period_value: 2, max_occurrences: 2, reset_trigger: 'rolling_period' } as const;
    expect(frequencyEligibility(twicePerTwoMonths, [new Date('2026-02-10'), new Date('2026-03-01')], now).reason).toBe(
      'Limit of 2 per 2 months reached; available again on 2026-04-10',
    );
    expect(frequencyEligibility(twicePerTwoMonths, [new Date('2026-01-20'), new Date('2026-03-01')], now).eligible).toBe(true);
  });

  it('moves back by the calendar: a month before 31 March is 28 February or 29 in a leap year', () => {
    expect(periodStart(new Date('2026-03-31T00:00:00Z'), 'months', 1).toISOString().slice(0, 10)).toBe('2026-02-28');
    expect(periodStart(new Date('2028-03-31T00:00:00Z'), 'months', 1).toISOString().slice(0, 10)).toBe('2028-02-29');
    expect(periodStart(new Date('2026-03-31T00:00:00Z'), 'years', 1).toISOString().slice(0, 10)).toBe('2025-03-31');
    expect(periodStart(new Date('2026-03-31T00:00:00Z'), 'days', 31).toISOString().slice(0, 10)).toBe('2026-02-28');
  });
});

describe('recommendation (spec 002 sections 3, 9)', () => {
  const rule: Recommendation = {
    enabled: true,
    care_program_types: ['rpm'],
    trigger_cues: ['condition_copd', 'no_readings_7_days'],
    priority_score: 70,
    disabled_cues: [],
    warning_cues: ['open_tasks'],
    day_of_week: [0, 2],
    week_of_month: [],
  };
  // 2026-12-07 is a Monday.
  const facts = { programs: ['rpm', 'ccm'], cues: ['condition_copd'], day: '2026-12-07' };

  it('recommends when every rule given holds', () => {
    expect(recommendationFor(rule, facts, true, true)).toEqual({ recommended: true, disabled: false, reason: null, warning: null, priority: 70 });
    expect(recommendationFor(rule, { ...facts, programs: ['ccm'] }, true, true).recommended).toBe(false);
    expect(recommendationFor(rule, { ...facts, cues: ['condition_asthma'] }, true, true).recommended).toBe(false);
    expect(recommendationFor(rule, { ...facts, day: '2026-12-08' }, true, true).recommended).toBe(false);
    expect(recommendationFor(rule, { ...facts, day: '2026-12-09' }, true, true).recommended).toBe(true);
    expect(recommendationFor({ ...rule, enabled: false }, facts, true, true).recommended).toBe(false);
  });

  it('empty rules hold; week of month first and last', () => {
    const open = { ...rule, care_program_types: [], trigger_cues: [], day_of_week: [], week_of_month: ['last' as const] };
    expect(recommendationFor(open, { ...facts, day: '2026-12-25' }, true, true).recommended).toBe(true);
    expect(recommendationFor(open, { ...facts, day: '2026-12-07' }, true, true).recommended).toBe(false);
    expect(weeksOfMonth('2026-02-01')).toEqual(['first']);
    expect(weeksOfMonth('2026-02-22')).toEqual(['last']);
    expect(weeksOfMonth('2026-02-21')).toEqual([]);
    expect(weekdayOf('2026-12-13')).toBe(6);
  });

  it('recommends only when eligible with recommend_if_eligible', () => {
    expect(recommendationFor(rule, facts, false, true).recommended).toBe(false);
    expect(recommendationFor(rule, facts, false, false).recommended).toBe(true);
  });

  it('warns on a warning cue and disables on a disabled cue, with its reason', () => {
    expect(recommendationFor(rule, { ...facts, cues: ['condition_copd', 'open_tasks'] }, true, true).warning).toBe('Has open tasks');
    const disabled = recommendationFor({ ...rule, disabled_cues: ['no_active_care_plan'] }, { ...facts, cues: ['no_active_care_plan'] }, true, true);
    expect(disabled).toMatchObject({ recommended: false, disabled: true, reason: 'Not available: No active care plan' });
  });

  it('computes the trigger cues from the record', () => {
    expect(
      cuesOf({ primaryCondition: 'COPD', daysSinceEnrollment: 3, daysSinceLastReading: 1, careSecondsThisMonth: 60, openTasks: 0, hasActiveCarePlan: true }),
    ).toEqual(['new_enrollment', 'condition_copd']);
    expect(
      cuesOf({
        primaryCondition: 'HeartFailure',
        daysSinceEnrollment: 90,
        daysSinceLastReading: null,
        careSecondsThisMonth: 0,
        openTasks: 2,
        hasActiveCarePlan: false,
      }),
    ).toEqual(['no_readings_7_days', 'no_care_time_this_month', 'open_tasks', 'no_active_care_plan', 'condition_heart_failure']);
  });
});

describe('what a run writes (spec 002 section 3 "Preview notes")', () => {
  const data = {
    symptoms: {
      time_taken: 1200,
      time_taken_out_of_range_reason: 'Long call',
      answers: { short_of_breath: true, breath_details: 'on stairs', follow_up: true },
    },
    medication: { time_taken: 90, answers: { adherence: 'some' }, additional_notes: 'Pill box' },
  };

  it("writes one note per step with the step's time, its answers in words, and a `note` when no type is chosen", () => {
    const notes = previewNotes('COPD check-in', steps, data, false);
    expect(notes).toEqual([
      {
        id: 'symptoms:rpm_99457_99458',
        duration: 1200,
        monitoring_activity_type: 'rpm_99457_99458',
        notes:
          'COPD check-in: Symptoms\nQuestion short_of_breath: Yes\nDescribe breath_details: on stairs\nSchedule a follow-up call?: Done\nTime outside the expected range: Long call',
      },
      {
        id: 'medication:note',
        duration: 90,
        monitoring_activity_type: 'note',
        notes: 'COPD check-in: Medication\nDoses missed this week: One or two\nNotes: Pill box',
      },
    ]);
  });

  it("counts the reviewer's override instead of the time taken", () => {
    expect(previewNotes('COPD check-in', steps, overridden(data, { symptoms: 720 }), false)[0]!.duration).toBe(720);
  });

  it('splits a step across its types without counting its time twice, and consolidates by type', () => {
    const twoTypes: RunSteps = [
      { ...steps[0]!, monitoring_activity_rules: { create_note: true, monitoring_types: ['rpm_99457_99458', 'ccm_99490_99439'] } },
      steps[1]!,
    ];
    const notes = previewNotes('A', twoTypes, { ...data, symptoms: { ...data.symptoms, time_taken: 301 } }, false);
    expect(notes.map((n) => [n.monitoring_activity_type, n.duration])).toEqual([
      ['rpm_99457_99458', 151],
      ['ccm_99490_99439', 150],
      ['note', 90],
    ]);
    const sameType: RunSteps = [steps[0]!, { ...steps[1]!, monitoring_activity_rules: { create_note: true, monitoring_types: ['rpm_99457_99458'] } }];
    const consolidated = previewNotes('A', sameType, data, true);
    expect(consolidated).toHaveLength(1);
    expect(consolidated[0]).toMatchObject({ id: 'rpm_99457_99458', duration: 1290 });
    expect(consolidated[0]!.notes).toContain('\n\nA: Medication');
    expect(previewNotes('A', [{ ...steps[0]!, monitoring_activity_rules: { create_note: false, monitoring_types: ['rpm_99091'] } }], data, false)).toEqual([]);
  });

  it('asks for the records whose trigger matches the answer, with the reference item as details', () => {
    expect(requestedResources(steps, data)).toEqual([
      {
        resource_type: 'tasks',
        value: true,
        display_text: 'Follow-up call',
        reference_field: 'breath_details',
        step_key: 'symptoms',
        item_id: 'follow_up',
        details: 'Describe breath_details: on stairs',
      },
    ]);
    expect(requestedResources(steps, { symptoms: { answers: { follow_up: false } } })).toEqual([]);
  });
});

describe('templates (spec 002 sections 4, 5, 6)', () => {
  it('lets drafts be edited, promoted and deleted; a published version only cloned or switched on and off', () => {
    expect(transitionRefusal(true, 'update')).toBeNull();
    expect(transitionRefusal(true, 'promote')).toBeNull();
    expect(transitionRefusal(true, 'delete')).toBeNull();
    expect(transitionRefusal(false, 'update')).toMatch(/never changes/);
    expect(transitionRefusal(false, 'delete')).toBe('Only drafts can be deleted');
    expect(transitionRefusal(false, 'promote')).toBe('The template is already published');
    expect(transitionRefusal(false, 'clone')).toBeNull();
    expect(transitionRefusal(false, 'enable')).toBeNull();
  });

  it('refuses keys that are not lowercase with underscores, or repeated, with the spec text', () => {
    const problems = stepTemplateProblems({
      step_key: 'Symptoms Check',
      expected_time_range: { min: 600, max: 300 },
      activity_items_json: [
        yesNo('ok'),
        yesNo('ok'),
        { item_id: 'pick', text: 'Pick', type: 'dropdown', options: [{ id: 'A', name: 'a' }] },
        text('later', { enabled_when: [{ item_id: 'nope', value: 'true' }] }),
        text('notes', { resource_creation: { resource_type: 'tasks', value: true, display_text: 'x', reference_field: 'ok' } }),
      ],
    });
    const messages = problems.map((p) => `${p.path.join('.')}: ${p.message}`);
    expect(messages).toEqual([
      'step_key: Must be lowercase, unique and separated by underscores',
      'expected_time_range.max: The maximum time must not be less than the minimum',
      'activity_items_json.1.item_id: Must be lowercase, unique and separated by underscores',
      'activity_items_json.2.options.0.id: Must be lowercase, unique and separated by underscores',
      'activity_items_json.3.enabled_when.0.item_id: Must name an earlier item of this step',
      'activity_items_json.4.resource_creation: Only checklist and yes/no items create records',
    ]);
    expect(stepTemplateProblems({ step_key: 'symptoms_2', expected_time_range: { min: 0, max: 60 }, activity_items_json: [yesNo('a_1')] })).toEqual([]);
  });

  it('wants steps numbered 1..n with distinct keys and a priority from 0 to 100', () => {
    expect(activityTemplateProblems({}, [])).toEqual([{ path: ['steps'], message: 'Add at least one step' }]);
    expect(activityTemplateProblems({}, [{ step_number: 1 }, { step_number: 3 }]).map((p) => p.message)).toEqual([
      'Steps must be numbered 1, 2, 3… without gaps',
    ]);
    expect(
      activityTemplateProblems({ activity_config_json: { recommendation: { priority_score: 101 } as Recommendation } }, [
        { step_number: 1, step_key: 'a' },
        { step_number: 2, step_key: 'a' },
      ]).map((p) => p.message),
    ).toEqual(['Two steps of an activity may not share a step key', 'Priority must be between 0 and 100']);
  });

  it('decides who may run an activity and when a completion goes to review', () => {
    expect(mayRunActivity({ clinician_types: [] }, 'medical_assistant')).toBe(true);
    expect(mayRunActivity({ clinician_types: ['registered_nurse'] }, 'medical_assistant')).toBe(false);
    expect(mayRunActivity({ clinician_types: ['registered_nurse'] }, 'registered_nurse')).toBe(true);
    expect(completionStatus({ always_require_review: true }, 'registered_nurse')).toBe('pending_review');
    expect(completionStatus({ always_require_review: false }, 'registered_nurse')).toBe('complete');
    expect(completionStatus({ always_require_review: false }, 'medical_assistant')).toBe('pending_review');
    expect(completionStatus({ always_require_review: false }, null)).toBe('complete');
  });
});
