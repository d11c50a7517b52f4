import type { ActionDefinition } from '../../../../schemas/screen';
import type { Id } from '../../api/dataProvider';
import { at, type DefinitionLocation } from '../core/resolve';
import { ActionSlot } from './ActionSlot';

interface ActionBarProps {
  actions: readonly ActionDefinition[] | undefined;
  resource: string;
  /** The location of the actions array (`/actions`, `/bulkActions`). */
  location: DefinitionLocation;
  ids?: readonly Id[] | undefined;
  onDone?: (() => void) | undefined;
  label: string;
}

/** A row of actions, as a labelled toolbar. */
export function ActionBar({ actions = [], resource, location, ids, onDone, label }: ActionBarProps) {
  if (actions.length === 0) return null;
  return (
    <div role="toolbar" aria-label={label} className="flex flex-wrap items-center gap-2">
      {actions.map((action, i) => (
        <ActionSlot key={action.name} action={action} resource={resource} location={at(location, i)} ids={ids} onDone={onDone} />
      ))}
    </div>
  );
}
