import { useState } from 'react';
import { Button } from '../../../ui/Button';
import { defineWidget } from './widgetTypes';

/**
 * A button that makes the page fail on purpose (the Testing page, spec 002 section 2): the error is
 * thrown while rendering, so the error boundary shows it and error reporting sees a real crash.
 */
export const deliberateErrorWidget = defineWidget(
  {
    type: 'object',
    properties: {
      label: { type: 'string', minLength: 1 },
      /** The error's message, as the error page shows it. */
      message: { type: 'string', minLength: 1 },
      description: { type: 'string', minLength: 1 },
    },
    required: ['label', 'message'],
    additionalProperties: false,
  },
  function DeliberateErrorWidget({ options }) {
    const [failing, setFailing] = useState(false);
    if (failing) throw new Error(options.message);
    return (
      <div className="space-y-3">
        {options.description && <p className="text-sm text-slate-600">{options.description}</p>}
        <Button variant="danger" onClick={() => setFailing(true)}>
          {options.label}
        </Button>
      </div>
    );
  },
);
