// @vitest-environment jsdom
import { screen, within } from '@testing-library/react';
import { http, HttpResponse } from 'msw';
import { beforeEach, describe, expect, it } from 'vitest';
import '../helpers/dom';
import { environmentFor, PROVIDER_ADMIN } from '../helpers/environments';
import { useMswServer } from '../helpers/msw';
import { renderScreen } from '../helpers/renderScreen';

const server = useMswServer();

const INVOICE = {
  id: 9,
  number: 'INV-0009',
  status: 'open',
  total: 123456,
  created: '2026-06-01T14:00:00Z',
  month: 5,
  year: 2026,
  due_date: '2026-06-30',
  hosted_invoice_url: '/api/invoices/9/hosted?signature=abc',
  detailed_pdf: '/api/invoices/9/pdf?signature=abc',
};

describe('/billing', () => {
  // No published screens: the bundled definitions apply.
  beforeEach(() => server.use(http.get('*/api/screens', () => HttpResponse.json([]))));

  it("lists the user's own provider's invoices, 20 a page, newest first, totals in dollars and documents in a new tab", async () => {
    const asked: URLSearchParams[] = [];
    server.use(
      http.get('/api/providers/1', () => HttpResponse.json({ id: 1, name: 'Northwind Clinic', registered_on: '2025-01-01T00:00:00Z' })),
      http.get('/api/providers/1/invoices', ({ request }) => {
        asked.push(new URL(request.url).searchParams);
        return HttpResponse.json([INVOICE], { headers: { 'Content-Range': 'providers/1/invoices 0-0/1' } });
      }),
    );
    renderScreen('billing.show', { path: '/billing', environment: PROVIDER_ADMIN });
    const table = await screen.findByRole('table');
    const row = (await within(table).findByText('INV-0009')).closest('tr');
    expect(row).not.toBeNull();
    expect(row).toHaveTextContent('$1,234.56');
    expect(within(row as HTMLElement).getByRole('link', { name: 'View' })).toHaveAttribute('target', '_blank');
    expect(within(row as HTMLElement).getByRole('link', { name: 'Download PDF' })).toHaveAttribute('href', INVOICE.detailed_pdf);
    expect(asked[0]?.get('sort')).toBe('created');
    expect(asked[0]?.get('order')).toBe('desc');
    expect(asked[0]?.get('limit')).toBe('20');
  });

  it('says there is no access without tenants.billing, and asks for nothing', async () => {
    let asked = 0;
    server.use(
      http.get('/api/providers/*', () => {
        asked += 1;
        return HttpResponse.json([]);
      }),
    );
    const { 'tenants.billing': _billing, ...permissions } = PROVIDER_ADMIN.permissions;
    renderScreen('billing.show', { path: '/billing', environment: environmentFor('admin', { permissions }) });
    expect(await screen.findByText('No access. You do not have access to billing settings.')).toBeInTheDocument();
    expect(asked).toBe(0);
  });

  it('is refused to internal users', async () => {
    renderScreen('billing.show', { path: '/billing', environment: environmentFor('internal_admin') });
    expect(await screen.findByText('You do not have access to this page.')).toBeInTheDocument();
  });
});
