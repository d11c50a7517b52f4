import type { ComponentType } from 'react';
import type { ActionDefinition, ActionType } from '../../../../../schemas/screen';
import type { Id } from '../../../api/dataProvider';
import type { DefinitionLocation } from '../../core/resolve';

/** What every action component gets; visibility and the disabled state are decided before. */
export interface ActionProps<A extends ActionDefinition = ActionDefinition> {
  action: A;
  /** The resource of the screen or list the action sits on. */
  resource: string;
  location: DefinitionLocation;
  disabled: boolean;
  /** Why it is disabled, in the domain's words, when a named rule says so. */
  disabledReason?: string | undefined;
  /** The selected rows (bulk actions). */
  ids?: readonly Id[] | undefined;
  /** After a bulk action succeeded: the list clears its selection. */
  onDone?: (() => void) | undefined;
}

export type ActionRegistry = { readonly [T in ActionType]: ComponentType<ActionProps<Extract<ActionDefinition, { type: T }>>> };
