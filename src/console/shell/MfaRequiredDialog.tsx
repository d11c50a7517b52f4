import { useLocation } from 'wouter';
import { session } from '../api/session';
import { Button } from '../ui/Button';
import { Modal } from '../ui/Modal';

/** Where two-factor authentication is set up; the dialog steps aside there. */
const ACCOUNT_PATH = '/account';

/** Blocks internal users without MFA (spec 000 sections 2.8 and 6) everywhere but the account page. */
export function MfaRequiredDialog() {
  const [location, navigate] = useLocation();
  return (
    <Modal open={location !== ACCOUNT_PATH} title="Two-factor authentication required" role="alertdialog" width="md">
      <div className="text-sm text-slate-700">
        <p>You must enable two-factor authentication to continue.</p>
        <div className="mt-6 flex justify-end gap-3">
          <Button size="md" onClick={() => void session.logout()}>
            Log out
          </Button>
          <Button size="md" variant="primary" onClick={() => navigate(ACCOUNT_PATH)}>
            Enable two-factor authentication
          </Button>
        </div>
      </div>
    </Modal>
  );
}
