// @vitest-environment jsdom
import { screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { http, HttpResponse } from 'msw';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { Route } from 'wouter';
import devicesList from '../../../screens/devices.list.json';
import { Screen } from '../../../src/console/renderer/Screen';
import '../helpers/dom';
import { fixtureApi } from '../helpers/fixtureApi';
import { useMswServer } from '../helpers/msw';
import { renderScreen, renderWithScreens } from '../helpers/renderScreen';

const server = useMswServer();
const publish = (...definitions: unknown[]) => server.use(http.get('*/api/screens', () => HttpResponse.json(definitions)));

/** A screen only published, never bundled (screens/users.edit.json is another). */
const userEdit = {
  $schema: './screen.schema.json',
  id: 'users.quick-edit',
  version: 1,
  formatVersion: 1,
  kind: 'form',
  route: '/users/:id/edit',
  title: '{full_name}',
  resource: 'users',
  mode: 'edit',
  form: { fields: ['first_name', 'last_name', 'phone_number'], required: ['first_name', 'last_name'] },
  success: 'User saved.',
};

afterEach(() => vi.restoreAllMocks());

describe('Screen', () => {
  it('shows the bundled definition at once, and a newer published version once it arrives', async () => {
    server.use(...fixtureApi().handlers);
    publish({ ...devicesList, version: devicesList.version + 1, title: 'Device Inventory' });
    renderScreen('devices.list', { path: '/devices' });
    // The first render of the file also loads the renderer's modules: give it more than the default second.
    expect(await screen.findByRole('heading', { level: 1, name: 'Device Inventory' }, { timeout: 10_000 })).toBeInTheDocument();
  });

  it('keeps the bundled file over an older or an invalid published version', async () => {
    const warn = vi.spyOn(console, 'warn').mockImplementation(() => undefined);
    server.use(...fixtureApi().handlers);
    publish({ ...devicesList, version: 1, title: 'Old' }, { ...devicesList, id: 'devices.broken', version: 9, columns: [{ field: 'nope' }] });
    renderScreen('devices.list', { path: '/devices' });
    await screen.findByText('356938035643809');
    expect(screen.getByRole('heading', { level: 1, name: 'Devices' })).toBeInTheDocument();
    await waitFor(() => expect(warn).toHaveBeenCalledWith(expect.stringContaining('published screen devices.broken v9: /columns/0/field: no field "nope"')));
  });

  it('keeps the bundled file when the published ones cannot be read', async () => {
    server.use(
      http.get('*/api/screens', () => HttpResponse.json({ detail: 'Not found' }, { status: 404 })),
      ...fixtureApi().handlers,
    );
    renderScreen('devices.list', { path: '/devices' });
    expect(await screen.findByText('356938035643809')).toBeInTheDocument();
  });

  it('says so for an id no definition has', async () => {
    server.use(...fixtureApi().handlers);
    renderWithScreens(<Screen id="nothing.here" />);
    expect(await screen.findByRole('alert')).toHaveTextContent('There is no screen "nothing.here".');
  });

  it('renders a published screen that no file has: an edit form that loads its record and saves it by PUT', async () => {
    const user = userEvent.setup();
    const api = fixtureApi();
    server.use(...api.handlers);
    publish(userEdit);
    renderWithScreens(
      <Route path="/users/:id/edit">
        <Screen id="users.quick-edit" />
      </Route>,
      { path: '/users/200/edit' },
    );
    expect(await screen.findByRole('heading', { level: 1, name: 'Nora Admin' })).toBeInTheDocument();
    const first = await screen.findByLabelText(/First Name/);
    expect(first).toHaveValue('Nora');
    expect(screen.getByRole('button', { name: 'Save' })).toBeDisabled();
    await user.type(first, 'h');
    await user.click(screen.getByRole('button', { name: 'Save' }));
    expect(await screen.findByText('User saved.')).toBeInTheDocument();
    expect(api.requests.find((r) => r.method === 'PUT')).toMatchObject({ path: '/api/users/200', body: { first_name: 'Norah', last_name: 'Admin' } });
  });

  it("words a failed edit as 'Error: ' and the message", async () => {
    const user = userEvent.setup();
    server.use(
      http.put('*/api/users/200', () => HttpResponse.json({ detail: [{ loc: ['body', 'phone_number'], msg: 'bad', type: 'x' }] }, { status: 422 })),
      ...fixtureApi().handlers,
    );
    publish(userEdit);
    renderWithScreens(
      <Route path="/users/:id/edit">
        <Screen id="users.quick-edit" />
      </Route>,
      { path: '/users/200/edit' },
    );
    await user.type(await screen.findByLabelText(/Phone Number/), '+1');
    await user.click(screen.getByRole('button', { name: 'Save' }));
    expect(await screen.findByText('Error: Form is missing information: body.phone_number')).toBeInTheDocument();
  });
});
