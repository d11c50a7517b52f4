import { describe, expect, it } from 'vitest';
import { screenRegistries } from '../../../../src/console/features';

const rules = screenRegistries.fieldRules;
const { task_title: title, task_edited_title: editedTitle, task_completion_note: note, task_incomplete_reason: reason } = rules;

describe("the task forms' field rules (spec 001 section 5, the server's rules in src/domain/tasks.ts)", () => {
  it("task_title: a new task's title has at least 10 characters, spaces around it not counted, in the spec's words", () => {
    expect(title.check('Call her')).toBe('Come on, you can do better! Be descriptive!');
    expect(title.check('   Call him    ')).toBe('Come on, you can do better! Be descriptive!');
    expect(title.check('1234567890')).toBeNull();
    expect(title.check('Review the latest blood pressure readings')).toBeNull();
    // An empty title is refused in the same words (as the server refuses '').
    expect(title.requiredText).toBe('Come on, you can do better! Be descriptive!');
  });

  it('task_edited_title: required when editing, whatever its length', () => {
    expect(editedTitle.check('Call Ann')).toBeNull();
    expect(editedTitle.check('   ')).toBe('Title is required');
    expect(editedTitle.requiredText).toBe('Title is required');
  });

  it('task_completion_note: required, at most 500 characters (501 refused with the spec words)', () => {
    expect(note.check('n'.repeat(500))).toBeNull();
    expect(note.check('n'.repeat(501))).toBe('Note should be less than 500 characters');
    expect(note.check('  \n ')).toBe('A note is required to complete a task');
    expect(note.requiredText).toBe('A note is required to complete a task');
  });

  it('task_incomplete_reason: required, at most 500 characters', () => {
    expect(reason.check('The patient did not answer.')).toBeNull();
    expect(reason.check('y'.repeat(501))).toBe('Note should be less than 500 characters');
    expect(reason.check(' ')).toBe('A reason is required to mark a task as incomplete');
    expect(reason.requiredText).toBe('A reason is required to mark a task as incomplete');
  });

  it('sends the values as they are', () => {
    expect([title, editedTitle, note, reason].some((rule) => 'toPayload' in rule)).toBe(false);
  });
});
