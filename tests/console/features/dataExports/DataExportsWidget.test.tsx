// @vitest-environment jsdom
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { http, HttpResponse } from 'msw';
import { describe, expect, it } from 'vitest';
import { dataExportsFeature } from '../../../../src/console/features/dataExports';
import { DataExportsWidget } from '../../../../src/console/features/dataExports/DataExportsWidget';
import type { ApiRow } from '../../../../src/console/renderer/core/context';
import type { Role } from '../../../../src/domain/roles';
import '../../helpers/dom';
import { environmentFor } from '../../helpers/environments';
import { useMswServer } from '../../helpers/msw';
import { renderPart } from '../../helpers/renderPart';

const server = useMswServer();
const Exports = dataExportsFeature.widgets.data_exports.Component;

const PATIENT: ApiRow = { id: 7, tenant_id: 1, user: { id: 70, email: 'ezra@patients.example', is_email_verified: true } };

type Row = Record<string, unknown>;
const exportRow = (id: number, status: string, extra: Row = {}): Row => ({
  id,
  patient_id: 7,
  type: 'patient_data_export',
  format: 'zip',
  status,
  consent_given: true,
  progress: 0,
  failure: null,
  created_at: `2026-05-${String(10 + id).padStart(2, '0')}T14:00:00.000Z`,
  validated_at: null,
  completed_at: null,
  revoked_at: null,
  download_expires_at: null,
  ...extra,
});

/** The data-exports calls over a list kept here (newest first), each recorded. */
function exportsApi(initial: Row[], { refuse }: { refuse?: () => Response } = {}) {
  let rows = [...initial];
  const sent: { method: string; path: string; query?: string; body?: unknown }[] = [];
  server.use(
    http.get('*/api/data-exports', ({ request }) => {
      const url = new URL(request.url);
      sent.push({ method: 'GET', path: url.pathname, query: url.search });
      const skip = Number(url.searchParams.get('skip'));
      const limit = Number(url.searchParams.get('limit'));
      const page = rows.slice(skip, skip + limit);
      return HttpResponse.json(page, { headers: { 'Content-Range': `data-exports ${skip}-${skip + page.length - 1}/${rows.length}` } });
    }),
    http.post('*/api/data-exports', async ({ request }) => {
      const body = (await request.json()) as Row;
      sent.push({ method: 'POST', path: '/api/data-exports', body });
      if (refuse) return refuse();
      const made = exportRow(30, 'pending_validation');
      rows = [made, ...rows];
      return HttpResponse.json(made, { status: 201 });
    }),
    http.post('*/api/data-exports/validate', async ({ request }) => {
      const body = (await request.json()) as { export_request_id: number };
      sent.push({ method: 'POST', path: '/api/data-exports/validate', body });
      rows = rows.map((r) => (r.id === body.export_request_id ? { ...r, validated_at: '2026-05-20T10:00:00.000Z', progress: 0 } : r));
      return HttpResponse.json(rows.find((r) => r.id === body.export_request_id));
    }),
    http.delete('*/api/data-exports/:id', ({ params }) => {
      sent.push({ method: 'DELETE', path: `/api/data-exports/${String(params.id)}` });
      rows = rows.map((r) => (r.id === Number(params.id) ? { ...r, status: 'revoked' } : r));
      return HttpResponse.json(rows.find((r) => r.id === Number(params.id)));
    }),
  );
  return {
    sent,
    finish: (id: number) => {
      rows = rows.map((r) => (r.id === id ? { ...r, status: 'completed', progress: 100, completed_at: '2026-05-20T10:01:00.000Z' } : r));
    },
  };
}

const render = (record: ApiRow = PATIENT, role: Role = 'internal_admin') =>
  renderPart(<Exports options={{}} />, { record, environment: environmentFor(role), path: '/patients/7/show' });
const toasts = () => screen.getAllByRole('status').find((region) => region.getAttribute('aria-live') === 'polite') as HTMLElement;

