// @vitest-environment jsdom
import { screen, waitFor, within } from '@testing-library/react';
import userEvent, { type UserEvent } from '@testing-library/user-event';
import { http, HttpResponse, type JsonBodyType } from 'msw';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import '../helpers/dom';
import { PROVIDER_ADMIN } from '../helpers/environments';
import { fixtureApi } from '../helpers/fixtureApi';
import { useMswServer } from '../helpers/msw';
import { renderScreen } from '../helpers/renderScreen';

/** The Tasks screen (spec 001 section 2, "Task list screens"; spec 002 section 7, bulk task assignment). */
const server = useMswServer();

function serve({ refuse }: { refuse?: number } = {}) {
  const api = fixtureApi();
  const patches: { path: string; body: unknown }[] = [];
  server.use(
    ...api.handlers,
    http.patch('*/api/tasks/:id', async ({ request, params }) => {
      const body = (await request.json()) as Record<string, unknown>;
      patches.push({ path: new URL(request.url).pathname, body });
      if (Number(params.id) === refuse)
        return HttpResponse.json(
          { detail: [{ loc: ['body', 'assigned_to_id'], msg: 'A task is assigned to staff, not to a patient', type: 'value_error' }] },
          { status: 422 },
        );
      return HttpResponse.json({ ...api.records.tasks?.find((row) => String(row.id) === params.id), ...body } as JsonBodyType);
    }),
  );
  const taskFilters = () => api.requests.filter((r) => r.path === '/api/tasks').map((r) => JSON.parse(r.query.get('filter') ?? '{}') as unknown);
  return { api, patches, taskFilters };
}

const rowTitles = () =>
  screen
    .getAllByRole('row')
    .slice(1)
    .map((row) => within(row).getAllByRole('cell')[1]?.textContent);

// 08:00 in New York (the fixtures' zone) on Monday June 1st 2026.
beforeEach(() => {
  vi.useFakeTimers({ toFake: ['Date'] });
  vi.setSystemTime(new Date('2026-06-01T12:00:00Z'));
});
afterEach(() => vi.useRealTimers());
const setup = () => userEvent.setup({ advanceTimers: vi.advanceTimersByTime.bind(vi) });

