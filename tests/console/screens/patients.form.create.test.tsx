// @vitest-environment jsdom
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { http, HttpResponse, type JsonBodyType } from 'msw';
import { describe, expect, it } from 'vitest';
import { localDay, yearsBefore } from '../../../src/domain/patientForm';
import '../helpers/dom';
import { environmentFor, INTERNAL_ADMIN, PROVIDER_ADMIN } from '../helpers/environments';
import { fixtureApi } from '../helpers/fixtureApi';
import { fixtureRecords } from '../helpers/fixtures';
import { useMswServer } from '../helpers/msw';
import { renderScreen } from '../helpers/renderScreen';

const server = useMswServer();
type Row = Record<string, unknown>;

/** The fixture API, with a billing provider of tenant 1 and a create that answers the record as the server does. */
function open(environment = PROVIDER_ADMIN) {
  const records = fixtureRecords();
  records.users = [
    ...(records.users ?? []),
    { id: 210, first_name: 'Cleo', last_name: 'Nurse', full_name: 'Cleo Nurse', role: 'clinician', tenant_id: 1, is_provider: true, is_active: true },
  ];
  const api = fixtureApi(records);
  server.use(
    http.post('*/api/patients', async ({ request }) => {
      const body = (await request.clone().json()) as Row & { user: Row };
      api.requests.push({ method: 'POST', path: '/api/patients', query: new URLSearchParams(), headers: request.headers, body });
      const user = { ...body.user, full_name: `${String(body.user.first_name)} ${String(body.user.last_name)}` };
      return HttpResponse.json({ id: 31, ...body, user } as JsonBodyType, { status: 201 });
    }),
    ...api.handlers,
  );
  const view = renderScreen('patients.create', { path: '/patients/create', environment });
  return { ...view, api };
}

const posts = (api: ReturnType<typeof fixtureApi>) => api.requests.filter((r) => r.method === 'POST' && r.path === '/api/patients');
const save = () => screen.getByRole('button', { name: 'Save' });

async function choose(user: ReturnType<typeof userEvent.setup>, field: RegExp, option: string) {
  await user.click(screen.getByRole('button', { name: field }));
  await user.click(await screen.findByRole('option', { name: option }));
}

/** Fills what the form requires (spec 001 section 5) for a provider user. */
async function fillRequired(user: ReturnType<typeof userEvent.setup>) {
  await user.type(await screen.findByLabelText(/First Name/), 'Ada');
  await user.type(screen.getByLabelText(/Last Name/), 'Quill');
  await user.type(screen.getByLabelText(/Date of Birth/), '1950-03-04');
  await choose(user, /Sex at Birth/, 'Female');
  await user.type(screen.getByLabelText(/Street Address/), '12 Elm St');
  await user.type(screen.getByLabelText(/City/), 'Madison');
  await choose(user, /State/, 'Wisconsin');
  await user.type(screen.getByLabelText(/ZIP Code/), '53703');
  await user.type(screen.getByRole('combobox', { name: /Billing Provider/ }), 'Cleo');
  await user.click(await screen.findByRole('option', { name: 'Cleo Nurse' }));
}

