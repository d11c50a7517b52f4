import { useAtomValue } from 'jotai';
import { lazy, Suspense } from 'react';
import { callRequestAtom, callStore } from './callStore';

/** The panel's code (and the carrier's SDK behind it) loads when the first call starts, never before. */
const CallPanel = lazy(() => import('./CallPanel').then((m) => ({ default: m.CallPanel })));

/**
 * Where the call panel lives: in the shell, beside the page, so that the call goes on while the user
 * moves through the console. Renders nothing without a call.
 */
export function CallDock() {
  const request = useAtomValue(callRequestAtom, { store: callStore });
  if (!request) return null;
  return (
    <Suspense fallback={null}>
      <CallPanel key={request.id} request={request} />
    </Suspense>
  );
}
