// @vitest-environment jsdom
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { http, HttpResponse } from 'msw';
import { describe, expect, it } from 'vitest';
import { screenStudioFeature } from '../../../../src/console/features/screenStudio';
import '../../helpers/dom';
import { environmentFor } from '../../helpers/environments';
import { useMswServer } from '../../helpers/msw';
import { renderPart } from '../../helpers/renderPart';
import { roleTexts } from '../../helpers/roleTexts';

const server = useMswServer();
const Editor = screenStudioFeature.widgets.screen_studio_editor.Component;
const file = JSON.parse(readFileSync(join(import.meta.dirname, '../../../../screens/locations.list.json'), 'utf8')) as Record<string, unknown> & {
  columns: { field: string; label?: string; cell?: string }[];
};

/** GET screen-studio/screens/locations.list as the server answers it: the file in force, with `change` over it. */
const screenAnswer = (change: Record<string, unknown> = {}) => ({
  id: 'locations.list',
  route: '/locations',
  kind: 'list',
  title: 'Locations',
  version: file.version,
  source: 'file',
  published_version: null,
  published_at: null,
  published_by_name: null,
  file_version: file.version,
  file_newer: false,
  has_draft: false,
  draft_revision: null,
  draft_updated_at: null,
  draft_updated_by_name: null,
  draft_submitted_at: null,
  draft_stale: false,
  definition: file,
  draft: null,
  versions: [],
  ...change,
});

/** The studio's calls for locations.list as the server answers them; what was sent is in `sent`. */
function api() {
  const sent: { method: string; body: unknown }[] = [];
  server.use(
    http.get('/api/screen-studio/screens/locations.list', () => HttpResponse.json(screenAnswer())),
    // The checks, as the server words them: here a Provider column drawn as plain text is refused, at its place.
    http.post('/api/screen-studio/check', async ({ request }) => {
      const { definition } = (await request.json()) as { definition: typeof file };
      const index = definition.columns.findIndex((column) => column.field === 'tenant_id' && column.cell === 'text');
      return HttpResponse.json({ problems: index < 0 ? [] : [{ path: `/columns/${index}/cell`, message: 'the provider is an id: pick the reference cell' }] });
    }),
    http.put('/api/screen-studio/screens/locations.list/draft', async ({ request }) => {
      const body = await request.json();
      sent.push({ method: 'PUT', body });
      return HttpResponse.json({
        screen_id: 'locations.list',
        base_version: file.version,
        revision: 1,
        definition: (body as { definition: unknown }).definition,
        problems: [],
      });
    }),
  );
  return { sent };
}

const renderEditor = (role: 'product_analyst' | 'internal_admin' = 'product_analyst') =>
  renderPart(<Editor options={{}} />, { params: { id: 'locations.list' }, environment: environmentFor(role) });

