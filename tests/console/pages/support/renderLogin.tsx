import type { SetupServer } from 'msw/node';
import { http, HttpResponse } from 'msw';
import { App } from '../../../../src/console/App';
import { session } from '../../../../src/console/api/session';
import { sessionHandlers, type FakeUser, PROVIDER_ADMIN } from '../../shell/support/apiHandlers';
import { renderAt } from '../../shell/support/renderAt';

/** Ends whatever session an earlier test left, the way a logout does. */
export async function signOut(server: SetupServer): Promise<void> {
  server.use(http.get('*/api/auth/logout', () => HttpResponse.json({ message: 'Logged out.' })));
  await session.logout();
}

/** The console at a /login address with no session, the shell's calls answered for `user` once signed in. */
export function renderLogin(server: SetupServer, path: string, user: FakeUser = PROVIDER_ADMIN) {
  server.use(...sessionHandlers(user));
  return renderAt(path, <App />);
}
