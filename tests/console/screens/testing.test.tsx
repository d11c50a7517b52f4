// @vitest-environment jsdom
import { screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { http, HttpResponse } from 'msw';
import { describe, expect, it } from 'vitest';
import { CREATABLE_DEVICE_TYPES } from '../../../src/domain/enums';
import { TEST_ACCOUNTS } from '../../../src/domain/testAccounts';
import { MEASUREMENT_FIELDS, REQUIRED_MEASUREMENT_FIELDS } from '../../../src/domain/testMeasurements';
import '../helpers/dom';
import { INTERNAL_ADMIN, environmentFor } from '../helpers/environments';
import { fixtureApi } from '../helpers/fixtureApi';
import { useMswServer } from '../helpers/msw';
import { renderScreen } from '../helpers/renderScreen';

const server = useMswServer();
type User = ReturnType<typeof userEvent.setup>;

const SUPERADMIN = environmentFor('superadmin');

/** The Testing page with its two calls answered by `answers` (default: 201 echoing the body). */
function open(environment = SUPERADMIN, answers: { device?: () => Response; measurement?: () => Response } = {}) {
  const sent: { path: string; body: Record<string, unknown> }[] = [];
  const answer =
    (fallback: (body: Record<string, unknown>) => Response, own?: () => Response) =>
    async ({ request }: { request: Request }) => {
      const body = (await request.json()) as Record<string, unknown>;
      sent.push({ path: new URL(request.url).pathname, body });
      return own ? own() : fallback(body);
    };
  server.use(
    ...fixtureApi().handlers,
    http.post(
      '*/api/testing/add-device',
      answer((body) => HttpResponse.json({ id: 900, external_id: '990000000000001', ...body }, { status: 201 }), answers.device),
    ),
    http.post(
      '*/api/testing/add-device-observation',
      answer((body) => HttpResponse.json({ id: 901, activity_type: 'measurement', ...body }, { status: 201 }), answers.measurement),
    ),
  );
  renderScreen('testing.dashboard', { path: '/testing', environment });
  return { sent };
}

async function openDialog(user: User, button: string) {
  await user.click(await screen.findByRole('button', { name: button }));
  return screen.findByRole('dialog', { name: button });
}
async function choose(user: User, dialog: HTMLElement, field: RegExp, option: string) {
  await user.click(within(dialog).getByRole('button', { name: field }));
  await user.click(await screen.findByRole('option', { name: option }));
}
/** The labels of the reading fields the dialog shows now. */
const readingFields = (dialog: HTMLElement) => MEASUREMENT_FIELDS.filter((field) => dialog.querySelector(`[id$="_${field}"]`) !== null);

describe('who sees the Testing page (spec 000 section 2.1, spec 002 section 6)', () => {
  it('a superadmin outside production', async () => {
    open();
    expect(await screen.findByRole('button', { name: 'Add Device Measurement' })).toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Add Device' })).toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Throw an Error' })).toBeInTheDocument();
  });

  it.each([
    ['an internal admin', INTERNAL_ADMIN],
    ['a superadmin in production', { ...SUPERADMIN, environment: { ...SUPERADMIN.environment, environment: 'production' } }],
  ])('not %s', async (_who, environment) => {
    open(environment);
    expect(await screen.findByText('You do not have access to this page.')).toBeInTheDocument();
    expect(screen.queryByRole('button', { name: 'Add Device' })).toBeNull();
  });
});

describe('Add Device', () => {
  it('offers the six test accounts and sends the chosen one’s email, the type and the IMEI', async () => {
    const user = userEvent.setup();
    const { sent } = open();
    const dialog = await openDialog(user, 'Add Device');
    await user.click(within(dialog).getByRole('button', { name: /Test Account/ }));
    expect((await screen.findAllByRole('option')).map((o) => o.textContent)).toEqual(TEST_ACCOUNTS.map((a) => expect.stringContaining(a.email) as unknown));
    await user.click(screen.getByRole('option', { name: /test\.chf\.base@demo\.example/ }));
    expect(within(dialog).queryByLabelText(/Patient Account Email/)).toBeNull();
    await choose(user, dialog, /Device Type/, 'Blood Pressure');
    await user.type(within(dialog).getByLabelText(/IMEI/), '356938035643809');
    await user.click(within(dialog).getByRole('button', { name: 'Add Device' }));
    expect(await screen.findByText('Device 356938035643809 added.')).toBeInTheDocument();
    expect(sent).toEqual([
      { path: '/api/testing/add-device', body: { email: 'test.chf.base@demo.example', device_type: 'blood_pressure', external_id: '356938035643809' } },
    ]);
  });

  it('takes any patient account email instead, and requires one and a device type before sending', async () => {
    const user = userEvent.setup();
    const { sent } = open();
    const dialog = await openDialog(user, 'Add Device');
    expect(within(dialog).getByRole('button', { name: 'Add Device' })).toBeDisabled();
    await user.type(within(dialog).getByLabelText(/IMEI/), '356938035643809');
    await user.click(within(dialog).getByRole('button', { name: 'Add Device' }));
    expect(await within(dialog).findAllByText('Required')).toHaveLength(2);
    expect(sent).toEqual([]);
    await user.clear(within(dialog).getByLabelText(/IMEI/));
    await user.type(within(dialog).getByLabelText(/Patient Account Email/), 'ada@example.com');
    await choose(user, dialog, /Device Type/, 'Glucometer');
    await user.click(within(dialog).getByRole('button', { name: 'Add Device' }));
    await screen.findByText('Device 990000000000001 added.');
    expect(sent[0]?.body).toEqual({ email: 'ada@example.com', device_type: 'glucometer' });
  });

  it('shows a duplicate IMEI as the server says it', async () => {
    const user = userEvent.setup();
    open(SUPERADMIN, { device: () => HttpResponse.json({ detail: 'Device already exists.' }, { status: 409 }) });
    const dialog = await openDialog(user, 'Add Device');
    await user.type(within(dialog).getByLabelText(/Patient Account Email/), 'ada@example.com');
    await choose(user, dialog, /Device Type/, 'Glucometer');
    await user.click(within(dialog).getByRole('button', { name: 'Add Device' }));
    expect(await screen.findByText('Device already exists.')).toBeInTheDocument();
  });
});

