import { useState } from 'react';
import { Button } from '../../../ui/Button';
import type { OptionsOf } from '../registryEntry';
import type { deliberateErrorOptions } from './DeliberateErrorWidget.options';

/**
 * A button that makes the page fail on purpose (the Testing page, spec 002 section 2): the error is
 * thrown while rendering, so the error boundary shows it and error reporting sees a real crash.
 * It loads when the Testing page draws it (widgets/index.ts).
 */
export function DeliberateErrorWidget({ options }: { options: OptionsOf<typeof deliberateErrorOptions> }) {
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
}
