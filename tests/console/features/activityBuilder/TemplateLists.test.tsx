// @vitest-environment jsdom
import { screen, waitFor, within } from '@testing-library/react';
import userEvent, { type UserEvent } from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';
import { TEMPLATE_PAGE_SIZE } from '../../../../src/domain/clinicalActivities';
import '../../helpers/dom';
import { useMswServer } from '../../helpers/msw';
import { renderScreen } from '../../helpers/renderScreen';
import { templateApi } from './templateFixtures';

const server = useMswServer();

/** The lists, with every GET recorded (`listed`). */
function openLists(failures?: Parameters<typeof templateApi>[0]) {
  const api = templateApi(failures);
  server.use(...api.handlers);
  return { ...api, listed: api.asked, ...renderScreen('clinical-activities.list', { path: '/clinical-activities' }) };
}

const section = (name: string) => screen.getByRole('region', { name });
const rowOf = async (list: string, title: string) => (await within(section(list)).findByRole('cell', { name: title })).closest('tr')!;
/** The row's actions in order: links (Edit, View) and buttons. */
const buttonsOf = (row: HTMLElement) => [...row.querySelectorAll('a, button')].map((action) => action.textContent);
const lastQuery = (listed: URL[], resource: string) => {
  const url = listed.filter((u) => u.pathname === `/api/${resource}`).at(-1)!;
  return {
    filter: JSON.parse(url.searchParams.get('filter') ?? '{}') as unknown,
    limit: url.searchParams.get('limit'),
    sort: url.searchParams.get('sort'),
    order: url.searchParams.get('order'),
  };
};

async function confirm(user: UserEvent, row: HTMLElement, action: string) {
  await user.click(within(row).getByRole('button', { name: action }));
  const dialog = await screen.findByRole('dialog');
  await user.click(within(dialog).getByRole('button', { name: action }));
}