describe('the Tasks screen', () => {
  it('opens on Not Completed by due day; Completed and All are kept in the address', async () => {
    const user = setup();
    const { taskFilters, api } = serve();
    const { location } = renderScreen('tasks.list', { path: '/tasks', environment: PROVIDER_ADMIN });
    await screen.findByText('Review the latest blood pressure readings');
    expect(rowTitles()).toEqual(['Review the latest blood pressure readings', 'Monthly check-in call with the patient']);
    expect(taskFilters()).toEqual([{ 'complete[eq]': false }]);
    const first = api.requests.find((r) => r.path === '/api/tasks');
    expect([first?.query.get('sort'), first?.query.get('order'), first?.query.get('limit')]).toEqual(['due_on', 'asc', '10']);
    expect(screen.queryByRole('columnheader', { name: /Completed At/ })).toBeNull();
    // The overdue one is marked, the patient links to the record.
    expect(screen.getByText('Overdue')).toBeInTheDocument();
    expect(screen.getAllByRole('link', { name: 'Ada Byron' })[0]).toHaveAttribute('href', '/patients/30/show');

    await user.click(screen.getByRole('tab', { name: 'Completed' }));
    await screen.findByText('Confirm medication list with patient');
    expect(location.history.at(-1)).toBe('/tasks?complete=true');
    expect(taskFilters().at(-1)).toEqual({ 'complete[eq]': true });
    expect(screen.getByRole('columnheader', { name: /Completed At/ })).toBeInTheDocument();

    await user.click(screen.getByRole('tab', { name: 'All' }));
    await waitFor(() => expect(screen.getAllByRole('row')).toHaveLength(4));
    expect(location.history.at(-1)).toBe('/tasks?complete=all');
    expect(taskFilters().at(-1)).toEqual({});
  });

  it("filters by a due preset (on the user's day), a priority and an assignee who is no patient", async () => {
    const user = setup();
    const { taskFilters, api } = serve();
    renderScreen('tasks.list', { path: '/tasks?complete=all&due_on=before_today&priority=1', environment: PROVIDER_ADMIN });
    await screen.findByText('Review the latest blood pressure readings');
    expect(taskFilters()).toEqual([{ 'due_on[lt]': '2026-06-01', 'priority[eq]': 1 }]);
    expect(rowTitles()).toEqual(['Review the latest blood pressure readings']);
    expect(screen.getByRole('button', { name: 'Due' })).toHaveTextContent('Overdue');
    // The filter's button, beside the column's sort button of the same name.
    expect(screen.getAllByRole('button', { name: 'Priority' }).map((button) => button.textContent)).toContain('High');

    await user.type(screen.getByRole('combobox', { name: 'Assigned To' }), 'No');
    await user.click(await screen.findByRole('option', { name: 'Nora Admin' }));
    await waitFor(() => expect(taskFilters().at(-1)).toEqual({ 'due_on[lt]': '2026-06-01', 'priority[eq]': 1, 'assigned_to_id[eq]': 200 }));
    const users = api.requests.find((r) => r.path === '/api/users');
    expect(JSON.parse(users?.query.get('filter') ?? '')).toEqual({ 'role[ne]': 'patient', q: { field: 'full_name', value: 'No' } });
  });

  it("searches by title and a row opens the patient's record", async () => {
    const user = setup();
    const { taskFilters } = serve();
    const { location } = renderScreen('tasks.list', { path: '/tasks', environment: PROVIDER_ADMIN });
    await user.type(await screen.findByRole('searchbox', { name: 'Search by Title' }), 'monthly');
    await waitFor(() => expect(taskFilters().at(-1)).toEqual({ 'complete[eq]': false, q: { field: 'title', value: 'monthly' } }));
    await user.click(await screen.findByText('Monthly check-in call with the patient'));
    expect(location.history.at(-1)).toBe('/patients/30/show');
  });
});

describe('Assign', () => {
  async function assign(user: UserEvent) {
    await user.click(await screen.findByRole('checkbox', { name: 'Select row 70' }));
    await user.click(screen.getByRole('checkbox', { name: 'Select row 71' }));
    await user.click(screen.getByRole('button', { name: 'Assign' }));
    const dialog = await screen.findByRole('dialog', { name: 'Assign Tasks' });
    await user.click(within(dialog).getByRole('button', { name: 'Assign' }));
    expect(await within(dialog).findByText('Required')).toBeInTheDocument();
    await user.click(within(dialog).getByRole('combobox', { name: /Assignee/ }));
    await user.click(await screen.findByRole('option', { name: 'Nora Admin' }));
    await user.click(within(dialog).getByRole('button', { name: 'Assign' }));
  }

  it("needs an assignee, then sends one PATCH per selected task (the tasks API has no bulk update) and says 'Task updated'", async () => {
    const user = setup();
    const { patches } = serve();
    renderScreen('tasks.list', { path: '/tasks', environment: PROVIDER_ADMIN });
    await assign(user);
    expect(await screen.findByText('Task updated')).toBeInTheDocument();
    expect(patches).toEqual([
      { path: '/api/tasks/70', body: { assigned_to_id: 200 } },
      { path: '/api/tasks/71', body: { assigned_to_id: 200 } },
    ]);
  });

  it('tries every task and says that the API refused one, in the words of the error mapping (spec 000 section 7)', async () => {
    const user = setup();
    const { patches } = serve({ refuse: 70 });
    renderScreen('tasks.list', { path: '/tasks', environment: PROVIDER_ADMIN });
    await assign(user);
    expect(await screen.findByText('Error: Form is missing information: body.assigned_to_id')).toBeInTheDocument();
    expect(patches.map((p) => p.path)).toEqual(['/api/tasks/70', '/api/tasks/71']);
  });
});
