// @vitest-environment jsdom
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { http, HttpResponse } from 'msw';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { billingFeature } from '../../../../src/console/features/billing';
import '../../helpers/dom';
import { useMswServer } from '../../helpers/msw';
import { renderPart } from '../../helpers/renderPart';

const server = useMswServer();
const NewInvoice = billingFeature.widgets.new_invoice.Component;
/** Registered in April 2026; today is 16 June 2026 in New York. */
const render = () =>
  renderPart(<NewInvoice options={{}} />, { record: { id: 4, name: 'Northwind Clinic', registered_on: '2026-04-20T15:00:00Z' }, params: { id: '4' } });

const PREVIEW = {
  is_preview: true,
  month: 5,
  year: 2026,
  validation_issues: [{ patient_name: 'Ada Lovelace', patient_id: 31, issue: 'No device activity this month' }],
  line_items: [{ description: '99454 Device supply', units: 2, unit_price: 47.5, amount: 95 }],
  summary: [{ patient_id: 30, 'Patient Name': 'Grace Hopper', count: 2, total_fee_schedule_price: 100, total_price: 95 }],
  totals: { count: 2, total_fee_schedule_price: 100, total_price: 95, adjustments: 0, total: 95 },
  detailed_breakdown: [],
};

/** A button that may be pressed: neither disabled nor aria-disabled. */
const offered = (button: HTMLElement) => !button.hasAttribute('disabled') && button.getAttribute('aria-disabled') !== 'true';

beforeEach(() => {
  vi.useFakeTimers({ toFake: ['Date'] });
  vi.setSystemTime(new Date('2026-06-16T16:00:00Z'));
});
afterEach(() => vi.useRealTimers());

describe('New Invoice', () => {
  it('offers the months since registration, previews, shows the line items and issues, then submits and closes', async () => {
    const user = userEvent.setup();
    const bodies: Record<string, unknown>[] = [];
    server.use(
      http.post('/api/providers/4/fee-for-service-invoice', async ({ request }) => {
        const body = (await request.json()) as Record<string, unknown>;
        bodies.push(body);
        return body.is_preview ? HttpResponse.json(PREVIEW) : HttpResponse.json({ id: 9, number: 'INV-9', total: 9500 }, { status: 201 });
      }),
    );
    render();
    await user.click(screen.getByRole('button', { name: 'New Invoice' }));
    const dialog = await screen.findByRole('dialog', { name: 'New Invoice' });
    const month = within(dialog).getByRole<HTMLSelectElement>('combobox', { name: 'Month' });
    expect(Array.from(month.options, (o) => o.textContent)).toEqual(['Choose a month', 'June 2026', 'May 2026', 'April 2026']);
    const submit = () => within(dialog).getByRole('button', { name: 'Submit' });
    expect(submit()).toHaveAttribute('aria-disabled', 'true');

    await user.click(within(dialog).getByRole('button', { name: 'Preview' }));
    expect(within(dialog).getAllByText('Required')).toHaveLength(2);
    expect(bodies).toEqual([]);

    await user.selectOptions(month, 'May 2026');
    await user.selectOptions(within(dialog).getByRole('combobox', { name: 'Vendor' }), 'Stripe');
    await user.click(within(dialog).getByRole('button', { name: 'Preview' }));
    const lineItems = await within(dialog).findByRole('table', { name: 'Line items' });
    expect(within(lineItems).getByRole('row', { name: '99454 Device supply 2 $47.50 $95.00' })).toBeInTheDocument();
    expect(within(dialog).getByRole('listitem')).toHaveTextContent('Ada Lovelace: No device activity this month');
    expect(within(dialog).getByRole('table', { name: 'Summary' })).toHaveTextContent('Grace Hopper');
    expect(offered(submit())).toBe(true);

    // A change makes the preview stale: Submit waits for another.
    await user.type(within(dialog).getByLabelText('Due date'), '2026-07-15');
    expect(submit()).toHaveAttribute('aria-disabled', 'true');
    await user.click(submit());
    expect(bodies).toHaveLength(1);
    await user.click(within(dialog).getByRole('button', { name: 'Preview' }));
    await waitFor(() => expect(offered(submit())).toBe(true));
    await user.click(submit());
    await waitFor(() => expect(screen.queryByRole('dialog', { name: 'New Invoice' })).toBeNull());
    expect(bodies.map((b) => b.is_preview)).toEqual([true, true, false]);
    expect(bodies[2]).toEqual({ month: 5, year: 2026, is_preview: false, due_date: '2026-07-15', vendor: 'stripe', adjustments: [] });
  });

  it('checks each adjustment before previewing, and shows the server message when the preview fails', async () => {
    const user = userEvent.setup();
    const bodies: Record<string, unknown>[] = [];
    server.use(
      http.get('/api/patients', () => HttpResponse.json([{ id: 30, user: { full_name: 'Grace Hopper' } }], { headers: { 'Content-Range': 'patients 0-0/1' } })),
      http.post('/api/providers/4/fee-for-service-invoice', async ({ request }) => {
        bodies.push((await request.json()) as Record<string, unknown>);
        return HttpResponse.json({ detail: 'No billable services in May 2026' }, { status: 422 });
      }),
    );
    render();
    await user.click(screen.getByRole('button', { name: 'New Invoice' }));
    const dialog = await screen.findByRole('dialog', { name: 'New Invoice' });
    await user.selectOptions(within(dialog).getByRole('combobox', { name: 'Month' }), 'May 2026');
    await user.selectOptions(within(dialog).getByRole('combobox', { name: 'Vendor' }), 'Stripe');
    await user.click(within(dialog).getByRole('button', { name: 'Add adjustment' }));
    const row = within(dialog).getByRole('group', { name: 'Adjustment 1' });
    expect(within(row).getByRole('spinbutton', { name: 'Units' })).toHaveValue(1);
    await user.type(within(row).getByRole('spinbutton', { name: 'Amount ($)' }), '12.345');
    await user.click(within(dialog).getByRole('button', { name: 'Preview' }));
    expect(within(row).getAllByText('Required')).toHaveLength(2);
    expect(within(row).getByText('Must be an amount in dollars with at most 2 decimals')).toBeInTheDocument();
    expect(bodies).toEqual([]);

    await user.type(within(row).getByRole('combobox', { name: 'Patient' }), 'Gr');
    await user.click(await screen.findByRole('option', { name: 'Grace Hopper' }));
    await user.type(within(row).getByRole('textbox', { name: 'Description' }), 'Courtesy credit');
    const amount = within(row).getByRole('spinbutton', { name: 'Amount ($)' });
    await user.clear(amount);
    await user.type(amount, '-12.50');
    await user.click(within(dialog).getByRole('button', { name: 'Preview' }));
    await screen.findByText('No billable services in May 2026');
    expect(bodies[0]?.adjustments).toEqual([{ patient_id: 30, description: 'Courtesy credit', units: 1, amount: -12.5 }]);
    expect(within(dialog).getByRole('button', { name: 'Submit' })).toHaveAttribute('aria-disabled', 'true');

    await user.click(within(row).getByRole('button', { name: 'Remove adjustment 1' }));
    expect(within(dialog).queryByRole('group', { name: 'Adjustment 1' })).toBeNull();
  });
});
