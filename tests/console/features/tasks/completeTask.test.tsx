// @vitest-environment jsdom
import { screen, waitFor, within } from '@testing-library/react';
import userEvent, { type UserEvent } from '@testing-library/user-event';
import { http, HttpResponse, type JsonBodyType } from 'msw';
import { describe, expect, it } from 'vitest';
import '../../helpers/dom';
import { environmentFor } from '../../helpers/environments';
import { fixtureApi } from '../../helpers/fixtureApi';
import { useMswServer } from '../../helpers/msw';
import { renderScreen } from '../../helpers/renderScreen';

/**
 * The patient record's Complete and Mark Incomplete dialogs (spec 001 sections 4 and 5): a required
 * note of at most 500 characters, the extra confirmation of an auto-completable task, and the PATCH
 * each sends (tests/server/tasks.test.ts: what the API accepts).
 */
const server = useMswServer();

function serve() {
  const api = fixtureApi();
  const patches: { path: string; body: unknown }[] = [];
  server.use(
    ...api.handlers,
    http.patch('*/api/tasks/:id', async ({ request, params }) => {
      const body = (await request.json()) as Record<string, unknown>;
      patches.push({ path: new URL(request.url).pathname, body });
      const task = api.records.tasks?.find((row) => String(row.id) === params.id);
      return HttpResponse.json({ ...task, ...body } as JsonBodyType);
    }),
  );
  return patches;
}

/** The record of Ada Byron (30) for a clinician, its Tasks tab open. */
async function openTasks(user: UserEvent) {
  const patches = serve();
  renderScreen('patients.show', { path: '/patients/30/show', environment: environmentFor('clinician') });
  await user.click(await screen.findByRole('tab', { name: 'Tasks' }));
  const panel = await screen.findByRole('tabpanel', { name: 'Tasks' });
  await within(panel).findByText('Review the latest blood pressure readings');
  return { patches, panel };
}

async function openDialog(user: UserEvent, panel: HTMLElement, taskId: number, action: string, title: string) {
  await user.click(within(within(panel).getByRole('toolbar', { name: `Actions on row ${taskId}` })).getByRole('button', { name: action }));
  return screen.findByRole('dialog', { name: title });
}

const submit = (user: UserEvent, dialog: HTMLElement, label: string) => user.click(within(dialog).getByRole('button', { name: label }));

describe('Complete', () => {
  it('needs a note, refuses 501 characters with the spec words, and sends complete with the note', async () => {
    const user = userEvent.setup();
    const { patches, panel } = await openTasks(user);
    const dialog = await openDialog(user, panel, 70, 'Complete', 'Complete Task');
    // Not auto-completable: no confirmation to tick.
    expect(within(dialog).queryByRole('checkbox')).toBeNull();

    await submit(user, dialog, 'Complete');
    expect(await within(dialog).findByText('A note is required to complete a task')).toBeInTheDocument();

    const note = within(dialog).getByRole('textbox', { name: /Note/ });
    await user.click(note);
    await user.paste('x'.repeat(501));
    await submit(user, dialog, 'Complete');
    expect(await within(dialog).findByText('Note should be less than 500 characters')).toBeInTheDocument();
    expect(patches).toEqual([]);

    await user.clear(note);
    await user.paste('Reviewed the readings with the patient.');
    await submit(user, dialog, 'Complete');
    expect(await screen.findByText('Task completed')).toBeInTheDocument();
    expect(patches).toEqual([{ path: '/api/tasks/70', body: { update_reason: 'Reviewed the readings with the patient.', complete: true } }]);
    await waitFor(() => expect(screen.queryByRole('dialog', { name: 'Complete Task' })).toBeNull());
  });

  it('takes 500 characters', async () => {
    const user = userEvent.setup();
    const { patches, panel } = await openTasks(user);
    const dialog = await openDialog(user, panel, 70, 'Complete', 'Complete Task');
    await user.click(within(dialog).getByRole('textbox', { name: /Note/ }));
    await user.paste('n'.repeat(500));
    await submit(user, dialog, 'Complete');
    expect(await screen.findByText('Task completed')).toBeInTheDocument();
    expect(patches).toEqual([{ path: '/api/tasks/70', body: { update_reason: 'n'.repeat(500), complete: true } }]);
  });

  it('asks an auto-completable task for the extra confirmation and sends confirm_auto_complete: true', async () => {
    const user = userEvent.setup();
    const { patches, panel } = await openTasks(user);
    const dialog = await openDialog(user, panel, 71, 'Complete', 'Complete Task');
    await user.click(within(dialog).getByRole('textbox', { name: /Note/ }));
    await user.paste('Called; the patient is well.');
    await submit(user, dialog, 'Complete');
    expect(await within(dialog).findByText('This must be selected to proceed')).toBeInTheDocument();
    expect(patches).toEqual([]);

    await user.click(within(dialog).getByRole('checkbox', { name: /I confirm completing it by hand/ }));
    await submit(user, dialog, 'Complete');
    expect(await screen.findByText('Task completed')).toBeInTheDocument();
    expect(patches).toEqual([{ path: '/api/tasks/71', body: { update_reason: 'Called; the patient is well.', confirm_auto_complete: true, complete: true } }]);
  });
});

describe('Mark Incomplete', () => {
  it('is offered on a completed task only, needs a reason and sends complete false with it', async () => {
    const user = userEvent.setup();
    const { patches, panel } = await openTasks(user);
    expect(within(within(panel).getByRole('toolbar', { name: 'Actions on row 70' })).queryByRole('button', { name: 'Mark Incomplete' })).toBeNull();
    await user.click(within(panel).getByRole('tab', { name: 'Completed' }));
    await within(panel).findByText('Confirm medication list with patient');
    const row = within(panel).getByRole('toolbar', { name: 'Actions on row 72' });
    expect(within(row).queryByRole('button', { name: 'Complete' })).toBeNull();
    const dialog = await openDialog(user, panel, 72, 'Mark Incomplete', 'Mark Task Incomplete');
    // The reason starts empty, not with the note the task was completed with.
    const reason = within(dialog).getByRole('textbox', { name: /Reason/ });
    expect(reason).toHaveValue('');
    await submit(user, dialog, 'Mark Incomplete');
    expect(await within(dialog).findByText('A reason is required to mark a task as incomplete')).toBeInTheDocument();
    await user.click(reason);
    await user.paste('The patient did not answer.');
    await submit(user, dialog, 'Mark Incomplete');
    expect(await screen.findByText('Task marked as incomplete')).toBeInTheDocument();
    expect(patches).toEqual([{ path: '/api/tasks/72', body: { update_reason: 'The patient did not answer.', complete: false } }]);
  });
});
