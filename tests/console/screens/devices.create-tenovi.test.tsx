// @vitest-environment jsdom
import { screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';
import '../helpers/dom';
import { INTERNAL_ADMIN, PROVIDER_ADMIN } from '../helpers/environments';
import { fixtureApi } from '../helpers/fixtureApi';
import { useMswServer } from '../helpers/msw';
import { renderScreen } from '../helpers/renderScreen';

const server = useMswServer();
type User = ReturnType<typeof userEvent.setup>;

function open(environment = INTERNAL_ADMIN) {
  const api = fixtureApi();
  server.use(...api.handlers);
  const view = renderScreen('devices.create-tenovi', { path: '/devices/create/tenovi', environment });
  const posts = () => api.requests.filter((r) => r.method === 'POST');
  return { ...view, posts };
}

const gatewayId = () => screen.getByLabelText(/Gateway ID/);
const save = () => screen.getByRole('button', { name: 'Save' });

async function choose(user: User, field: RegExp, option: string) {
  await user.click(screen.getByRole('button', { name: field }));
  await user.click(await screen.findByRole('option', { name: option }));
}

describe('a Tenovi gateway device (spec 000 sections 2.4, 4.1 and 5)', () => {
  it("requires the gateway id in the spec's words and sends nothing", async () => {
    const user = userEvent.setup();
    const { posts } = open();
    expect(await screen.findByRole('heading', { level: 1, name: 'Create Tenovi Device' })).toBeInTheDocument();
    await choose(user, /Device Type/, 'Blood Pressure');
    await user.click(save());
    expect(await screen.findByText('Gateway ID is required')).toBeInTheDocument();
    expect(posts()).toHaveLength(0);
  });

  it.each(['ABCD1234', 'ABCD-1234-EF5', 'ABCD_1234_EF56', 'ABCD1234EF56GH'])("refuses the gateway id '%s' with the format text", async (typed) => {
    const user = userEvent.setup();
    const { posts } = open();
    await choose(user, /Device Type/, 'Glucometer');
    await user.type(gatewayId(), typed);
    await user.click(save());
    expect(await screen.findByText('Gateway ID must be 12 characters or 4 characters separated by dashes')).toBeInTheDocument();
    expect(posts()).toHaveLength(0);
  });

  it('creates a Tenovi device with the gateway id, dashes stripped, in misc_data.device.hardware_uuid; pending until received', async () => {
    const user = userEvent.setup();
    const { posts, location } = open();
    await choose(user, /Device Type/, 'Weight Scale');
    await user.type(gatewayId(), 'ab12-cd34-ef56');
    await user.type(screen.getByLabelText('IMEI'), '356938035643899');
    await user.click(save());
    expect(await screen.findByText('Device created.')).toBeInTheDocument();
    expect(posts()[0]).toMatchObject({
      path: '/api/devices',
      body: {
        device_manufacturer: 'tenovi',
        device_type: 'weight_scale',
        external_id: '356938035643899',
        status: 'pending',
        misc_data: { device: { hardware_uuid: 'ab12cd34ef56' } },
      },
    });
    expect(posts()[0]?.body).not.toHaveProperty('gateway_id');
    await waitFor(() => expect(location.history.at(-1)).toBe('/devices/999/show'));
  });

  it('leaves the status to the server once received, and a gateway is known by its own id', async () => {
    const user = userEvent.setup();
    const { posts } = open();
    await choose(user, /Device Type/, 'Tenovi Gateway');
    expect(screen.queryByLabelText('IMEI')).toBeNull();
    await user.type(gatewayId(), 'AB12CD34EF56');
    await user.click(screen.getByRole('switch', { name: 'Device Received' }));
    await user.click(save());
    await waitFor(() => expect(posts()).toHaveLength(1));
    const body = posts()[0]?.body as Record<string, unknown>;
    expect(body).toMatchObject({
      device_type: 'tenovi_gateway',
      external_id: 'AB12CD34EF56',
      device_received: true,
      misc_data: { device: { hardware_uuid: 'AB12CD34EF56' } },
    });
    expect(body).not.toHaveProperty('status');
  });

  it("puts a provider user's device in their own organisation", async () => {
    const user = userEvent.setup();
    const { posts } = open(PROVIDER_ADMIN);
    await choose(user, /Device Type/, 'Pulse Oximeter');
    expect(screen.queryByLabelText(/Provider/)).toBeNull();
    await user.type(gatewayId(), 'AB12-CD34-EF56');
    await user.click(save());
    await waitFor(() => expect(posts()[0]?.body).toMatchObject({ tenant_id: PROVIDER_ADMIN.identity.tenant_id }));
  });
});
