import type { ComponentType } from 'react';
import type { ActionDefinition } from '../../../../schemas/screen';
import type { Id } from '../../api/dataProvider';
import { conditionRefusal } from '../core/conditionRefusal';
import { evaluateCondition } from '../core/conditions';
import { at, resolveEntry, type DefinitionLocation } from '../core/resolve';
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

/** An action where its `visibleWhen` holds, disabled where its `disabledWhen` holds, saying why when a domain rule refuses. */
export function ActionSlot({ action, resource, location, ids, onDone }: ActionSlotProps) {
  const context = useEvalContext();
  if (!evaluateCondition(action.visibleWhen, context)) return null;
  const disabled = action.disabledWhen !== undefined && evaluateCondition(action.disabledWhen, context);
  const disabledReason = disabled ? conditionRefusal(action.disabledWhen, context) : undefined;
  const Component = resolveEntry(actionRegistry, 'action', action.type, at(location, 'type')) as ComponentType<ActionProps>;
  return <Component action={action} resource={resource} location={location} disabled={disabled} disabledReason={disabledReason} ids={ids} onDone={onDone} />;
}
