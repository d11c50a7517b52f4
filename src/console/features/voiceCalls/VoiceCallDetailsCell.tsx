import { useState } from 'react';
import { timeZoneOf } from '../../renderer/core/context';
import { formatDateTime, formatPhone } from '../../renderer/core/format';
import { useScreenEnvironment } from '../../renderer/environmentContext';
import { defineCell } from '../../renderer/registries/cells/cellTypes';
import { onDemandPart } from '../../renderer/registries/lazyEntry';
import { Button } from '../../ui/Button';
import { Modal } from '../../ui/Modal';
import { otherParty, VOICE_CALL_DETAILS_TEXTS, type CallRow } from './voiceCallFormat';
import { voiceCallDetailsCellOptions } from './VoiceCallDetailsCell.options';

/** The dialog's content loads the first time a dialog opens (issue 20: a list page carries no dialog's code). */
const VoiceCallDetails = onDemandPart(() => import('./VoiceCallDetails').then((module) => module.VoiceCallDetails));

/**
 * A call's details behind a button of its row (spec 000 section 2.7: the list's 'View call', the
 * user's own calls' 'View details'; `options.label`): the call in words, its recording and its
 * transcript (VoiceCallDetails). The button names the call it opens: who it was with and when.
 */
export const voiceCallDetailsCell = defineCell(voiceCallDetailsCellOptions, function VoiceCallDetailsCell({ record, options }) {
  const [open, setOpen] = useState(false);
  const call = record as CallRow;
  const label = options.label ?? 'View call';
  const party = otherParty(call, formatPhone) ?? `call #${String(call.id)}`;
  const time = formatDateTime(call.call_time ?? call.start_time, timeZoneOf(useScreenEnvironment()));
  return (
    <>
      <Button variant="ghost" className="whitespace-nowrap" onClick={() => setOpen(true)} aria-label={`${label}: ${party}, ${time}`}>
        {label}
      </Button>
      <Modal open={open} title={VOICE_CALL_DETAILS_TEXTS.title} onClose={() => setOpen(false)}>
        {open && <VoiceCallDetails row={call} />}
        <div className="mt-4 flex justify-end">
          <Button variant="secondary" size="md" onClick={() => setOpen(false)}>
            Close
          </Button>
        </div>
      </Modal>
    </>
  );
});
