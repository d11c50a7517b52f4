// @vitest-environment jsdom
import { render, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, describe, expect, it } from 'vitest';
import { BrowserCheck } from '../../../src/console/shell/BrowserCheck';
import { useMswServer } from '../helpers/msw';
import { renderLogin } from '../pages/support/renderLogin';
import { CHROME_UA } from './support/dom';

const server = useMswServer();

const useUserAgent = (value: string) => Object.defineProperty(window.navigator, 'userAgent', { value, configurable: true });

describe('the browser-compatibility overlay', () => {
  afterEach(() => useUserAgent(CHROME_UA));

  it('says nothing to a supported browser', () => {
    render(<BrowserCheck />);
    expect(screen.queryByRole('alertdialog')).toBeNull();
  });

  it('tells an outdated browser why, and lets the user continue anyway for this session', async () => {
    useUserAgent('Mozilla/5.0 (X11; Linux x86_64; rv:115.0) Gecko/20100101 Firefox/115.0');
    const { unmount } = render(<BrowserCheck />);
    const overlay = screen.getByRole('alertdialog', { name: 'Browser Not Supported' });
    expect(overlay).toHaveTextContent('Firefox version must be 128 or higher (released July 9, 2024)');
    expect(screen.getByRole('button', { name: 'Continue Anyway' })).toHaveFocus();
    await userEvent.click(screen.getByRole('button', { name: 'Continue Anyway' }));
    expect(screen.queryByRole('alertdialog')).toBeNull();

    unmount();
    render(<BrowserCheck />);
    expect(screen.queryByRole('alertdialog')).toBeNull();
  });

  it('is drawn by the console on any page once its code arrives (it loads after the first paint)', async () => {
    useUserAgent('SomeBrowser/1.0');
    renderLogin(server, '/login');
    expect(await screen.findByRole('alertdialog', { name: 'Browser Compatibility Warning' })).toBeInTheDocument();
  });

  it('warns about an unknown browser', () => {
    useUserAgent('SomeBrowser/1.0');
    render(<BrowserCheck />);
    expect(screen.getByRole('alertdialog', { name: 'Browser Compatibility Warning' })).toBeInTheDocument();
  });
});
