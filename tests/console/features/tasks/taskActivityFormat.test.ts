import { describe, expect, it } from 'vitest';
import { TASK_ACTIVITY_TYPES } from '../../../../src/domain/tasks';
import { activityLines, TASK_ACTIVITY_LABELS } from '../../../../src/console/features/tasks/taskActivityFormat';
import { isOverdue } from '../../../../src/console/features/tasks/taskDue';

describe("a task's history", () => {
  it('words every activity type of the domain', () => {
    expect(Object.keys(TASK_ACTIVITY_LABELS)).toEqual([...TASK_ACTIVITY_TYPES]);
    expect(TASK_ACTIVITY_LABELS.uncompleted).toBe('Marked incomplete');
  });

  it('reads each activity as a line: the type in words, who, when and what it said; as the API sorted them', () => {
    expect(
      activityLines([
        { id: 3, activity_type: 'uncompleted', description: 'Not reached.', performed_at: '2026-06-02T10:00:00Z', performed_by_name: 'Ann Lee' },
        { id: 2, activity_type: 'completed', description: '  ', performed_at: '2026-06-01T10:00:00Z', performed_by_name: null, is_system_generated: true },
        { id: 1, activity_type: 'reassigned' as never, description: null, performed_at: null as never, performed_by_name: null },
      ]),
    ).toEqual([
      { id: '3', label: 'Marked incomplete', by: 'Ann Lee', at: '2026-06-02T10:00:00Z', description: 'Not reached.' },
      { id: '2', label: 'Completed', by: 'System', at: '2026-06-01T10:00:00Z', description: null },
      { id: '1', label: 'reassigned', by: null, at: null, description: null },
    ]);
  });
});

describe('an overdue task', () => {
  it("is open and due before the user's today", () => {
    expect(isOverdue({ due_on: '2026-05-31', complete: false }, '2026-06-01')).toBe(true);
    expect(isOverdue({ due_on: '2026-06-01', complete: false }, '2026-06-01')).toBe(false);
    expect(isOverdue({ due_on: '2026-05-31', complete: true }, '2026-06-01')).toBe(false);
    expect(isOverdue({ due_on: null, complete: false }, '2026-06-01')).toBe(false);
  });
});
