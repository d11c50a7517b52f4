// @vitest-environment jsdom
import { screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { http, HttpResponse } from 'msw';
import { describe, expect, it } from 'vitest';
import { billingFeature } from '../../../../src/console/features/billing';
import '../../helpers/dom';
import { useMswServer } from '../../helpers/msw';
import { renderPart } from '../../helpers/renderPart';

const server = useMswServer();
const Offboard = billingFeature.widgets.offboard_provider.Component;
const render = () => renderPart(<Offboard options={{}} />, { record: { id: 4, name: 'Northwind Clinic' }, params: { id: '4' }, path: '/providers/4/general' });

describe('Offboard provider', () => {
  it('enables Offboard only for the exact name, posts it, says the server message and opens the providers list', async () => {
    const user = userEvent.setup();
    const bodies: unknown[] = [];
    server.use(
      http.post('/api/providers/4/offboard', async ({ request }) => {
        bodies.push(await request.json());
        return HttpResponse.json({ message: 'Provider Northwind Clinic offboarded' });
      }),
    );
    const { location } = render();
    await user.click(screen.getByRole('button', { name: 'Offboard Provider' }));
    await screen.findByRole('dialog', { name: 'Offboard Provider' });
    const confirm = screen.getByRole('button', { name: 'Offboard' });
    expect(confirm).toBeDisabled();
    const input = screen.getByRole('textbox', { name: "Type the provider's name to confirm" });
    await user.type(input, 'northwind clinic');
    expect(confirm).toBeDisabled();
    await user.clear(input);
    await user.type(input, 'Northwind Clinic ');
    expect(confirm).toBeDisabled();
    await user.type(input, '{Backspace}');
    expect(confirm).toBeEnabled();
    await user.click(confirm);
    await screen.findByText('Provider Northwind Clinic offboarded');
    expect(bodies).toEqual([{ name: 'Northwind Clinic' }]);
    await waitFor(() => expect(location.history?.at(-1)).toBe('/providers'));
  });

  it("says 'Failed to offboard provider: {message}' when refused, and stays", async () => {
    const user = userEvent.setup();
    server.use(http.post('/api/providers/4/offboard', () => HttpResponse.json({ detail: 'The name does not match' }, { status: 422 })));
    const { location } = render();
    await user.click(screen.getByRole('button', { name: 'Offboard Provider' }));
    await user.type(await screen.findByRole('textbox', { name: "Type the provider's name to confirm" }), 'Northwind Clinic');
    await user.click(screen.getByRole('button', { name: 'Offboard' }));
    await screen.findByText('Failed to offboard provider: The name does not match');
    expect(location.history?.at(-1)).toBe('/providers/4/general');
  });
});
