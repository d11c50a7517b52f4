import { describe, expect, it } from 'vitest';
import { screenRegistries } from '../../../../src/console/features';
import {
  activityBody,
  activityDraftOf,
  activityErrorsOf,
  emptyActivity,
  frequencyLimitBody,
} from '../../../../src/console/features/activityBuilder/activityForm';
import { minutesAndSeconds } from '../../../../src/console/features/activityBuilder/PreviewNotesPanel';
import { emptyStep, itemBody, renameItem, retypeItem, serverFieldErrors, stepErrorsOf } from '../../../../src/console/features/activityBuilder/stepForm';
import { formatTimeRange } from '../../../../src/console/features/activityBuilder/TimeRangeCell';
import type { ActivityItem } from '../../../../src/domain/clinicalActivities';
import { DRAFT_ACTIVITY, PUBLISHED_ACTIVITY } from './templateFixtures';

const KEY_RULE = 'Must be lowercase, unique and separated by underscores';

describe('the step form (spec 002 section 5)', () => {
  it('requires the step key, title and both times, in whole seconds from 0', () => {
    expect(stepErrorsOf(emptyStep())).toEqual({
      step_key: KEY_RULE,
      step_title: 'Required',
      'expected_time_range.min': 'Required',
      'expected_time_range.max': 'Required',
    });
    const step = { ...emptyStep(), step_key: 'symptoms', step_title: 'Symptoms' };
    expect(stepErrorsOf({ ...step, expected_time_range: { min: -1, max: 1.5 } })).toEqual({
      'expected_time_range.min': 'Must be 0 or more',
      'expected_time_range.max': 'Must be a whole number',
    });
    expect(stepErrorsOf({ ...step, expected_time_range: { min: 600, max: 300 } })).toEqual({
      'expected_time_range.max': 'The maximum time must not be less than the minimum',
    });
    expect(stepErrorsOf({ ...step, expected_time_range: { min: 0, max: 0 } })).toEqual({});
  });

  it('sends only the fields an item type uses', () => {
    const item: ActivityItem = {
      item_id: ' pain ',
      text: 'Pain? ',
      type: 'yes_no',
      prompt: '',
      options: [{ id: 'a', name: 'A' }],
      default_option: 'a',
      scale_min: 1,
      unit: 'pts',
      required: false,
      resource_creation: { resource_type: 'tasks', value: false, display_text: ' Call back ', reference_field: 'pain' },
      enabled_when: [],
    };
    // yes/no: always required; no options, bounds or unit; its record kept.
    expect(itemBody(item)).toEqual({
      item_id: 'pain',
      text: 'Pain?',
      type: 'yes_no',
      required: true,
      resource_creation: { resource_type: 'tasks', value: false, display_text: 'Call back', reference_field: 'pain' },
    });
    expect(itemBody({ ...item, type: 'dropdown' })).toEqual({
      item_id: 'pain',
      text: 'Pain?',
      type: 'dropdown',
      required: false,
      options: [{ id: 'a', name: 'A' }],
      default_option: 'a',
    });
    expect(itemBody({ ...item, type: 'scale' })).toEqual({ item_id: 'pain', text: 'Pain?', type: 'scale', required: false, scale_min: 1, unit: 'pts' });
    // A new type drops what it cannot use.
    expect(retypeItem(item, 'text')).not.toHaveProperty('resource_creation');
    expect(retypeItem(item, 'text')).not.toHaveProperty('options');
  });

  it("carries a renamed item's id into the conditions and records that name it", () => {
    const items: ActivityItem[] = [
      { item_id: 'sob', text: 'Short of breath?', type: 'yes_no' },
      {
        item_id: 'call',
        text: 'Call the doctor?',
        type: 'checklist',
        enabled_when: [{ item_id: 'sob', value: 'true' }],
        resource_creation: { resource_type: 'tasks', value: true, display_text: 'Call', reference_field: 'sob' },
      },
    ];
    const renamed = renameItem(items, 0, 'short_of_breath');
    expect(renamed[1]?.enabled_when).toEqual([{ item_id: 'short_of_breath', value: 'true' }]);
    expect(renamed[1]?.resource_creation?.reference_field).toBe('short_of_breath');
  });

  it("reads the server's 422 field errors by path", () => {
    expect(
      serverFieldErrors({
        detail: [
          { loc: ['body', 'activity_items_json', 0, 'item_id'], msg: KEY_RULE, type: 'value_error' },
          { loc: ['body', 'step_title'], msg: 'Required', type: 'missing' },
        ],
      }),
    ).toEqual({ 'activity_items_json.0.item_id': KEY_RULE, step_title: 'Required' });
    expect(serverFieldErrors({ detail: 'Conflict' })).toEqual({});
  });
});

