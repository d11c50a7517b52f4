import type { ComponentType } from 'react';
import type { ActionDefinition } from '../../../../schemas/screen';
import type { Id } from '../../api/dataProvider';
import { conditionRefusal } from '../core/conditionRefusal';
import { evaluateCondition } from '../core/conditions';
import { at, resolveEntry, type DefinitionLocation } from '../core/resolve';
import { useWritesRefused } from '../environmentContext';
import { actionRegistry } from '../registries/actions';
import type { ActionProps } from '../registries/actions/actionTypes';
import { useEvalContext } from '../scopeContext';

interface ActionSlotProps {
  action: ActionDefinition;
  resource: string;
  location: DefinitionLocation;
  ids?: readonly Id[] | undefined;
  onDone?: (() => void) | undefined;
}

/** Actions that send as soon as they are confirmed; a dialog form opens, and its Save is what sends (rjsf/SchemaForm.tsx). */
const SENDS_AT_ONCE = new Set<ActionDefinition['type']>(['confirm', 'bulk']);

/**
 * An action where its `visibleWhen` holds, disabled where its `disabledWhen` holds, saying why when a
 * domain rule refuses, or where writes are refused (a preview) if it sends.
 */
export function ActionSlot({ action, resource, location, ids, onDone }: ActionSlotProps) {
  const context = useEvalContext();
  const writesRefused = useWritesRefused();
  if (!evaluateCondition(action.visibleWhen, context)) return null;
  const refused = writesRefused !== undefined && SENDS_AT_ONCE.has(action.type);
  const ruled = action.disabledWhen !== undefined && evaluateCondition(action.disabledWhen, context);
  const disabled = refused || ruled;
  const disabledReason = refused ? writesRefused : ruled ? conditionRefusal(action.disabledWhen, context) : undefined;
  const Component = resolveEntry(actionRegistry, 'action', action.type, at(location, 'type')) as ComponentType<ActionProps>;
  return <Component action={action} resource={resource} location={location} disabled={disabled} disabledReason={disabledReason} ids={ids} onDone={onDone} />;
}
