// @vitest-environment jsdom
import { screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { beforeEach, describe, expect, it } from 'vitest';
import '../../helpers/dom';
import { fixtureApi } from '../../helpers/fixtureApi';
import { useMswServer } from '../../helpers/msw';
import { INTERNAL_ADMIN } from '../../shell/support/apiHandlers';
import { setViewport } from '../../shell/support/dom';
import { renderConsole } from '../../shell/support/renderConsole';

const server = useMswServer();

/**
 * Issue 18: a row of /users opened "Page not found". In the whole console (the shell's routes, not
 * one screen), a row click opens the user's Account form at /users/{id}/edit.
 */
describe('the users pages in the console’s routes', () => {
  beforeEach(() => setViewport({ mobile: false }));

  it('opens /users/{id}/edit from a row of /users', async () => {
    const user = userEvent.setup();
    server.use(...fixtureApi().handlers);
    const { location } = renderConsole(server, '/users', INTERNAL_ADMIN);
    await user.click(await screen.findByRole('cell', { name: 'Nora Admin' }, { timeout: 30_000 }));
    expect(await screen.findByLabelText(/First Name/, {}, { timeout: 10_000 })).toHaveValue('Nora');
    expect(location.history?.at(-1)).toBe('/users/200/edit');
    expect(screen.queryByRole('heading', { name: 'Page not found' })).toBeNull();
  }, 60_000);
});
