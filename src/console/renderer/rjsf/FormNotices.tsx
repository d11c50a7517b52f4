import type { FormDefinition } from '../../../../schemas/screen';
import { evaluateCondition } from '../core/conditions';
import type { EvalContext } from '../core/context';
import { fillTemplate } from '../core/templates';
import { BANNER_TONES } from '../skin/Banner';

/** The tone in words, so that a notice does not say it by colour alone. */
const TONE_WORDS = { info: 'Note', warning: 'Warning', danger: 'Alert' } as const;

/**
 * A form's `notices` that hold now, over the record and the form's current values (`form.type`),
 * as a list above the fields. The region is a polite live region that stays in place, so that a
 * notice a choice brings up is announced.
 */
export function FormNotices({ notices, context }: { notices: FormDefinition['notices']; context: EvalContext }) {
  if (!notices || notices.length === 0) return null;
  const shown = notices.filter((notice) => evaluateCondition(notice.when, context));
  return (
    <div role="status" aria-label="Notices" className={shown.length > 0 ? 'mb-4' : undefined}>
      {shown.length > 0 && (
        <ul className="space-y-2">
          {shown.map((notice, i) => {
            const tone = notice.tone ?? 'info';
            return (
              <li key={i} className={`rounded-md p-3 text-sm ring-1 ${BANNER_TONES[tone]}`}>
                <span className="font-semibold">{TONE_WORDS[tone]}: </span>
                <span>{fillTemplate(notice.text, context)}</span>
              </li>
            );
          })}
        </ul>
      )}
    </div>
  );
}
