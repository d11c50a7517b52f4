// @vitest-environment jsdom
import { screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { http, HttpResponse } from 'msw';
import { describe, expect, it } from 'vitest';
import { billingFeature } from '../../../../src/console/features/billing';
import { pricingValueError } from '../../../../src/console/features/billing/feePricingEdit';
import '../../helpers/dom';
import { useMswServer } from '../../helpers/msw';
import { renderPart } from '../../helpers/renderPart';

const server = useMswServer();
const { Component: PricingCell } = billingFeature.cells.fee_pricing;
const ROW = { id: 12, cpt_code: '99454', fee_schedule_price: 47.5, negotiated_price: 45, volume_threshold: 0, as_of_date: '2026-01-01' };
const OPTIONS = { path: '/providers/{params.id}/fee-for-service-pricing', label: 'Negotiated price' };
const render = (field: 'negotiated_price' | 'volume_threshold', label: string) =>
  renderPart(<PricingCell value={ROW[field]} record={ROW} field={field} options={{ ...OPTIONS, label }} />, { params: { id: '4' } });

describe('fee-for-service pricing edited in its row', () => {
  it('sends the row with the new negotiated price when the field is left', async () => {
    const user = userEvent.setup();
    const bodies: unknown[] = [];
    server.use(
      http.put('/api/providers/4/fee-for-service-pricing', async ({ request }) => {
        bodies.push(await request.json());
        return HttpResponse.json({ ...ROW, negotiated_price: 42.25 });
      }),
    );
    render('negotiated_price', 'Negotiated price');
    const input = screen.getByRole('spinbutton', { name: 'Negotiated price, 99454' });
    await user.clear(input);
    await user.type(input, '42.25');
    await user.tab();
    await screen.findByText('Changes saved');
    expect(bodies).toEqual([{ id: 12, negotiated_price: 42.25, volume_threshold: 0 }]);
  });

  it('sends the volume threshold on Enter, and words a refusal as the spec does', async () => {
    const user = userEvent.setup();
    const bodies: unknown[] = [];
    server.use(
      http.put('/api/providers/4/fee-for-service-pricing', async ({ request }) => {
        bodies.push(await request.json());
        return HttpResponse.json({ detail: 'Pricing row not found' }, { status: 404 });
      }),
    );
    render('volume_threshold', 'Volume threshold');
    const input = screen.getByRole('spinbutton', { name: 'Volume threshold, 99454' });
    await user.clear(input);
    await user.type(input, '100{Enter}');
    await screen.findByText('Unable to save changes: Pricing row not found');
    expect(bodies).toEqual([{ id: 12, negotiated_price: 45, volume_threshold: 100 }]);
  });

  it('sends nothing while the value breaks the rules, and says why', async () => {
    const user = userEvent.setup();
    let calls = 0;
    server.use(
      http.put('/api/providers/4/fee-for-service-pricing', () => {
        calls += 1;
        return HttpResponse.json(ROW);
      }),
    );
    render('negotiated_price', 'Negotiated price');
    const input = screen.getByRole('spinbutton', { name: 'Negotiated price, 99454' });
    await user.clear(input);
    await user.type(input, '1.005');
    await user.tab();
    expect(screen.getByText('At most 2 decimals')).toBeInTheDocument();
    await waitFor(() => expect(input).toHaveAttribute('aria-invalid', 'true'));
    expect(calls).toBe(0);
  });

  it('checks both fields as spec 002 section 5 says', () => {
    expect(pricingValueError('negotiated_price', '-1')).toBe('Must be 0 or more');
    expect(pricingValueError('negotiated_price', '')).toBe('Required');
    expect(pricingValueError('negotiated_price', '19.99')).toBeUndefined();
    expect(pricingValueError('volume_threshold', '2.5')).toBe('Must be a whole number');
    expect(pricingValueError('volume_threshold', '')).toBe('Required');
    expect(pricingValueError('volume_threshold', '0')).toBeUndefined();
  });
});
