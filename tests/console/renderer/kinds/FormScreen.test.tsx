// @vitest-environment jsdom
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { http, HttpResponse } from 'msw';
import { describe, expect, it } from 'vitest';
import '../../helpers/dom';
import { INTERNAL_ADMIN, PROVIDER_ADMIN } from '../../helpers/environments';
import { fixtureApi } from '../../helpers/fixtureApi';
import { useMswServer } from '../../helpers/msw';
import { renderScreen } from '../../helpers/renderScreen';

const server = useMswServer();

function open(environment = PROVIDER_ADMIN) {
  const api = fixtureApi();
  server.use(...api.handlers);
  const view = renderScreen('devices.create', { path: '/devices/create', environment });
  return { ...view, api };
}
const save = () => screen.getByRole('button', { name: 'Save' });

async function choose(user: ReturnType<typeof userEvent.setup>, field: RegExp, option: string) {
  await user.click(screen.getByRole('button', { name: field }));
  await user.click(screen.getByRole('option', { name: option }));
}

describe('a form screen (create a device)', () => {
  it('enables Save only once the form changed', async () => {
    const user = userEvent.setup();
    open();
    expect(await screen.findByRole('heading', { level: 1, name: 'Create Device' })).toBeInTheDocument();
    expect(save()).toBeDisabled();
    await user.type(screen.getByLabelText('Model Number'), 'X');
    expect(save()).toBeEnabled();
    await user.clear(screen.getByLabelText('Model Number'));
    expect(save()).toBeDisabled();
  });

  it("checks the required manufacturer and type with 'Required'", async () => {
    const user = userEvent.setup();
    const { api } = open();
    await user.type(await screen.findByLabelText('Model Number'), 'X');
    await user.click(save());
    expect(await screen.findAllByText('Required')).toHaveLength(2);
    expect(api.requests.filter((r) => r.method === 'POST')).toHaveLength(0);
  });

  it('creates the device with the status the spec gives it, says so and opens it', async () => {
    const user = userEvent.setup();
    const { api, location } = open();
    await choose(user, /Device Manufacturer/, 'Transtek');
    await choose(user, /Device Type/, 'Glucometer');
    await user.type(screen.getByLabelText('IMEI'), '356938035643809');
    await user.click(screen.getByRole('switch', { name: 'Device Received' }));
    await user.click(save());
    expect(await screen.findByText('Device created.')).toBeInTheDocument();
    expect(api.requests.find((r) => r.method === 'POST')).toMatchObject({
      path: '/api/devices',
      body: { device_manufacturer: 'transtek', device_type: 'glucometer', external_id: '356938035643809', device_received: true, status: 'active' },
    });
    await waitFor(() => expect(location.history.at(-1)).toBe('/devices/999/show'));
  });

  it('shows the provider only to internal users; the patient only once the IMEI is given', async () => {
    const user = userEvent.setup();
    open(PROVIDER_ADMIN);
    await screen.findByLabelText('Model Number');
    expect(screen.queryByLabelText('Provider')).toBeNull();
    expect(screen.queryByLabelText('Patient')).toBeNull();
    await user.type(screen.getByLabelText('IMEI'), '3569');
    expect(await screen.findByLabelText('Patient')).toBeInTheDocument();
  });

  it('offers the provider to internal users', async () => {
    open(INTERNAL_ADMIN);
    expect(await screen.findByLabelText('Provider')).toBeInTheDocument();
  });

  it('keeps a draft in session storage and restores it', async () => {
    const user = userEvent.setup();
    const first = open();
    await user.type(await screen.findByLabelText('Model Number'), 'TH-9');
    first.unmount();
    open();
    expect(await screen.findByLabelText('Model Number')).toHaveValue('TH-9');
    expect(save()).toBeEnabled();
  });

  it("warns '{Resource} already exists.' when the create breaks a unique key", async () => {
    const user = userEvent.setup();
    open();
    server.use(http.post('*/api/devices', () => HttpResponse.json({ detail: 'Key (external_id)=(35) already exists.' }, { status: 409 })));
    await choose(user, /Device Manufacturer/, 'Other');
    await choose(user, /Device Type/, 'Weight Scale');
    await user.click(save());
    expect(await within(screen.getByRole('status')).findByText('Device already exists.')).toBeInTheDocument();
  });
});
