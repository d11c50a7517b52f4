import { useEffect } from 'react';
import { Redirect, useLocation, useRouter, useSearch } from 'wouter';
import { preloadScreenAt } from '../renderer/screenRoutes';
import { forgetSessionDrafts } from '../renderer/skin/sessionDraftStorage';
import { FullPageStatus } from './FullPageStatus';
import { loginPath } from './loginPath';
import { SessionTimedOut } from './SessionTimedOut';
import { SignedInShell } from './SignedInShell';
import { renderer } from './useRenderer';
import { useSession } from './useSession';

// The pages' code is fetched while the session is restored and its calls answered, not after.
void renderer.preload().catch(() => undefined);

/** Everything behind sign-in (spec 000 section 2.1: login is required for everything else). */
export default function ShellRoot() {
  const state = useSession();
  const [location] = useLocation();
  const search = useSearch();
  const { parser } = useRouter();
  // The page's definition is fetched with the renderer while the session is restored, and then the
  // widgets it names, so that none waits for the session's calls before its code is asked for.
  useEffect(() => {
    const screen = preloadScreenAt(parser, location);
    if (screen) {
      Promise.all([renderer.preload(), screen]).then(
        ([module, loaded]) => module.preloadScreenParts(loaded.definition, module.screenRegistries),
        () => undefined,
      );
    }
  }, [parser, location]);
  // A user who signs out leaves no unsaved form behind; after an idle sign-out the drafts wait for
  // the same user (each user's are their own, see formDrafts).
  const signedOutOnPurpose = state.status === 'signed-out' && state.reason === 'logout';
  useEffect(() => {
    if (signedOutOnPurpose) forgetSessionDrafts();
  }, [signedOutOnPurpose]);
  switch (state.status) {
    case 'restoring':
      return <FullPageStatus />;
    case 'timed-out':
      return <SessionTimedOut />;
    case 'signed-out':
      return <Redirect to={loginPath(search ? `${location}?${search}` : location, state.reason)} replace />;
    case 'signed-in':
      // Spec 000 section 6: a token whose role is patient is refused.
      if (state.token.role === 'patient') return <Redirect to="/login?page=patient-account" replace />;
      return <SignedInShell key={state.token.userId} userId={state.token.userId} />;
  }
}
