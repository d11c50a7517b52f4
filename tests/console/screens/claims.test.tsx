// @vitest-environment jsdom
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { http, HttpResponse } from 'msw';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { SUBMITTED_CLAIM_REFUSAL } from '../../../src/console/features/claims/claimRules';
import type { ScreenEnvironment } from '../../../src/console/renderer/core/context';
import '../helpers/dom';
import { environmentFor, INTERNAL_ADMIN, PROVIDER_ADMIN } from '../helpers/environments';
import { fixtureApi } from '../helpers/fixtureApi';
import { fixtureRecords } from '../helpers/fixtures';
import { useMswServer } from '../helpers/msw';
import { renderScreen } from '../helpers/renderScreen';

const server = useMswServer();

/** The download's object URL, a new mock for each test. */
let createObjectURL = vi.fn(() => 'blob:claims');

/** The fixture API with the claims export and the ICD-10 search beside it; every export kept. */
function api({ claims, exportStatus = 200 }: { claims?: Record<string, unknown>[]; exportStatus?: number } = {}) {
  const records = fixtureRecords();
  if (claims) records['claim-items'] = claims;
  const fixtures = fixtureApi(records);
  const exports: URLSearchParams[] = [];
  server.use(
    http.get('*/api/claim-items/export', ({ request }) => {
      exports.push(new URL(request.url).searchParams);
      if (exportStatus !== 200) return HttpResponse.json({ detail: 'Internal server error' }, { status: exportStatus });
      return new HttpResponse('id,patient\r\n', {
        headers: { 'Content-Type': 'text/csv', 'Content-Disposition': 'attachment; filename="claims-2026-05.csv"' },
      });
    }),
    http.get('*/api/icd10', () => HttpResponse.json([{ id: 'E11.9', code: 'E11.9', description: 'Type 2 diabetes mellitus without complications' }])),
    ...fixtures.handlers,
  );
  const lists = () => fixtures.requests.filter((r) => r.method === 'GET' && r.path === '/api/claim-items');
  const filter = () => JSON.parse(lists().at(-1)?.query.get('filter') ?? '{}') as Record<string, unknown>;
  return { ...fixtures, exports, lists, filter };
}

const open = (environment: ScreenEnvironment = INTERNAL_ADMIN, path = '/claim-items') => renderScreen('claim-items.list', { path, environment });
const rowOf = (id: number) => screen.getByRole('checkbox', { name: `Select row ${id}` }).closest('tr') as HTMLElement;

beforeEach(() => {
  // Tuesday June 16th 2026 in New York (the fixtures' zone).
  vi.useFakeTimers({ toFake: ['Date'] });
  vi.setSystemTime(new Date('2026-06-16T16:00:00Z'));
  createObjectURL = vi.fn(() => 'blob:claims');
  URL.createObjectURL = createObjectURL;
  URL.revokeObjectURL = vi.fn();
  vi.spyOn(HTMLAnchorElement.prototype, 'click').mockImplementation(() => undefined);
});
afterEach(() => {
  vi.useRealTimers();
  vi.restoreAllMocks();
});

describe('the Claims list (spec 002 section 2)', () => {
  it('lists claims newest date of service first, the patient linking to the record', async () => {
    const { lists } = api();
    open();
    const link = await screen.findAllByRole('link', { name: 'Ada Byron' });
    expect(link[0]).toHaveAttribute('href', '/patients/30/show');
    expect(lists().at(-1)?.query.get('sort')).toBe('date_of_service');
    expect(lists().at(-1)?.query.get('order')).toBe('desc');
    expect(within(rowOf(71)).getByText('E11.9')).toBeInTheDocument();
    expect(within(rowOf(71)).getByText('Nora Admin')).toBeInTheDocument();
  });

  it('filters by billing provider exists ([ne] / [eq] null), submitted and a date preset of the days before today', async () => {
    const user = userEvent.setup({ advanceTimers: vi.advanceTimersByTime.bind(vi) });
    const { filter } = api();
    open();
    await screen.findByText('E11.9');
    await user.click(screen.getByRole('button', { name: /Billing Provider Exists/ }));
    await user.click(screen.getByRole('option', { name: 'Yes' }));
    await waitFor(() => expect(filter()).toEqual({ 'billing_provider[ne]': null }));
    await user.click(screen.getByRole('button', { name: /Billing Provider Exists/ }));
    await user.click(screen.getByRole('option', { name: 'No' }));
    await waitFor(() => expect(filter()).toEqual({ 'billing_provider[eq]': null }));
    // The filter, not the column's sort button of the same name.
    const submitted = screen.getAllByRole('button', { name: /^Submitted/ }).find((button) => button.getAttribute('aria-haspopup') === 'listbox');
    await user.click(submitted as HTMLElement);
    await user.click(screen.getByRole('option', { name: 'No' }));
    const service = screen.getByRole('group', { name: 'Date of Service' });
    await user.click(within(service).getByRole('button', { name: 'Last 14 Days' }));
    await waitFor(() =>
      expect(filter()).toEqual({
        'billing_provider[eq]': null,
        'submitted[eq]': 'false',
        'date_of_service[gte]': '2026-06-03',
        'date_of_service[lt]': '2026-06-17',
      }),
    );
    expect(await screen.findByText('No results found.')).toBeInTheDocument();
  });

  it('says where claims come from when there are none', async () => {
    api({ claims: [] });
    open();
    expect(await screen.findByText('Claims are added automatically when a service is completed and billable.')).toBeInTheDocument();
  });

  it("shows the provider column and filter to internal users only; a provider's user sees their own claims", async () => {
    api();
    open(PROVIDER_ADMIN);
    await screen.findByText('E11.9');
    expect(screen.queryByRole('columnheader', { name: 'Provider' })).toBeNull();
    expect(screen.queryByRole('combobox', { name: 'Provider' })).toBeNull();
    expect(screen.getByRole('button', { name: 'Add Claim' })).toBeInTheDocument();
  });
});

