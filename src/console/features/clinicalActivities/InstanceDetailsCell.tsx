import { useState } from 'react';
import { timeZoneOf } from '../../renderer/core/context';
import { formatDate, plainText } from '../../renderer/core/format';
import { useScreenEnvironment } from '../../renderer/environmentContext';
import { defineCell } from '../../renderer/registries/cells/cellTypes';
import { onDemandPart } from '../../renderer/registries/lazyEntry';
import { Modal } from '../../ui/Modal';
import type { InstanceRow } from './activityTexts';
import { instanceDetailsCellOptions } from './InstanceDetailsCell.options';

/** The dialog's content loads the first time a dialog opens (issue 20: a list page carries no dialog's code). */
const InstanceDetails = onDemandPart(() => import('./InstanceDetails').then((module) => module.InstanceDetails));

/**
 * A run's details behind its row (spec 002 section 2: the review list's details dialog; spec 001
 * section 2: the record's lists of runs open the same): the cell is a button, the activity's title
 * unless `options.label` words it ('Details'), named after the run it opens. The dialog shows the
 * answers step by step, and to a reviewer Approve (with the time of each step), Reject and Delete.
 */
export const instanceDetailsCell = defineCell(instanceDetailsCellOptions, function InstanceDetailsCell({ value, record, options }) {
  const [open, setOpen] = useState(false);
  const run = record as unknown as InstanceRow;
  const timeZone = timeZoneOf(useScreenEnvironment());
  const title = run.title || plainText(value);
  const when = formatDate(run.completed_at ?? run.created_at, timeZone);
  return (
    <>
      <button
        type="button"
        onClick={() => setOpen(true)}
        aria-label={options.label ? `${options.label}: ${title}, ${when}` : `${title}, ${when}`}
        className="rounded text-left font-medium text-blue-700 underline-offset-2 hover:underline focus-visible:outline-2 focus-visible:outline-blue-600"
      >
        {options.label ?? title}
      </button>
      <Modal open={open} title={title} width="xl" onClose={() => setOpen(false)}>
        {open && <InstanceDetails row={run} onClose={() => setOpen(false)} />}
      </Modal>
    </>
  );
});