describe('Patient Data Export', () => {
  it('is registered as the data_exports widget', async () => {
    expect(await dataExportsFeature.widgets.data_exports.preload?.()).toBe(DataExportsWidget);
  });

  it('says so when there is no export, and asks the filter, 5 newest first', async () => {
    const api = exportsApi([]);
    render();
    expect(await screen.findByText('No export requests found')).toBeInTheDocument();
    const query = new URLSearchParams(api.sent[0]?.query);
    expect(JSON.parse(query.get('filter') ?? '')).toEqual({ 'patient_id[eq]': 7 });
    expect([query.get('skip'), query.get('limit')]).toEqual(['0', '5']);
  });

  it('requests an export with the consent, and toasts it', async () => {
    const api = exportsApi([]);
    const user = userEvent.setup();
    render();
    await screen.findByText('No export requests found');
    const request = screen.getByRole('button', { name: 'Request Export' });
    expect(request).toHaveAttribute('aria-disabled', 'true');
    await user.click(screen.getByRole('checkbox', { name: 'The patient consents to this export' }));
    await user.click(screen.getByRole('button', { name: 'Request Export' }));
    expect(await within(toasts()).findByText('Data export requested')).toBeInTheDocument();
    expect(api.sent.find((s) => s.method === 'POST')).toEqual({ method: 'POST', path: '/api/data-exports', body: { patient_id: 7, consent_given: true } });
    expect(await screen.findByText('Pending validation')).toBeInTheDocument();
    expect(screen.getByRole('checkbox', { name: 'The patient consents to this export' })).not.toBeChecked();
  });

  it('toasts a refusal', async () => {
    exportsApi([], { refuse: () => HttpResponse.json({ detail: 'No email set' }, { status: 422 }) });
    const user = userEvent.setup();
    render();
    await screen.findByText('No export requests found');
    await user.click(screen.getByRole('checkbox', { name: 'The patient consents to this export' }));
    await user.click(screen.getByRole('button', { name: 'Request Export' }));
    expect(await within(toasts()).findByText(/^Error exporting patient data/)).toBeInTheDocument();
  });

  it('cannot be requested without an address (No email set) or with an unverified one (Data export unavailable)', async () => {
    exportsApi([]);
    const { unmount } = render({ ...PATIENT, user: { id: 70, email: null, is_email_verified: false } });
    await screen.findByText('No export requests found');
    expect(screen.getByRole('checkbox', { name: 'The patient consents to this export' })).toBeDisabled();
    expect(screen.getByRole('button', { name: 'Request Export' })).toHaveAccessibleDescription('No email set');
    unmount();
    render({ ...PATIENT, user: { id: 70, email: 'ezra@patients.example', is_email_verified: false } });
    await screen.findByText('No export requests found');
    expect(screen.getByRole('button', { name: 'Request Export' })).toHaveAccessibleDescription('Data export unavailable');
  });

  it('offers Validate at pending_validation and Revoke unless completed, to who holds them', async () => {
    exportsApi([
      exportRow(3, 'pending_validation'),
      exportRow(2, 'completed', { completed_at: '2026-05-12T15:00:00.000Z', progress: 100 }),
      exportRow(1, 'revoked'),
    ]);
    const { unmount } = render();
    const rows = (await screen.findAllByRole('row')).slice(1);
    expect(rows).toHaveLength(3);
    expect(within(rows[0] as HTMLElement).getByRole('button', { name: /^Validate/ })).toBeInTheDocument();
    expect(within(rows[0] as HTMLElement).getByRole('button', { name: /^Revoke/ })).toBeInTheDocument();
    expect(within(rows[1] as HTMLElement).queryByRole('button')).toBeNull();
    expect(within(rows[1] as HTMLElement).getByText('Completed')).toBeInTheDocument();
    // 15:00 UTC is 11:00 in New York.
    expect(within(rows[1] as HTMLElement).getByText('05/12/2026, 11:00 AM')).toBeInTheDocument();
    expect(within(rows[2] as HTMLElement).queryByRole('button')).toBeNull();
    unmount();
    render(PATIENT, 'clinician');
    await screen.findAllByRole('row');
    expect(screen.queryByRole('button', { name: /^Validate|^Revoke/ })).toBeNull();
  });

  it('validates, shows the build, polls, and says when it completes', async () => {
    const api = exportsApi([exportRow(3, 'pending_validation')]);
    const user = userEvent.setup();
    render();
    await user.click(await screen.findByRole('button', { name: /^Validate/ }));
    expect(await within(toasts()).findByText('Data export validated')).toBeInTheDocument();
    expect(await screen.findByText('Building')).toBeInTheDocument();
    expect(screen.getByRole('progressbar', { name: 'Export 3 progress' })).toBeInTheDocument();
    expect(api.sent.find((s) => s.path.endsWith('/validate'))?.body).toEqual({ export_request_id: 3 });
    api.finish(3);
    expect(await within(toasts()).findByText('Export successful', {}, { timeout: 5000 })).toBeInTheDocument();
    expect(within(screen.getAllByRole('row')[1] as HTMLElement).getByText('Completed')).toBeInTheDocument();
    expect(screen.queryByRole('progressbar')).toBeNull();
  });

  it('revokes', async () => {
    const api = exportsApi([exportRow(4, 'failed')]);
    const user = userEvent.setup();
    render();
    await user.click(await screen.findByRole('button', { name: /^Revoke/ }));
    expect(await within(toasts()).findByText('Data export revoked')).toBeInTheDocument();
    await waitFor(() => expect(screen.getByText('Revoked')).toBeInTheDocument());
    expect(api.sent.some((s) => s.method === 'DELETE' && s.path === '/api/data-exports/4')).toBe(true);
  });

  it('pages 5 at a time', async () => {
    exportsApi(Array.from({ length: 7 }, (_, i) => exportRow(7 - i, 'revoked')));
    const user = userEvent.setup();
    render();
    expect((await screen.findAllByRole('row')).slice(1)).toHaveLength(5);
    expect(screen.getByText('Page 1 of 2')).toBeInTheDocument();
    await user.click(screen.getByRole('button', { name: 'Next' }));
    await waitFor(() => expect(screen.getAllByRole('row').slice(1)).toHaveLength(2));
  });
});
