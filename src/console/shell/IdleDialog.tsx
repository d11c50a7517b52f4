import { useCallback } from 'react';
import { session } from '../api/session';
import { Button } from '../ui/Button';
import { Modal } from '../ui/Modal';
import { useIdleTimer } from './useIdleTimer';

/**
 * 'Are you still here?' a minute before the idle logout, with the countdown (spec 000 section 2.8). The
 * timeout's logout is an idle one (the sign-in page says why and returns here); "Log out" is the user's own.
 */
export function IdleDialog() {
  const timeOut = useCallback(() => void session.logout('idle'), []);
  const logout = useCallback(() => void session.logout(), []);
  const { phase, stayActive } = useIdleTimer(timeOut);
  return (
    <Modal open={phase.kind === 'prompt'} title="Are you still here?" role="alertdialog" width="md">
      <div className="text-sm text-slate-700">
        <p aria-live="polite">{phase.kind === 'prompt' && `For your security you will be logged out in ${phase.secondsLeft} seconds.`}</p>
        <div className="mt-6 flex justify-end gap-3">
          <Button size="md" onClick={logout}>
            Log out
          </Button>
          <Button size="md" variant="primary" onClick={stayActive} autoFocus>
            Stay signed in
          </Button>
        </div>
      </div>
    </Modal>
  );
}