describe('editing a claim (spec 002 section 4)', () => {
  it('is disabled for a submitted claim, saying why; a claim not submitted opens the Edit Claim dialog and is patched', async () => {
    const user = userEvent.setup({ advanceTimers: vi.advanceTimersByTime.bind(vi) });
    const { record } = api();
    const patches: { path: string; body: unknown }[] = [];
    server.use(
      http.patch('*/api/claim-items/:id', async ({ request }) => {
        const { path, body } = await record(request);
        patches.push({ path, body });
        return HttpResponse.json(body as Record<string, unknown>);
      }),
    );
    open();
    await screen.findByText('E11.9');
    const submitted = within(rowOf(70)).getByRole('button', { name: 'Edit' });
    expect(submitted).toHaveAttribute('aria-disabled', 'true');
    expect(submitted).toHaveAccessibleDescription(SUBMITTED_CLAIM_REFUSAL);
    await user.click(within(rowOf(71)).getByRole('button', { name: 'Edit' }));
    const dialog = await screen.findByRole('dialog', { name: 'Edit Claim' });
    expect(within(dialog).getByLabelText(/Suggested Billing Date/)).toHaveValue('2026-06-01');
    expect(within(dialog).getByRole('list', { name: 'Chosen diagnosis codes' })).toHaveTextContent('E11.9');
    const units = within(dialog).getByLabelText(/Units/);
    await user.clear(units);
    await user.type(units, '2');
    await user.click(within(dialog).getByRole('button', { name: 'Save' }));
    expect(await screen.findByText('Changes saved')).toBeInTheDocument();
    const patch = patches[0];
    expect(patch?.path).toBe('/api/claim-items/71');
    expect(patch?.body).toMatchObject({
      suggested_billing_date: '2026-06-01',
      units: 2,
      note: 'Device supply, May.',
      billing_provider: 200,
      icd10_ids: ['E11.9', 'I10'],
    });
  });

  it('is not offered to a user without claim_items.update, nor are the bulk actions', async () => {
    api();
    open(environmentFor('clinician'));
    await screen.findByText('E11.9');
    expect(screen.queryByRole('button', { name: 'Edit' })).toBeNull();
    expect(screen.queryByRole('button', { name: 'Add Claim' })).toBeNull();
    await userEvent.setup({ advanceTimers: vi.advanceTimersByTime.bind(vi) }).click(screen.getByRole('checkbox', { name: 'Select row 71' }));
    expect(screen.queryByRole('button', { name: 'Mark Submitted' })).toBeNull();
  });
});

describe('Mark Submitted and Mark Not Submitted (spec 002 section 4)', () => {
  it('send the selected ids with the flag, PUT /claim-items {ids, data: {submitted}}', async () => {
    const user = userEvent.setup({ advanceTimers: vi.advanceTimersByTime.bind(vi) });
    const { requests } = api();
    open();
    await screen.findByText('E11.9');
    await user.click(screen.getByRole('checkbox', { name: 'Select row 71' }));
    await user.click(screen.getByRole('checkbox', { name: 'Select row 70' }));
    await user.click(screen.getByRole('button', { name: 'Mark Submitted' }));
    await waitFor(() => expect(requests.filter((r) => r.method === 'PUT')).toHaveLength(1));
    const put = requests.find((r) => r.method === 'PUT');
    expect(put).toMatchObject({ path: '/api/claim-items', body: { data: { submitted: true } } });
    expect(((put?.body as { ids: number[] }).ids ?? []).toSorted()).toEqual([70, 71]);
    await user.click(screen.getByRole('checkbox', { name: 'Select row 70' }));
    await user.click(screen.getByRole('button', { name: 'Mark Not Submitted' }));
    await waitFor(() => expect(requests.filter((r) => r.method === 'PUT')).toHaveLength(2));
    expect(requests.filter((r) => r.method === 'PUT')[1]?.body).toEqual({ ids: [70], data: { submitted: false } });
  });
});

