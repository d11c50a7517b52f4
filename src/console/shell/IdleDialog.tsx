import { useCallback } from 'react';
import { session } from '../api/session';
import { Modal } from './Modal';
import { Button } from './ui/Button';
import { useIdleTimer } from './useIdleTimer';

/** 'Are you still here?' a minute before the idle logout, with the countdown (spec 000 section 2.8). */
export function IdleDialog() {
  const logout = useCallback(() => void session.logout(), []);
  const { phase, stayActive } = useIdleTimer(logout);
  return (
    <Modal open={phase.kind === 'prompt'} title="Are you still here?" role="alertdialog">
      <p aria-live="polite">
        {phase.kind === 'prompt' && `For your security you will be logged out in ${phase.secondsLeft} seconds.`}
      </p>
      <div className="mt-6 flex justify-end gap-3">
        <Button variant="secondary" onClick={logout}>
          Log out
        </Button>
        <Button onClick={stayActive} autoFocus>
          Stay signed in
        </Button>
      </div>
    </Modal>
  );
}