describe('the Screen Studio editor', () => {
  it('relabels a column, shows the change in words, undoes and redoes it, and saves the draft from the version in force', async () => {
    const user = userEvent.setup();
    const { sent } = api();
    renderEditor();
    const label = await screen.findByRole('textbox', { name: 'Label of column City' });
    await user.clear(label);
    await user.type(label, 'Town');
    await user.click(screen.getByRole('tab', { name: /^Changes/ }));
    expect(roleTexts(screen.getByRole('list', { name: 'Changes' }), 'listitem')).toEqual(['label of column City changed to Town']);
    await user.click(screen.getByRole('tab', { name: 'Edit' }));
    // Undo steps back one keystroke at a time.
    await user.click(screen.getByRole('button', { name: 'Undo' }));
    expect(screen.getByRole('textbox', { name: 'Label of column Tow' })).toHaveValue('Tow');
    await user.click(screen.getByRole('button', { name: 'Redo' }));
    expect(screen.getByRole('textbox', { name: 'Label of column Town' })).toHaveValue('Town');
    await user.click(screen.getByRole('button', { name: 'Save draft' }));
    await waitFor(() => expect(sent).toHaveLength(1));
    const body = sent[0]?.body as { revision: unknown; definition: typeof file };
    expect(body.revision).toBeNull();
    expect(body.definition.columns.find((column) => column.field === 'address.city')?.label).toBe('Town');
    expect(body.definition.columns.map((column) => column.field)).toEqual(file.columns.map((column) => column.field));
  });

  it('moves and removes columns from the keyboard, and shows a problem of the checks at its column', async () => {
    const user = userEvent.setup();
    api();
    renderEditor();
    await user.click(await screen.findByRole('button', { name: 'Move column State up' }));
    await user.click(screen.getByRole('button', { name: 'Remove column Active' }));
    const columns = within(screen.getByRole('region', { name: 'Columns' })).getAllByRole('listitem');
    expect(columns.map((item) => item.getAttribute('aria-label'))).toEqual([
      'column name',
      'column Provider',
      'column State',
      'column City',
      'column Created On',
    ]);
    expect(await screen.findByText('No problems: this definition can be published.')).toBeInTheDocument();
    await user.selectOptions(screen.getByRole('combobox', { name: 'Cell of column Provider' }), 'text');
    const provider = screen.getByRole('listitem', { name: 'column Provider' });
    expect(await within(provider).findByText('the provider is an id: pick the reference cell')).toBeInTheDocument();
    expect(screen.getByText('1 problem to mend before publishing')).toBeInTheDocument();
  });

  it('offers an analyst Submit for review and an admin Publish, once a draft exists', async () => {
    api();
    server.use(
      http.get('/api/screen-studio/screens/locations.list', () =>
        HttpResponse.json(
          screenAnswer({
            has_draft: true,
            draft: {
              screen_id: 'locations.list',
              base_version: file.version,
              revision: 3,
              definition: file,
              updated_at: '2026-12-07T10:00:00Z',
              updated_by_name: 'Priya Analyst',
              submitted_at: null,
              problems: [],
            },
            versions: [],
          }),
        ),
      ),
    );
    const analyst = renderEditor();
    expect(await screen.findByRole('button', { name: 'Submit for review' })).toBeEnabled();
    expect(screen.queryByRole('button', { name: 'Publish' })).not.toBeInTheDocument();
    analyst.unmount();
    renderEditor('internal_admin');
    expect(await screen.findByRole('button', { name: 'Publish' })).toBeInTheDocument();
    expect(screen.queryByRole('button', { name: 'Submit for review' })).not.toBeInTheDocument();
  });

  it('keeps the fields the server requires of Add Patient required, offers each field the widgets that fit it, and edits any text', async () => {
    const user = userEvent.setup();
    const create = JSON.parse(readFileSync(join(import.meta.dirname, '../../../../screens/patients.create.json'), 'utf8')) as Record<string, unknown>;
    const checked: unknown[] = [];
    server.use(
      http.get('/api/screen-studio/screens/patients.create', () =>
        HttpResponse.json(
          screenAnswer({ id: 'patients.create', route: '/patients/create', kind: 'form', title: 'Add Patient', version: create.version, definition: create }),
        ),
      ),
      http.post('/api/screen-studio/check', async ({ request }) => {
        checked.push(((await request.json()) as { definition: unknown }).definition);
        return HttpResponse.json({ problems: [], required_by_server: ['user', 'user.first_name', 'birthdate'] });
      }),
    );
    renderPart(<Editor options={{}} />, { params: { id: 'patients.create' }, environment: environmentFor('product_analyst') });
    const firstName = await screen.findByRole('listitem', { name: 'field First Name' });
    const serverRequired = await within(firstName).findByRole('checkbox', { name: 'Required by the server' });
    expect(serverRequired).toBeChecked();
    expect(serverRequired).toBeDisabled();
    // Middle name is the form's own choice: it may be made required.
    expect(within(screen.getByRole('listitem', { name: 'field Middle Name' })).getByRole('checkbox', { name: 'Required' })).toBeEnabled();

    const sex = screen.getByRole('combobox', { name: 'Widget of field Sex at Birth' });
    expect(roleTexts(sex, 'option')).toEqual(["By the field's type", 'select', 'radio']);
    await user.selectOptions(sex, 'radio');
    const dateOfBirth = screen.getByRole('combobox', { name: 'Widget of field Date of Birth' });
    expect(roleTexts(dateOfBirth, 'option')).toEqual(["By the field's type", 'date', 'alt-date']);

    const success = screen.getByRole('textbox', { name: 'Success' });
    expect(success).toHaveValue('Created patient {response.user.full_name}');
    await user.clear(success);
    await user.type(success, 'Added {{response.user.full_name}');
    await user.click(screen.getByRole('tab', { name: /^Changes/ }));
    const changes = roleTexts(screen.getByRole('list', { name: 'Changes' }), 'listitem');
    expect(changes).toEqual(['widget of field Sex at Birth changed to radio', 'text success changed to "Added {response.user.full_name}"']);
    await waitFor(() => expect(checked.length).toBeGreaterThan(1));
  });
});
