import {
  COMPLETION_NOTE_REQUIRED,
  editedTitleError,
  INCOMPLETE_REASON_REQUIRED,
  newTitleError,
  noteError,
  TITLE_NOT_DESCRIPTIVE,
  TITLE_REQUIRED,
} from '../../../domain/tasks';
import type { FieldRule } from '../../renderer/core/coreRegistries';

/**
 * The task forms' field rules over the rules the server applies (src/domain/tasks.ts, spec 001
 * section 5), with the spec's words; tested in tests/console/features/tasks/taskFieldRules.test.ts.
 */
export const taskFieldRules = {
  /** Add Task: at least 10 characters, spaces around it not counted; an empty title says the same (the server does). */
  task_title: { check: newTitleError, requiredText: TITLE_NOT_DESCRIPTIVE },
  /** Edit: required, whatever its length. */
  task_edited_title: { check: editedTitleError, requiredText: TITLE_REQUIRED },
  /** Complete: a note of at most 500 characters. */
  task_completion_note: { check: (value) => noteError(value, 'complete'), requiredText: COMPLETION_NOTE_REQUIRED },
  /** Mark Incomplete: a reason of at most 500 characters. */
  task_incomplete_reason: { check: (value) => noteError(value, 'incomplete'), requiredText: INCOMPLETE_REASON_REQUIRED },
} as const satisfies Readonly<Record<string, FieldRule>>;
