// @vitest-environment jsdom
import { act, fireEvent, screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, describe, expect, it } from 'vitest';
import '../../helpers/dom';
import { fixtureApi } from '../../helpers/fixtureApi';
import { useMswServer } from '../../helpers/msw';
import { renderScreen } from '../../helpers/renderScreen';

const server = useMswServer();

function open(id = 'devices.list', path = '/devices') {
  const api = fixtureApi();
  server.use(...api.handlers);
  renderScreen(id, { path });
}

/** jsdom lays nothing out: a box "overflows" here when it is told how wide it and its content are. */
function layOut({ scrollWidth, clientWidth }: { scrollWidth: number; clientWidth: number }) {
  const scroll = Object.getOwnPropertyDescriptor(HTMLElement.prototype, 'scrollWidth');
  const client = Object.getOwnPropertyDescriptor(HTMLElement.prototype, 'clientWidth');
  Object.defineProperty(HTMLElement.prototype, 'scrollWidth', { configurable: true, get: () => scrollWidth });
  Object.defineProperty(HTMLElement.prototype, 'clientWidth', { configurable: true, get: () => clientWidth });
  return () => {
    if (scroll) Object.defineProperty(HTMLElement.prototype, 'scrollWidth', scroll);
    if (client) Object.defineProperty(HTMLElement.prototype, 'clientWidth', client);
  };
}

let restore: (() => void) | undefined;
afterEach(() => {
  restore?.();
  restore = undefined;
});

describe('a list screen on a small screen and a wide table', () => {
  it('keeps its filters in a panel behind a Filters button that counts the filters set', async () => {
    const user = userEvent.setup();
    open();
    await screen.findByText('356938035643809');
    const button = screen.getByRole('button', { name: 'Filters' });
    expect(button).toHaveAttribute('aria-expanded', 'false');
    const panel = document.getElementById(button.getAttribute('aria-controls') ?? '');
    expect(panel).not.toBeNull();
    // Hidden under 768 px by its class (jsdom applies no style sheet), shown at once on wider screens.
    expect(panel).toHaveClass('max-md:hidden');
    expect(within(panel as HTMLElement).getByRole('button', { name: /Manufacturer/ })).toBeInTheDocument();

    await user.click(button);
    expect(button).toHaveAttribute('aria-expanded', 'true');
    expect(panel).not.toHaveClass('max-md:hidden');

    await user.click(within(panel as HTMLElement).getByRole('button', { name: /Manufacturer/ }));
    await user.click(screen.getByRole('option', { name: 'Tenovi' }));
    expect(await screen.findByRole('button', { name: 'Filters, 1 active' })).toBeInTheDocument();
    await user.click(screen.getByRole('button', { name: 'Clear filters' }));
    expect(await screen.findByRole('button', { name: 'Filters' })).toBeInTheDocument();
  });

  it('lets a table that fits stay a plain table, out of the tab order', async () => {
    open();
    await screen.findByText('356938035643809');
    expect(screen.queryByRole('region', { name: 'Devices table' })).toBeNull();
  });

  it('scrolls a table wider than its place in a named, focusable region, with its naming column pinned', async () => {
    restore = layOut({ scrollWidth: 900, clientWidth: 300 });
    open('users.list', '/users');
    const region = await screen.findByRole('region', { name: 'Users table' });
    expect(region).toHaveAttribute('tabindex', '0');
    const nameHeader = within(region).getByRole('columnheader', { name: /^Name/ });
    expect(nameHeader).toHaveClass('sticky');
    expect(nameHeader.className).not.toContain('after:');

    // Scrolled away from the start, the pinned column casts its shadow over what passed under it.
    await act(async () => {
      region.scrollLeft = 120;
      fireEvent.scroll(region);
      await Promise.resolve();
    });
    expect(within(region).getByRole('columnheader', { name: /^Name/ }).className).toContain('after:bg-linear-to-r');
  });
});
