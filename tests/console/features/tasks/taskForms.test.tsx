// @vitest-environment jsdom
import { fireEvent, screen, within } from '@testing-library/react';
import userEvent, { type UserEvent } from '@testing-library/user-event';
import { http, HttpResponse, type JsonBodyType } from 'msw';
import { describe, expect, it } from 'vitest';
import '../../helpers/dom';
import { environmentFor } from '../../helpers/environments';
import { fixtureApi } from '../../helpers/fixtureApi';
import { useMswServer } from '../../helpers/msw';
import { renderScreen } from '../../helpers/renderScreen';

/** The patient record's Add Task and Edit dialogs (spec 001 sections 2, 5 and 8). */
const server = useMswServer();

function serve() {
  const api = fixtureApi();
  const patches: { path: string; body: unknown }[] = [];
  server.use(
    ...api.handlers,
    http.patch('*/api/tasks/:id', async ({ request, params }) => {
      const body = (await request.json()) as Record<string, unknown>;
      patches.push({ path: new URL(request.url).pathname, body });
      return HttpResponse.json({ ...api.records.tasks?.find((row) => String(row.id) === params.id), ...body } as JsonBodyType);
    }),
  );
  return { api, patches };
}

async function openTasks(user: UserEvent) {
  const sent = serve();
  renderScreen('patients.show', { path: '/patients/30/show', environment: environmentFor('clinician') });
  await user.click(await screen.findByRole('tab', { name: 'Tasks' }));
  const panel = await screen.findByRole('tabpanel', { name: 'Tasks' });
  await within(panel).findByText('Review the latest blood pressure readings');
  return { ...sent, panel };
}

async function choose(user: UserEvent, dialog: HTMLElement, field: RegExp, option: string) {
  await user.click(within(dialog).getByRole('button', { name: field }));
  await user.click(await screen.findByRole('option', { name: option }));
}

describe('Add Task', () => {
  it("asks for a descriptive title, a due day and a priority, offers staff who are no patients, and says 'Task created'", async () => {
    const user = userEvent.setup();
    const { api, panel } = await openTasks(user);
    await user.click(within(panel).getByRole('button', { name: 'Add Task' }));
    const dialog = await screen.findByRole('dialog', { name: 'Add Task' });
    await user.click(within(dialog).getByRole('button', { name: 'Add Task' }));
    expect(await within(dialog).findByText('Come on, you can do better! Be descriptive!')).toBeInTheDocument();
    expect(within(dialog).getAllByText('Required')).toHaveLength(2);

    const title = within(dialog).getByRole('textbox', { name: /Title/ });
    await user.type(title, 'Call her');
    await user.click(within(dialog).getByRole('button', { name: 'Add Task' }));
    expect(await within(dialog).findByText('Come on, you can do better! Be descriptive!')).toBeInTheDocument();

    await user.clear(title);
    await user.type(title, 'Call her about the missed readings');
    fireEvent.change(within(dialog).getByLabelText(/Due On/), { target: { value: '2026-06-10' } });
    await user.click(within(dialog).getByRole('button', { name: /Priority/ }));
    expect((await screen.findAllByRole('option')).map((option) => option.textContent)).toEqual(expect.arrayContaining(['High', 'Medium', 'Low']));
    await user.click(screen.getByRole('option', { name: 'Medium' }));
    await user.click(within(dialog).getByRole('combobox', { name: /Assigned To/ }));
    await user.click(await screen.findByRole('option', { name: 'Nora Admin' }));
    const users = api.requests.find((r) => r.path === '/api/users');
    expect(JSON.parse(users?.query.get('filter') ?? '')).toEqual({ 'role[ne]': 'patient', 'is_active[eq]': true, 'tenant_id[in]': [1, null] });
    expect(users?.query.get('limit')).toBe('100');

    await user.click(within(dialog).getByRole('button', { name: 'Add Task' }));
    expect(await screen.findByText('Task created')).toBeInTheDocument();
    expect(api.requests.filter((r) => r.method === 'POST')).toEqual([
      expect.objectContaining({
        path: '/api/tasks',
        body: { title: 'Call her about the missed readings', due_on: '2026-06-10', priority: 2, assigned_to_id: 200, patient_id: 30 },
      }),
    ]);
  });
});

describe('Edit', () => {
  it("starts from the task, needs a title (short is fine) and says 'Task updated'", async () => {
    const user = userEvent.setup();
    const { patches, panel } = await openTasks(user);
    await user.click(within(within(panel).getByRole('toolbar', { name: 'Actions on row 70' })).getByRole('button', { name: 'Edit' }));
    const dialog = await screen.findByRole('dialog', { name: 'Edit Task' });
    const title = within(dialog).getByRole('textbox', { name: /Title/ });
    expect(title).toHaveValue('Review the latest blood pressure readings');
    expect(within(dialog).getByRole('button', { name: /Priority/ })).toHaveTextContent('High');
    await user.clear(title);
    await user.type(title, '  ');
    await user.click(within(dialog).getByRole('button', { name: 'Save' }));
    expect(await within(dialog).findByText('Title is required')).toBeInTheDocument();
    await user.clear(title);
    await user.type(title, 'Call Ann');
    await choose(user, dialog, /Priority/, 'Low');
    await user.click(within(dialog).getByRole('button', { name: 'Save' }));
    expect(await screen.findByText('Task updated')).toBeInTheDocument();
    expect(patches).toEqual([{ path: '/api/tasks/70', body: expect.objectContaining({ title: 'Call Ann', priority: 3, due_on: '2026-05-28' }) as unknown }]);
  });
});
