/**
 * Rules of tasks (spec 001 sections 4 and 5, "Task" and "Tasks") that a JSON Schema cannot say with
 * the spec's own words, shared by the server and the Add Task and completion forms: each returns
 * the text to show, or null when the value passes.
 */

/** Spec 001 section 3, Task activity: "activity_type (created, assigned, completed, uncompleted)". */
export const TASK_ACTIVITY_TYPES = ['created', 'assigned', 'completed', 'uncompleted'] as const;

/** Spec 001 section 5, word for word. */
export const TITLE_NOT_DESCRIPTIVE = 'Come on, you can do better! Be descriptive!';
export const NOTE_TOO_LONG = 'Note should be less than 500 characters';
export const TITLE_MIN_LENGTH = 10;
/** Spec 001 section 9: "Completion note limit 500 characters" (the incomplete reason too, section 5). */
export const NOTE_MAX_LENGTH = 500;

/** Ours: the spec says that the note and the reason are required, not with which words. */
export const COMPLETION_NOTE_REQUIRED = 'A note is required to complete a task';
export const INCOMPLETE_REASON_REQUIRED = 'A reason is required to mark a task as incomplete';
export const TITLE_REQUIRED = 'Title is required';

const blank = (value: unknown) => typeof value !== 'string' || value.trim() === '';

/** A new task's title: at least 10 characters, not counting the spaces around it. */
export function newTitleError(title: unknown): string | null {
  if (typeof title !== 'string') return null;
  return title.trim().length < TITLE_MIN_LENGTH ? TITLE_NOT_DESCRIPTIVE : null;
}

/** An edited title: required, whatever its length (spec 001 section 5: "Title is required when editing"). */
export const editedTitleError = (title: unknown): string | null => (blank(title) ? TITLE_REQUIRED : null);

/** The completion note or the incomplete reason: at most 500 characters, and required when `required`. */
export function noteError(note: unknown, required: 'complete' | 'incomplete' | null): string | null {
  if (typeof note === 'string' && note.length > NOTE_MAX_LENGTH) return NOTE_TOO_LONG;
  if (required === null || !blank(note)) return null;
  return required === 'complete' ? COMPLETION_NOTE_REQUIRED : INCOMPLETE_REASON_REQUIRED;
}
