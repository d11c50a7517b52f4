// @vitest-environment jsdom
import { screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { http, HttpResponse } from 'msw';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import type { ApiRow } from '../../../../src/console/renderer/core/context';
import { screenRegistries } from '../../../../src/console/features';
import '../../helpers/dom';
import { fixtureApi } from '../../helpers/fixtureApi';
import { tasks } from '../../helpers/fixtures';
import { useMswServer } from '../../helpers/msw';
import { renderPart } from '../../helpers/renderPart';

const server = useMswServer();
const cellRegistry = screenRegistries.cells;

function renderCell(name: 'task' | 'task_due', value: unknown, { record = {}, options = {} }: { record?: ApiRow; options?: Record<string, unknown> } = {}) {
  const { Component } = cellRegistry[name];
  return renderPart(
    <div data-testid="cell">
      <Component value={value} record={record} options={options} />
    </div>,
  );
}
const cell = () => screen.getByTestId('cell');
const [overdue, autoCompletable, completed] = tasks as unknown as [ApiRow, ApiRow, ApiRow];
const PRIORITY = { labels: { '1': 'High', '2': 'Medium', '3': 'Low' }, tones: { '1': 'red', '2': 'yellow', '3': 'gray' } };

// 11:00 in New York (the fixtures' zone) on Monday June 1st 2026; 02:00 UTC the next day is still June 1st there.
beforeEach(() => {
  vi.useFakeTimers({ toFake: ['Date'] });
  vi.setSystemTime(new Date('2026-06-02T02:00:00Z'));
});
afterEach(() => vi.useRealTimers());

describe('task_due', () => {
  it("marks an open task due before the user's today as overdue, in red and in words", () => {
    renderCell('task_due', overdue.due_on, { record: overdue });
    expect(cell()).toHaveTextContent('05/28/2026 Overdue');
    expect(cell().querySelector('.text-red-700')).not.toBeNull();
  });

  it('today, a later day and a completed task are not overdue', () => {
    const { unmount } = renderCell('task_due', '2026-06-01', { record: { ...overdue, due_on: '2026-06-01' } });
    expect(cell().textContent).toBe('06/01/2026');
    unmount();
    const later = renderCell('task_due', autoCompletable.due_on, { record: autoCompletable });
    expect(cell().textContent).toBe('06/05/2026');
    later.unmount();
    renderCell('task_due', completed.due_on, { record: completed });
    expect(cell().textContent).toBe('05/20/2026');
  });

  it('the dash without a due day', () => {
    renderCell('task_due', null, { record: { ...overdue, due_on: null } });
    expect(cell().textContent).toBe('—');
  });
});

describe('task', () => {
  it('the title, the priority in the words of its options, the due day, the assignee and the description', () => {
    renderCell('task', overdue.title, { record: overdue, options: { priority: PRIORITY } });
    expect(cell()).toHaveTextContent(
      'Review the latest blood pressure readingsHighDue 05/28/2026 OverdueAssigned to Ivy InternalReadings look high since the new medication.',
    );
    expect(within(cell()).getByText('High')).toHaveClass('bg-red-50');
    expect(within(cell()).getByRole('button', { name: 'Activity of Review the latest blood pressure readings' })).toHaveAttribute('aria-expanded', 'false');
  });

  it('an unassigned task, and a completed one with who completed it and when', () => {
    const { unmount } = renderCell('task', autoCompletable.title, { record: { ...autoCompletable, assigned_to_id: null, assigned_to_name: null } });
    expect(cell()).toHaveTextContent('Unassigned');
    unmount();
    renderCell('task', completed.title, { record: completed, options: { priority: PRIORITY } });
    expect(cell()).toHaveTextContent('Completed 05/21/2026 by Nora Admin');
    expect(cell()).not.toHaveTextContent('Overdue');
  });

  it('opens its history: GET task-activities of the task, newest first, read only when opened', async () => {
    const api = fixtureApi();
    server.use(...api.handlers);
    const user = userEvent.setup({ advanceTimers: vi.advanceTimersByTime.bind(vi) });
    renderCell('task', completed.title, { record: completed });
    expect(api.requests.filter((r) => r.path === '/api/task-activities')).toHaveLength(0);
    const button = within(cell()).getByRole('button', { name: /^Activity of/ });
    await user.click(button);
    expect(button).toHaveAttribute('aria-expanded', 'true');
    const items = await within(cell()).findAllByRole('listitem');
    expect(items.map((item) => item.textContent)).toEqual([
      'Completed by Nora Admin on 05/21/2026, 11:00 AMDone during the monthly review',
      'Assigned by Nora Admin on 05/10/2026, 10:00 AMAssigned to Nora Admin',
      'Created by Nora Admin on 05/10/2026, 10:00 AMTask created: Confirm medication list with patient',
    ]);
    const request = api.requests.find((r) => r.path === '/api/task-activities');
    expect(JSON.parse(request?.query.get('filter') ?? '')).toEqual({ 'task_id[eq]': 72 });
    expect([request?.query.get('sort'), request?.query.get('order')]).toEqual(['performed_at', 'desc']);
    await user.click(button);
    expect(within(cell()).queryByRole('listitem')).toBeNull();
  });

  it("says 'Error loading activities' when the history cannot be read, and 'No activity yet' for none", async () => {
    server.use(http.get('*/api/task-activities', () => HttpResponse.json({ detail: 'Internal server error' }, { status: 500 })));
    const user = userEvent.setup({ advanceTimers: vi.advanceTimersByTime.bind(vi) });
    const { unmount } = renderCell('task', overdue.title, { record: overdue });
    await user.click(within(cell()).getByRole('button', { name: /^Activity of/ }));
    expect(await within(cell()).findByRole('alert')).toHaveTextContent('Error loading activities');
    unmount();
    server.use(http.get('*/api/task-activities', () => HttpResponse.json([], { headers: { 'Content-Range': 'task-activities */0' } })));
    renderCell('task', autoCompletable.title, { record: autoCompletable });
    await user.click(within(cell()).getByRole('button', { name: /^Activity of/ }));
    expect(await within(cell()).findByText('No activity yet')).toBeInTheDocument();
  });
});
