import { useAtomValue } from 'jotai';
import { useState } from 'react';
import { callButtonEnabled } from '../../../domain/voiceCalls';
import { useScreenEnvironment } from '../../renderer/environmentContext';
import { useScreenScope } from '../../renderer/scopeContext';
import { Button } from '../../ui/Button';
import { CallDialog } from './CallDialog';
import { callStateAtom, callStore } from './callStore';

/** Spec 000 section 4.3: the button is enabled again only once the call is over (hangup, destroy or purge). */
const BUSY = 'A call is in progress';

/**
 * The record's Call button (widget `call_patient`, on the Calls tab) and the Test Call button of My
 * voice calls (widget `test_call`), beside their lists' actions, for users with voice_calls.create:
 * each opens its dialog, which hands the call to the shell's panel.
 */
function CallButton({ test }: { test: boolean }) {
  const { identity, environment, permissions } = useScreenEnvironment();
  const { record } = useScreenScope();
  const state = useAtomValue(callStateAtom, { store: callStore });
  const [open, setOpen] = useState(false);
  const name = (record?.user as { full_name?: unknown } | undefined)?.full_name;
  const patient = !test && typeof record?.id === 'number' ? { id: record.id, name: typeof name === 'string' ? name : `Patient ${record.id}` } : null;
  const enabled = callButtonEnabled(state);
  if (!permissions['voice_calls.create']) return null;
  return (
    <div>
      <Button variant="primary" onClick={() => setOpen(true)} disabled={!enabled} disabledReason={enabled ? undefined : BUSY}>
        {test ? 'Test Call' : 'Call'}
      </Button>
      {open && <CallDialog open onClose={() => setOpen(false)} patient={patient} role={identity.role} environment={environment} />}
    </div>
  );
}

export const CallPatientWidget = () => <CallButton test={false} />;
export const TestCallWidget = () => <CallButton test />;
