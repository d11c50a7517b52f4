import type { RJSFValidationError } from '@rjsf/utils';
import type { FormDefinition } from '../../../../schemas/screen';
import type { CoreRegistries } from './coreRegistries';
import { ruleRequiredText } from './fieldRules';

/** Spec 000 section 5 names no text for the common required check; react-admin's 'Required' is the one users of such consoles know. */
export const REQUIRED_MESSAGE = 'Required';
/** Spec 000 section 5: a generic checkbox that must be ticked. */
export const CHECKBOX_MESSAGE = 'This must be selected to proceed';

/** The dotted path of the field an error is about: '.unassign_device_reason.reason' -> 'unassign_device_reason.reason'. */
function fieldOf(error: RJSFValidationError): string {
  const base = (error.property ?? '').replace(/^\./, '');
  const missing = error.name === 'required' ? (error.params as { missingProperty?: string } | undefined)?.missingProperty : undefined;
  if (!missing || base.split('.').pop() === missing) return base;
  return base ? `${base}.${missing}` : missing;
}

/**
 * An item of a list that fails its type is an item left empty: the widgets give only values of their
 * type (a picker an id), so an added picker with no choice is what fails ('must be integer').
 */
const isEmptyListItem = (error: RJSFValidationError) => error.name === 'type' && /\.\d+$/.test(error.property ?? '');

/**
 * RJSF errors in the definition's words: `messages[field][keyword]` when given, else the field
 * rule's text or 'Required' for a missing value (an empty item of a list too), and 'This must be
 * selected to proceed' for a box that must be ticked (const true).
 */
export function transformFormErrors(form: FormDefinition, fieldRules: CoreRegistries['fieldRules']) {
  return (errors: RJSFValidationError[]): RJSFValidationError[] =>
    // An `if` error only says that a `then` failed ("must match "then" schema"); the failing fields carry their own.
    errors
      .filter((error) => error.name !== 'if')
      .map((error) => {
        const field = fieldOf(error);
        const own = error.name ? form.messages?.[field]?.[error.name] : undefined;
        const fallback =
          error.name === 'required'
            ? (ruleRequiredText(form, field, fieldRules) ?? REQUIRED_MESSAGE)
            : isEmptyListItem(error)
              ? REQUIRED_MESSAGE
              : error.name === 'const' && (error.params as { allowedValue?: unknown })?.allowedValue === true
                ? CHECKBOX_MESSAGE
                : undefined;
        const message = own ?? fallback;
        return message ? { ...error, message, stack: `${field} ${message}` } : error;
      });
}