describe('Add Device Measurement (spec 002 section 5: the readings each device type requires)', () => {
  it.each(CREATABLE_DEVICE_TYPES)('a %s shows exactly its required readings, and requires each', async (type) => {
    const user = userEvent.setup();
    const { sent } = open();
    const dialog = await openDialog(user, 'Add Device Measurement');
    expect(readingFields(dialog)).toEqual([]);
    const label = new RegExp(`^${type.replaceAll('_', ' ')}$`, 'i');
    await user.click(within(dialog).getByRole('button', { name: /Device Type/ }));
    await user.click(await screen.findByRole('option', { name: label }));
    expect(readingFields(dialog).sort()).toEqual([...REQUIRED_MEASUREMENT_FIELDS[type]].sort());
    await user.type(within(dialog).getByLabelText(/Patient ID/), '30');
    await user.click(within(dialog).getByRole('button', { name: 'Add Measurement' }));
    expect(await within(dialog).findAllByText('Required')).toHaveLength(REQUIRED_MEASUREMENT_FIELDS[type].length);
    expect(sent).toEqual([]);
  });

  it('sends a blood pressure reading for a test account, with the date left to the server', async () => {
    const user = userEvent.setup();
    const { sent } = open();
    const dialog = await openDialog(user, 'Add Device Measurement');
    await choose(user, dialog, /Test Account/, 'CHF: test.chf@demo.example');
    expect(within(dialog).queryByLabelText(/Patient ID/)).toBeNull();
    await choose(user, dialog, /Device Type/, 'Blood Pressure');
    await user.type(within(dialog).getByLabelText(/Systolic/), '141');
    await user.type(within(dialog).getByLabelText(/Diastolic/), '92');
    await user.type(within(dialog).getByLabelText(/Pulse/), '77');
    await user.click(within(dialog).getByRole('button', { name: 'Add Measurement' }));
    expect(await screen.findByText('Measurement added.')).toBeInTheDocument();
    expect(sent).toEqual([
      {
        path: '/api/testing/add-device-observation',
        body: { email: 'test.chf@demo.example', device_type: 'blood_pressure', systolic: 141, diastolic: 92, pulse: 77 },
      },
    ]);
  });

  it("shows the server's refusal as it says it", async () => {
    const user = userEvent.setup();
    const refusal = 'This patient has no glucometer device assigned. Add one with Add Device first.';
    open(SUPERADMIN, { measurement: () => HttpResponse.json({ detail: refusal }, { status: 422 }) });
    const dialog = await openDialog(user, 'Add Device Measurement');
    await user.type(within(dialog).getByLabelText(/Patient ID/), '30');
    await choose(user, dialog, /Device Type/, 'Glucometer');
    await user.type(within(dialog).getByLabelText(/Blood Glucose/), '110');
    await user.click(within(dialog).getByRole('button', { name: 'Add Measurement' }));
    expect(await screen.findByText(refusal)).toBeInTheDocument();
  });
});

describe('the deliberate error', () => {
  it('makes the page fail with its message', async () => {
    const user = userEvent.setup();
    open();
    // React reports the caught error on the console; the test wants the page, not the log.
    const quiet = console.error;
    console.error = () => {};
    try {
      await user.click(await screen.findByRole('button', { name: 'Throw an Error' }));
      expect(await screen.findByRole('alert')).toHaveTextContent('Deliberate error from the Testing page');
      expect(screen.queryByRole('button', { name: 'Add Device' })).toBeNull();
    } finally {
      console.error = quiet;
    }
  });
});
