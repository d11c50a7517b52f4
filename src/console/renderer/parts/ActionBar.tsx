import type { ComponentType, ReactNode } from 'react';
import type { ActionDefinition } from '../../../../schemas/screen';
import type { Id } from '../../api/dataProvider';
import { evaluateCondition } from '../core/conditions';
import { at, type DefinitionLocation } from '../core/resolve';
import { useEvalContext } from '../scopeContext';
import { ActionSlot } from './ActionSlot';

interface ActionBarProps {
  actions: readonly ActionDefinition[] | undefined;
  /**
   * Actions gathered under one button after the others, with its location (`/menu`), drawn by `Menu`
   * (skin/ActionMenu, which the record's header passes: only a show screen has a menu, so that a list
   * page does not load its popover, issue 20).
   */
  menu?:
    | { label: string; actions: readonly ActionDefinition[]; location: DefinitionLocation; Menu: ComponentType<{ label: string; children: ReactNode }> }
    | undefined;
  resource: string;
  /** The location of the actions array (`/actions`, `/bulkActions`). */
  location: DefinitionLocation;
  ids?: readonly Id[] | undefined;
  onDone?: (() => void) | undefined;
  label: string;
}

/** A row of actions, as a labelled toolbar, and a menu of more when one is given and any of its actions shows. */
export function ActionBar({ actions = [], menu, resource, location, ids, onDone, label }: ActionBarProps) {
  const context = useEvalContext();
  const menuShows = menu !== undefined && menu.actions.some((action) => evaluateCondition(action.visibleWhen, context));
  if (actions.length === 0 && !menuShows) return null;
  return (
    <div role="toolbar" aria-label={label} className="flex flex-wrap items-center gap-2">
      {actions.map((action, i) => (
        <ActionSlot key={action.name} action={action} resource={resource} location={at(location, i)} ids={ids} onDone={onDone} />
      ))}
      {menu && menuShows && (
        <menu.Menu label={menu.label}>
          {menu.actions.map((action, i) => (
            <ActionSlot key={action.name} action={action} resource={resource} location={at(menu.location, 'actions', i)} ids={ids} onDone={onDone} />
          ))}
        </menu.Menu>
      )}
    </div>
  );
}
