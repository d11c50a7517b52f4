import type { SetupServer } from 'msw/node';
import { App } from '../../../../src/console/App';
import { session } from '../../../../src/console/api/session';
import { sessionHandlers, tokenBody, type FakeUser } from './apiHandlers';
import { renderAt } from './renderAt';

/** The whole console at `path`, signed in as `user`, the API answered by msw as the server would. */
export function renderConsole(server: SetupServer, path: string, user: FakeUser, site?: Parameters<typeof sessionHandlers>[1]) {
  server.use(...sessionHandlers(user, site));
  session.signIn(tokenBody(user));
  return renderAt(path, <App />);
}
