import { describe, expect, it } from 'vitest';
import { readOpenTasks } from '../../../../src/console/features/tasks/openTasks';

describe('readOpenTasks', () => {
  it('reads the count and the listed tasks, overdue when due before today', () => {
    const open = readOpenTasks(
      {
        count: 5,
        items: [
          { id: 1, title: 'Call the patient', due_on: '2026-03-01', priority: 1 },
          { id: 2, title: 'Check the cuff', due_on: '2026-03-02', priority: 2 },
          { id: 3, title: 'Order strips', due_on: '2026-03-03', priority: 3 },
        ],
      },
      '2026-03-02',
    );
    expect(open).toEqual({
      count: 5,
      tasks: [
        { id: 1, title: 'Call the patient', due_on: '2026-03-01', overdue: true },
        { id: 2, title: 'Check the cuff', due_on: '2026-03-02', overdue: false },
        { id: 3, title: 'Order strips', due_on: '2026-03-03', overdue: false },
      ],
    });
  });

  it('is null for anything that is not the expansion; a task without a real day has no due day', () => {
    expect(readOpenTasks(undefined, '2026-03-02')).toBeNull();
    expect(readOpenTasks({ count: '2', items: [] }, '2026-03-02')).toBeNull();
    expect(readOpenTasks({ count: 1, items: [{ id: 4, title: 'x', due_on: '2026-02-30' }] }, '2026-03-02')?.tasks).toEqual([
      { id: 4, title: 'x', due_on: null, overdue: false },
    ]);
  });
});
