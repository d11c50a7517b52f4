import { Link } from 'wouter';
import { evaluateCondition } from '../../renderer/core/conditions';
import { fillTemplate } from '../../renderer/core/templates';
import type { OptionsOf } from '../../renderer/registries/registryEntry';
import { useEvalContext } from '../../renderer/scopeContext';
import { missingProfileOf } from './missingProfileOf';
import type { missingProfileOptions } from './MissingProfileWidget.options';

/**
 * The clinical record's missing-profile warning (spec 001 section 2: "a missing-profile-items warning
 * with a Fix button to the edit page"): the items of `profile.missing_profile` (the server's
 * `profile` expansion) as a list, and Fix, a link to `fixTo` (a template), for those who may edit
 * (`fixWhen`). Nothing when nothing is missing.
 */
export function MissingProfileWidget({ options }: { options: OptionsOf<typeof missingProfileOptions> }) {
  const context = useEvalContext();
  const missing = missingProfileOf(context.record);
  if (missing.length === 0) return null;
  const canFix = options.fixWhen === undefined || evaluateCondition(options.fixWhen, context);
  return (
    <div
      role="alert"
      className="flex flex-wrap items-start justify-between gap-3 rounded-md border border-amber-300 bg-amber-50 px-3 py-2 text-sm text-amber-900"
    >
      <div>
        <p className="font-medium">Warning: the patient's profile is missing items</p>
        <ul className="mt-1 list-inside list-disc">
          {missing.map((item) => (
            <li key={item.loc.join('.')}>{item.text}</li>
          ))}
        </ul>
      </div>
      {canFix && (
        <Link
          href={fillTemplate(options.fixTo, context)}
          className="inline-flex items-center rounded-md bg-amber-700 px-3 py-1.5 text-sm font-medium text-white hover:bg-amber-800 focus-visible:outline-2 focus-visible:outline-offset-2 focus-visible:outline-amber-600"
        >
          Fix
        </Link>
      )}
    </div>
  );
}
