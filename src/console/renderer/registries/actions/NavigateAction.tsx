import { Link } from 'wouter';
import { fillTemplate } from '../../core/templates';
import { useEvalContext } from '../../scopeContext';
import { Button } from '../../../ui/Button';
import type { ActionProps } from './actionTypes';

/** A link that looks like a button (Create Device): `{"to": "/devices/create"}`. */
export function NavigateAction({ action, disabled, disabledReason }: ActionProps<Extract<ActionProps['action'], { type: 'navigate' }>>) {
  const context = useEvalContext();
  if (disabled)
    return (
      <Button disabled disabledReason={disabledReason}>
        {action.label}
      </Button>
    );
  return (
    <Link
      href={fillTemplate(action.to, context)}
      className="inline-flex items-center rounded-md bg-blue-700 px-3 py-1.5 text-sm font-medium text-white hover:bg-blue-800 focus-visible:outline-2 focus-visible:outline-offset-2 focus-visible:outline-blue-600"
    >
      {action.label}
    </Link>
  );
}