describe('the template lists (/clinical-activities)', () => {
  it('lists published and draft versions of each kind, 10 a page, newest first, with their columns', async () => {
    const user = userEvent.setup();
    const { listed } = openLists();
    const published = await rowOf('Activity templates', 'COPD weekly check-in');
    expect(
      within(published)
        .getAllByRole('cell')
        .map((cell) => cell.textContent),
    ).toEqual(expect.arrayContaining(['COPD weekly check-in', '3', '1', 'Yes']));
    expect(lastQuery(listed, 'activity-templates')).toEqual({
      filter: { 'is_draft[eq]': false, 'is_latest[eq]': true },
      // Spec 002 section 9: template lists 10 a page.
      limit: String(TEMPLATE_PAGE_SIZE),
      sort: 'created_at',
      order: 'desc',
    });
    const step = await rowOf('Step templates', 'Symptoms');
    expect(within(step).getByRole('cell', { name: 'symptoms' })).toBeVisible();
    expect(within(step).getByRole('cell', { name: '05:00 – 10:00' })).toBeVisible();

    await user.click(within(section('Activity templates')).getByRole('tab', { name: 'Draft' }));
    expect(await rowOf('Activity templates', 'Asthma control check-in')).toBeVisible();
    expect(lastQuery(listed, 'activity-templates').filter).toEqual({ 'is_draft[eq]': true });
    await user.click(within(section('Step templates')).getByRole('tab', { name: 'Draft' }));
    expect(await rowOf('Step templates', 'Medication')).toBeVisible();
    expect(lastQuery(listed, 'step-templates').filter).toEqual({ 'is_draft[eq]': true });
  });

  it('searches by title and filters activity templates by Enabled', async () => {
    const user = userEvent.setup();
    const { listed } = openLists();
    await rowOf('Activity templates', 'COPD weekly check-in');
    await user.type(within(section('Activity templates')).getByRole('searchbox', { name: 'Search by Title' }), 'copd');
    await waitFor(() =>
      expect(lastQuery(listed, 'activity-templates').filter).toEqual({
        'is_draft[eq]': false,
        'is_latest[eq]': true,
        q: { field: 'activity_title', value: 'copd' },
      }),
    );
    await user.click(within(section('Activity templates')).getByRole('button', { name: 'Enabled' }));
    await user.click(await screen.findByRole('option', { name: 'No' }));
    await waitFor(() => expect(lastQuery(listed, 'activity-templates').filter).toEqual(expect.objectContaining({ 'is_enabled[eq]': 'false' })));
    expect(await within(section('Activity templates')).findByText('No results found.')).toBeVisible();
  });

  it('offers each row what its state allows: View and Clone for a published version; Edit, Clone, Promote and Delete for a draft', async () => {
    const user = userEvent.setup();
    openLists();
    expect(buttonsOf(await rowOf('Activity templates', 'COPD weekly check-in'))).toEqual(['View', 'Clone']);
    expect(buttonsOf(await rowOf('Step templates', 'Symptoms'))).toEqual(['View', 'Clone']);
    await user.click(within(section('Activity templates')).getByRole('tab', { name: 'Draft' }));
    expect(buttonsOf(await rowOf('Activity templates', 'Asthma control check-in'))).toEqual(['Edit', 'Clone', 'Promote', 'Delete']);
    expect(within(section('Activity templates')).getByRole('link', { name: 'New activity template' })).toHaveAttribute(
      'href',
      '/clinical-activities/activity/create',
    );
    expect(within(section('Step templates')).getByRole('link', { name: 'New step template' })).toHaveAttribute('href', '/clinical-activities/step/create');
  });

  it('clones, promotes and deletes with the calls of spec 002 section 7', async () => {
    const user = userEvent.setup();
    const { sent } = openLists();
    await confirm(user, await rowOf('Activity templates', 'COPD weekly check-in'), 'Clone');
    expect(await screen.findByText('Activity template cloned: the new draft is under Draft')).toBeVisible();
    await user.click(within(section('Activity templates')).getByRole('tab', { name: 'Draft' }));
    await confirm(user, await rowOf('Activity templates', 'Asthma control check-in'), 'Promote');
    expect(await screen.findByText('Activity template published')).toBeVisible();
    await confirm(user, await rowOf('Activity templates', 'Asthma control check-in'), 'Delete');
    expect(await screen.findByText('Activity template deleted')).toBeVisible();
    await user.click(within(section('Step templates')).getByRole('tab', { name: 'Draft' }));
    await confirm(user, await rowOf('Step templates', 'Medication'), 'Promote');
    expect(await screen.findByText('Step template published')).toBeVisible();
    expect(sent.map(({ method, path }) => `${method} ${path}`)).toEqual([
      'POST /activity-templates/1/clone',
      'POST /activity-templates/2/promote',
      'DELETE /activity-templates/2',
      'POST /step-templates/12/promote',
    ]);
  });

  it("says the spec's words when an activity template's clone, promotion or deletion fails", async () => {
    const user = userEvent.setup();
    openLists({
      'POST /activity-templates/1/clone': { status: 409, body: { detail: 'Conflict' } },
      'POST /activity-templates/2/promote': { status: 422, body: { detail: 'A published activity may only use published steps' } },
      'DELETE /activity-templates/2': { status: 409, body: { detail: 'A run names this template' } },
    });
    await confirm(user, await rowOf('Activity templates', 'COPD weekly check-in'), 'Clone');
    expect(await screen.findByText('Error cloning activity template')).toBeVisible();
    await user.click(within(screen.getByRole('dialog')).getByRole('button', { name: 'Cancel' }));
    await user.click(within(section('Activity templates')).getByRole('tab', { name: 'Draft' }));
    await confirm(user, await rowOf('Activity templates', 'Asthma control check-in'), 'Promote');
    expect(await screen.findByText('Error promoting activity template')).toBeVisible();
    await user.click(within(screen.getByRole('dialog')).getByRole('button', { name: 'Cancel' }));
    await confirm(user, await rowOf('Activity templates', 'Asthma control check-in'), 'Delete');
    expect(await screen.findByText('Unable to delete item.')).toBeVisible();
    // The dialog stays, so that the user may try again or cancel.
    expect(screen.getByRole('dialog', { name: 'Delete activity template' })).toBeVisible();
  });

  it("says 'Unable to delete item.' when a step template's deletion fails", async () => {
    const user = userEvent.setup();
    openLists({ 'DELETE /step-templates/12': { status: 409, body: { detail: 'An activity template names this step' } } });
    await user.click(within(section('Step templates')).getByRole('tab', { name: 'Draft' }));
    await confirm(user, await rowOf('Step templates', 'Medication'), 'Delete');
    expect(await screen.findByText('Unable to delete item.')).toBeVisible();
  });
});