describe('Add Claim (spec 002 section 5)', () => {
  it("asks an internal user for the provider first, then the patient among the provider's, and says 'Claim created'", async () => {
    const user = userEvent.setup({ advanceTimers: vi.advanceTimersByTime.bind(vi) });
    const { requests } = api();
    open();
    await screen.findByText('E11.9');
    await user.click(screen.getByRole('button', { name: 'Add Claim' }));
    const dialog = await screen.findByRole('dialog', { name: 'Add Claim' });
    expect(within(dialog).queryByRole('combobox', { name: /Patient/ })).toBeNull();
    await user.click(within(dialog).getByRole('button', { name: 'Add Claim' }));
    expect(await within(dialog).findAllByText('Required')).not.toHaveLength(0);
    expect(requests.some((r) => r.method === 'POST')).toBe(false);

    await user.type(within(dialog).getByRole('combobox', { name: /Provider/ }), 'No');
    await user.click(await screen.findByRole('option', { name: 'Northwind Clinic' }));
    await user.type(within(dialog).getByRole('combobox', { name: /Patient/ }), 'Ad');
    await user.click(await screen.findByRole('option', { name: 'Ada Byron' }));
    const patientSearch = requests.filter((r) => r.path === '/api/patients' && r.query.get('filter')?.includes('"q"')).at(-1);
    expect(JSON.parse(patientSearch?.query.get('filter') ?? '{}')).toMatchObject({ 'tenant_id[eq]': 1 });
    await user.type(within(dialog).getByLabelText(/Date of Service/), '2026-06-02');
    await user.click(within(dialog).getByRole('button', { name: /CPT Code/ }));
    await user.click(await screen.findByRole('option', { name: '99457' }));
    await user.type(within(dialog).getByLabelText(/Units/), '1');
    await user.type(within(dialog).getByLabelText(/Note/), 'Treatment management, June.');
    await user.click(within(dialog).getByRole('button', { name: 'Add Claim' }));
    expect(await screen.findByText('Claim created')).toBeInTheDocument();
    expect(requests.find((r) => r.method === 'POST')).toMatchObject({
      path: '/api/claim-items',
      body: { tenant_id: 1, patient_id: 30, date_of_service: '2026-06-02', cpt_code: '99457', units: 1, note: 'Treatment management, June.' },
    });
  });
});

describe('the export (spec 002 sections 5, 8 and 9)', () => {
  it('shows the disclaimer, asks the type, month and year, and downloads the file', async () => {
    const user = userEvent.setup({ advanceTimers: vi.advanceTimersByTime.bind(vi) });
    const { exports } = api();
    open();
    await screen.findByText('E11.9');
    await user.click(screen.getByRole('button', { name: 'Export' }));
    const dialog = await screen.findByRole('dialog', { name: 'Export Claims' });
    expect(within(dialog).getByText('This export does not guarantee reimbursement; rates vary by geography.')).toBeInTheDocument();
    expect(within(dialog).getByRole('radio', { name: 'CSV' })).toBeChecked();
    await user.click(within(dialog).getByRole('button', { name: 'Export' }));
    expect(await within(dialog).findAllByText('Required')).toHaveLength(2);
    expect(exports).toHaveLength(0);
    await user.click(within(dialog).getByRole('radio', { name: 'PDF' }));
    await user.click(within(dialog).getByRole('button', { name: /Month/ }));
    await user.click(await screen.findByRole('option', { name: 'May' }));
    await user.click(within(dialog).getByRole('button', { name: /Year/ }));
    expect(screen.getAllByRole('option').map((option) => option.textContent)).toEqual(['2022', '2023', '2024', '2025', '2026']);
    await user.click(screen.getByRole('option', { name: '2026' }));
    await user.click(within(dialog).getByRole('button', { name: 'Export' }));
    await waitFor(() => expect(exports).toHaveLength(1));
    expect(Object.fromEntries(exports[0] ?? [])).toEqual({ export_type: 'pdf', month: '5', year: '2026' });
    expect(createObjectURL).toHaveBeenCalled();
  });

  it("says 'Error exporting claims.' when the export fails, and stays open", async () => {
    const user = userEvent.setup({ advanceTimers: vi.advanceTimersByTime.bind(vi) });
    api({ exportStatus: 500 });
    open(PROVIDER_ADMIN);
    await screen.findByText('E11.9');
    await user.click(screen.getByRole('button', { name: 'Export' }));
    const dialog = await screen.findByRole('dialog', { name: 'Export Claims' });
    expect(within(dialog).queryByRole('combobox', { name: /Provider/ })).toBeNull();
    await user.click(within(dialog).getByRole('button', { name: /Month/ }));
    await user.click(await screen.findByRole('option', { name: 'June' }));
    await user.click(within(dialog).getByRole('button', { name: /Year/ }));
    await user.click(await screen.findByRole('option', { name: '2026' }));
    await user.click(within(dialog).getByRole('button', { name: 'Export' }));
    expect(await screen.findByText('Error exporting claims.')).toBeInTheDocument();
    expect(screen.getByRole('dialog', { name: 'Export Claims' })).toBeInTheDocument();
  });
});