describe('the activity form (spec 002 sections 3, 5 and 9)', () => {
  it('reads a template back into the same body it came from', () => {
    const body = activityBody(activityDraftOf(DRAFT_ACTIVITY));
    expect(body.steps).toEqual([
      { step_number: 1, step_template_id: 11 },
      { step_number: 2, step_template_id: 12 },
    ]);
    expect(body.activity_config_json).toEqual(DRAFT_ACTIVITY.activity_config_json);
    expect(activityBody(activityDraftOf(PUBLISHED_ACTIVITY)).activity_config_json).toEqual(PUBLISHED_ACTIVITY.activity_config_json);
  });

  it('keeps only the frequency limit fields of its type', () => {
    const full = {
      limit_type: 'none',
      period_type: 'days',
      period_value: 7,
      max_occurrences: 1,
      reset_trigger: 'rolling_period',
      total_occurrences_limit: 3,
    } as const;
    expect(frequencyLimitBody(full)).toEqual({ limit_type: 'none' });
    expect(frequencyLimitBody({ ...full, limit_type: 'period' })).toEqual({
      limit_type: 'period',
      period_type: 'days',
      period_value: 7,
      max_occurrences: 1,
      reset_trigger: 'rolling_period',
    });
    expect(frequencyLimitBody({ ...full, limit_type: 'total' })).toEqual({ limit_type: 'total', total_occurrences_limit: 3 });
  });

  it('requires a title, a step, and a priority from 0 to 100', () => {
    const draft = emptyActivity();
    expect(activityErrorsOf(draft)).toEqual({ activity_title: 'Required', steps: 'Add at least one step' });
    const named = { ...activityDraftOf(DRAFT_ACTIVITY) };
    expect(activityErrorsOf(named)).toEqual({});
    const priority = (priority_score: number | null) => ({
      ...named,
      activity_config_json: { ...named.activity_config_json, recommendation: { ...named.activity_config_json.recommendation, priority_score } },
    });
    expect(activityErrorsOf(priority(101))).toEqual({ 'activity_config_json.recommendation.priority_score': 'Priority must be between 0 and 100' });
    expect(activityErrorsOf(priority(null))).toEqual({ 'activity_config_json.recommendation.priority_score': 'Required' });
    // Two steps of one key (the same step twice) are refused.
    const twice = { ...named, steps: [named.steps[0]!, named.steps[0]!] };
    expect(activityErrorsOf(twice)).toEqual({ steps: 'Two steps of an activity may not share a step key' });
  });
});

describe("the builders' registry entries", () => {
  it('show row actions as the versioning table allows (template.{action})', () => {
    const refusal = (name: string, isDraft: boolean) =>
      screenRegistries.rules[name as keyof typeof screenRegistries.rules]({ id: 1, is_draft: isDraft }, undefined);
    expect(refusal('template.update', true)).toBeNull();
    expect(refusal('template.update', false)).toBe('A published template never changes: clone it to make a new draft');
    expect(refusal('template.promote', false)).toBe('The template is already published');
    expect(refusal('template.delete', false)).toBe('Only drafts can be deleted');
    expect(refusal('template.clone', false)).toBeNull();
    expect(refusal('template.clone', true)).toBeNull();
    expect(refusal('template.enable', false)).toBeNull();
  });

  it("word a step's time range and a note's duration", () => {
    expect(formatTimeRange({ min: 300, max: 630 })).toBe('05:00 – 10:30');
    expect(formatTimeRange(null)).toBe('—');
    expect(minutesAndSeconds(330)).toBe('5 min 30 s');
    expect(minutesAndSeconds(59.6)).toBe('1 min 0 s');
  });
});