describe('the Add Patient form', () => {
  it('has the three sections of spec 001 and the Sex at Birth label', async () => {
    open();
    expect(await screen.findByRole('heading', { level: 1, name: 'Add Patient' })).toBeInTheDocument();
    for (const title of ['Patient Identity', 'Monitoring configuration', 'Enrollment Information'])
      expect(screen.getByRole('region', { name: title })).toBeInTheDocument();
    expect(within(screen.getByRole('region', { name: 'Patient Identity' })).getByRole('button', { name: /Sex at Birth/ })).toBeInTheDocument();
    expect(screen.getByText('required for mobile app access')).toBeInTheDocument();
  });

  it("asks for every required field with 'Required' and sends nothing", async () => {
    const user = userEvent.setup();
    const { api } = open();
    await user.type(await screen.findByLabelText(/Middle Name/), 'J');
    await user.click(save());
    // First and last name, birthdate, sex at birth, billing provider, street, city, state, ZIP code.
    expect(await screen.findAllByText('Required')).toHaveLength(9);
    expect(posts(api)).toHaveLength(0);
  });

  it('shows the COPD block when COPD is the primary condition or a comorbidity, and only then', async () => {
    const user = userEvent.setup();
    open();
    await screen.findByRole('region', { name: 'Monitoring configuration' });
    expect(screen.queryByRole('region', { name: 'COPD' })).toBeNull();
    await choose(user, /Primary Condition/, 'COPD');
    expect(await screen.findByRole('region', { name: 'COPD' })).toBeInTheDocument();
    expect(screen.getByLabelText('Exacerbations in the Last Year')).toBeInTheDocument();
    await choose(user, /Primary Condition/, 'General Monitoring');
    expect(screen.queryByRole('region', { name: 'COPD' })).toBeNull();
    await user.click(within(screen.getByRole('group', { name: 'Comorbidities' })).getByLabelText('COPD'));
    expect(await screen.findByRole('region', { name: 'COPD' })).toBeInTheDocument();
    expect(screen.queryByRole('region', { name: 'Asthma' })).toBeNull();
  });

  it("refuses a birthdate less than 13 years back with the spec's text, and 0 COPD exacerbations", async () => {
    const user = userEvent.setup();
    const { api } = open();
    await fillRequired(user);
    await user.clear(screen.getByLabelText(/Date of Birth/));
    await user.type(screen.getByLabelText(/Date of Birth/), yearsBefore(localDay(new Date()), 12));
    await choose(user, /Primary Condition/, 'COPD');
    await user.type(await screen.findByLabelText('Exacerbations in the Last Year'), '0');
    await user.click(save());
    expect(await screen.findByText('Must be older then 13 y.o.')).toBeInTheDocument();
    expect(screen.getByText('Must be greater than 0')).toBeInTheDocument();
    expect(posts(api)).toHaveLength(0);
  });

  it('neither checks nor sends a block that was filled and then hidden', async () => {
    const user = userEvent.setup();
    const { api } = open();
    await fillRequired(user);
    await choose(user, /Primary Condition/, 'COPD');
    await user.type(await screen.findByLabelText('Exacerbations in the Last Year'), '0');
    await choose(user, /Primary Condition/, 'Asthma');
    await user.click(save());
    await screen.findByText('Created patient Ada Quill');
    expect(posts(api)[0]?.body).toMatchObject({ primary_condition: 'Asthma' });
    expect(JSON.stringify(posts(api)[0]?.body)).not.toContain('copd');
  });

  it('converts imperial height and weight to metric, strips empty values, and says so, then opens the patient', async () => {
    const user = userEvent.setup();
    const { api, location } = open();
    await fillRequired(user);
    await user.selectOptions(screen.getByLabelText('Height (feet)'), '5');
    await user.selectOptions(screen.getByLabelText('Height (inches)'), '10');
    await user.type(screen.getByLabelText('Weight (lb)'), '180');
    await user.type(screen.getByLabelText(/Onboarding Notes/), 'x');
    await user.clear(screen.getByLabelText(/Onboarding Notes/));
    await user.click(save());
    expect(await screen.findByText('Created patient Ada Quill')).toBeInTheDocument();
    const [sent] = posts(api);
    expect(sent?.body).toEqual({
      birthdate: '1950-03-04',
      gender: 'Female',
      billing_provider_id: 210,
      user: { first_name: 'Ada', last_name: 'Quill', address: { address_line1: '12 Elm St', city: 'Madison', state: 'WI', zip_code: '53703', country: 'US' } },
      profile: { demographics: { height: { value: 177.8, unit: 'cm', input_unit: 'ft_in' }, weight: { value: 81.6, unit: 'kg', input_unit: 'lb' } } },
    });
    await waitFor(() => expect(location.history.at(-1)).toBe('/patients/31/show'));
  });

  it('takes metric entries as they are typed', async () => {
    const user = userEvent.setup();
    const { api } = open();
    await fillRequired(user);
    await user.click(within(screen.getByRole('group', { name: 'Height unit' })).getByRole('button', { name: 'cm' }));
    await user.type(screen.getByLabelText('Height (cm)'), '170.5');
    await user.click(within(screen.getByRole('group', { name: 'Weight unit' })).getByRole('button', { name: 'kg' }));
    await user.type(screen.getByLabelText('Weight (kg)'), '72.3');
    await user.click(save());
    await screen.findByText('Created patient Ada Quill');
    expect(posts(api)[0]?.body).toMatchObject({
      profile: { demographics: { height: { value: 170.5, unit: 'cm', input_unit: 'cm' }, weight: { value: 72.3, unit: 'kg', input_unit: 'kg' } } },
    });
  });

  it("warns 'Patient already exists.' when the server answers a duplicate", async () => {
    const user = userEvent.setup();
    open();
    server.use(http.post('*/api/patients', () => HttpResponse.json({ detail: 'Key (first_name, last_name, birthdate) already exists.' }, { status: 409 })));
    await fillRequired(user);
    await user.click(save());
    expect(await within(screen.getByRole('status')).findByText('Patient already exists.')).toBeInTheDocument();
  });

  it('fills the form with a mock patient outside production, and offers no such button in production', async () => {
    const user = userEvent.setup();
    const first = open();
    await user.click(await screen.findByRole('button', { name: 'Generate Mock Patient' }));
    // The generator's code loads when the button is pressed.
    await waitFor(() => expect(screen.getByLabelText(/First Name/)).not.toHaveValue(''));
    expect(screen.getByLabelText('Height (feet)')).not.toHaveValue('');
    first.unmount();
    sessionStorage.clear();
    open(environmentFor('admin', { environment: { is_demo: false, environment: 'production', version: '0.4.0' } }));
    await screen.findByRole('region', { name: 'Patient Identity' });
    expect(screen.queryByRole('button', { name: 'Generate Mock Patient' })).toBeNull();
  });

  it('asks internal users for the provider first, then offers its billing providers', async () => {
    const user = userEvent.setup();
    open(INTERNAL_ADMIN);
    const provider = await screen.findByRole('combobox', { name: /Provider/ });
    expect(screen.queryByRole('combobox', { name: /Billing Provider/ })).toBeNull();
    await user.type(provider, 'North');
    await user.click(await screen.findByRole('option', { name: 'Northwind Clinic' }));
    expect(await screen.findByRole('combobox', { name: /Billing Provider/ })).toBeInTheDocument();
  });
});
