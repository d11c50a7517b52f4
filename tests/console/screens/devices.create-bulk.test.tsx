// @vitest-environment jsdom
import { screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { http, HttpResponse } from 'msw';
import { describe, expect, it } from 'vitest';
import '../helpers/dom';
import { environmentFor, INTERNAL_ADMIN, PROVIDER_ADMIN } from '../helpers/environments';
import { fixtureApi, type RecordedRequest } from '../helpers/fixtureApi';
import { useMswServer } from '../helpers/msw';
import { renderScreen } from '../helpers/renderScreen';

const server = useMswServer();
type User = ReturnType<typeof userEvent.setup>;

/** The bulk creation form, with POST devices/bulk answering what the server would: the IMEIs in use are not created. */
function open(environment = INTERNAL_ADMIN, inUse: string[] = []) {
  const api = fixtureApi();
  const posts: RecordedRequest[] = [];
  server.use(
    ...api.handlers,
    http.post('*/api/devices/bulk', async ({ request }) => {
      const body = (await request.json()) as { external_ids: string[] };
      posts.push({ method: 'POST', path: new URL(request.url).pathname, query: new URLSearchParams(), headers: request.headers, body });
      const created = body.external_ids.filter((imei) => !inUse.includes(imei));
      return HttpResponse.json(
        {
          created_devices: created.map((external_id, i) => ({ id: 1000 + i, external_id })),
          existing_imeis: body.external_ids.filter((imei) => inUse.includes(imei)),
        },
        { status: 201 },
      );
    }),
  );
  const view = renderScreen('devices.create-bulk', { path: '/devices/create/bulk', environment });
  return { ...view, posts };
}

const imeis = () => screen.getByLabelText(/IMEIs/);
const submit = () => screen.getByRole('button', { name: 'Create Devices' });

async function choose(user: User, field: RegExp, option: string) {
  await user.click(screen.getByRole('button', { name: field }));
  await user.click(await screen.findByRole('option', { name: option }));
}

async function paste(user: User, text: string) {
  await user.click(imeis());
  await user.paste(text);
  await user.tab();
}

describe('bulk device creation from a pasted IMEI list (spec 000 sections 2.4, 4.1 and 5)', () => {
  it('shows a pasted list one item per line at once, split on every delimiter of the spec, mixed as they come', async () => {
    const user = userEvent.setup();
    open();
    await user.click(await screen.findByLabelText(/IMEIs/));
    await user.paste('356938035643801\t356938035643802;356938035643803|356938035643804, 356938035643805\r\n356938035643806');
    expect(imeis()).toHaveValue('356938035643801\n356938035643802\n356938035643803\n356938035643804\n356938035643805\n356938035643806');
    expect(screen.getByText('6 IMEIs')).toBeInTheDocument();
    // A second paste at the end adds its items on lines of their own.
    await user.paste('356938035643807|356938035643808');
    expect(imeis()).toHaveValue(
      '356938035643801\n356938035643802\n356938035643803\n356938035643804\n356938035643805\n356938035643806\n356938035643807\n356938035643808',
    );
  });

  it('shows a typed list one item per line once the field is left', async () => {
    const user = userEvent.setup();
    open();
    await user.type(await screen.findByLabelText(/IMEIs/), '356938035643801;356938035643802|356938035643803');
    expect(imeis()).toHaveValue('356938035643801;356938035643802|356938035643803');
    await user.tab();
    expect(imeis()).toHaveValue('356938035643801\n356938035643802\n356938035643803');
  });

  it('shows a list of one delimiter one item per line, and counts its items', async () => {
    const user = userEvent.setup();
    open();
    expect(await screen.findByRole('heading', { level: 1, name: 'Bulk Create Devices' })).toBeInTheDocument();
    await paste(user, '356938035643801; 356938035643802;356938035643803');
    expect(imeis()).toHaveValue('356938035643801\n356938035643802\n356938035643803');
    expect(screen.getByText('3 IMEIs')).toBeInTheDocument();
    await user.clear(imeis());
    await paste(user, '356938035643801|356938035643802');
    expect(imeis()).toHaveValue('356938035643801\n356938035643802');
  });

  it("refuses items of different lengths with 'All items must have the same length' and sends nothing", async () => {
    const user = userEvent.setup();
    const { posts } = open();
    await paste(user, '356938035643801,35693803564380');
    await choose(user, /Device Manufacturer/, 'Transtek');
    await choose(user, /Device Type/, 'Weight Scale');
    await user.click(submit());
    expect(await screen.findByText('All items must have the same length')).toBeInTheDocument();
    expect(posts).toHaveLength(0);
  });

  it('requires the list, the manufacturer and the device type', async () => {
    const user = userEvent.setup();
    const { posts } = open();
    await user.type(await screen.findByLabelText('Model Number'), 'X');
    await user.click(submit());
    expect(await screen.findAllByText('Required')).toHaveLength(3);
    expect(posts).toHaveLength(0);
  });

  it('creates the devices pending for the chosen provider and names the IMEIs already in use, word for word', async () => {
    const user = userEvent.setup();
    const list = Array.from({ length: 12 }, (_, i) => `3569380356438${String(i).padStart(2, '0')}`);
    const { posts, location } = open(INTERNAL_ADMIN, [list[3] ?? '', list[7] ?? '']);
    await paste(user, list.join(';'));
    await choose(user, /Device Manufacturer/, 'Tellihealth');
    await choose(user, /Device Type/, 'Blood Pressure');
    await user.click(screen.getByRole('combobox', { name: /Provider/ }));
    await user.click(await screen.findByRole('option', { name: 'Northwind Clinic' }));
    await user.click(submit());
    const toast = await screen.findByText(`10 devices created successfully. The following IMEIs are already in use: ${list[3]}, ${list[7]}`);
    // Not all were created: a warning (amber, and said so to a screen reader), not a green success.
    expect(toast.parentElement).toHaveAttribute('data-kind', 'warning');
    expect(toast.parentElement).toHaveTextContent(/^⚠Warning: 10 devices created successfully/);
    expect(posts[0]).toMatchObject({
      path: '/api/devices/bulk',
      body: { external_ids: list, device_manufacturer: 'tellihealth', device_type: 'blood_pressure', tenant_id: 1, status: 'pending' },
    });
    expect(posts[0]?.body).not.toHaveProperty('device_received');
    await waitFor(() => expect(location.history.at(-1)).toBe('/devices'));
  });

  it('says only how many were created when none is in use, and gives received devices the status inactive', async () => {
    const user = userEvent.setup();
    const { posts } = open();
    await paste(user, '356938035643801\n356938035643802');
    await choose(user, /Device Manufacturer/, 'Bodytrace');
    await choose(user, /Device Type/, 'Weight Scale');
    await user.click(screen.getByRole('switch', { name: 'Device Received' }));
    await user.click(submit());
    expect((await screen.findByText('2 devices created successfully.')).parentElement).toHaveAttribute('data-kind', 'success');
    expect(posts[0]?.body).toMatchObject({ status: 'inactive' });
  });

  it("puts a provider user's devices in their own organisation, without asking", async () => {
    const user = userEvent.setup();
    const { posts } = open(PROVIDER_ADMIN);
    await paste(user, '356938035643801');
    expect(screen.queryByLabelText(/Provider/)).toBeNull();
    await choose(user, /Device Manufacturer/, 'Other');
    await choose(user, /Device Type/, 'Glucometer');
    await user.click(submit());
    await waitFor(() => expect(posts[0]?.body).toMatchObject({ tenant_id: PROVIDER_ADMIN.identity.tenant_id }));
  });

  it('is closed to internal clinicians, as device creation is', async () => {
    open(environmentFor('internal_clinician'));
    expect(await screen.findByText('You do not have access to this page.')).toBeInTheDocument();
  });
});
