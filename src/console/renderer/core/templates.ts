import { lookup, type EvalContext } from './context';
import { registriesOf } from './coreRegistries';
import { plainText } from './format';

const PLACEHOLDER = /\{([A-Za-z_][\w.]*)(?:\|([a-z][a-z_]*))?\}/g;
const WHOLE = /^\{([A-Za-z_][\w.]*)(?:\|([a-z][a-z_]*))?\}$/;
const SMALL_WORDS = new Set(['a', 'and', 'at', 'by', 'for', 'in', 'of', 'on', 'or', 'the', 'to', 'with']);

/** 'pending_return_to_manufacturer' -> 'Pending Return to Manufacturer': the default label of a code. */
export function humanize(code: string): string {
  return code
    .split(/[_\s-]+/)
    .filter(Boolean)
    .map((word, i) => (i > 0 && SMALL_WORDS.has(word) ? word : word.charAt(0).toUpperCase() + word.slice(1)))
    .join(' ');
}

/**
 * How a code reads: the label the features give it where humanizing would misspell it (the `labels`
 * registry: `cgm` -> 'CGM'), else humanized ('blood_pressure' -> 'Blood Pressure').
 */
export function codeLabel(code: string, labels: Readonly<Record<string, string>> | undefined): string {
  return labels?.[code] ?? humanize(code);
}

/** What a placeholder filter may do to a value; `{device_type|humanize}` (the code's label). */
export const TEMPLATE_FILTERS = {
  humanize: (value: unknown, context: EvalContext) => codeLabel(plainText(value ?? ''), registriesOf(context).labels),
  /** How many items a list has: `{response.created_devices|count}`; 0 for no list. */
  count: (value: unknown) => (Array.isArray(value) ? value.length : 0),
  /** A value as JSON text, for a query parameter that carries one: `{"filter": "{list.request|json}"}`. */
  json: (value: unknown) => JSON.stringify(value ?? null),
  /** A list's items separated by commas: `{response.existing_imeis|join}`. */
  join: (value: unknown) => (Array.isArray(value) ? value.map(String).join(', ') : value),
  /** The first day of a day's month: `{today|month_start}` -> '2026-06-01'; '' for what is no day. */
  month_start: (value: unknown) => (typeof value === 'string' && /^\d{4}-\d{2}-\d{2}/.test(value) ? `${value.slice(0, 7)}-01` : ''),
} as const;

function applyFilter(value: unknown, filter: string | undefined, context: EvalContext): unknown {
  if (filter === undefined) return value;
  const apply = TEMPLATE_FILTERS[filter as keyof typeof TEMPLATE_FILTERS] as ((value: unknown, context: EvalContext) => unknown) | undefined;
  if (!apply) throw new Error(`Unknown template filter "${filter}"`);
  return apply(value, context);
}

/** A string with its placeholders filled: `fillTemplate('/devices/{id}/show', context)`. Missing values are ''. */
export function fillTemplate(template: string, context: EvalContext): string {
  return template.replace(PLACEHOLDER, (_, path: string, filter?: string) => {
    return plainText(applyFilter(lookup(context, path), filter, context) ?? '');
  });
}

/**
 * A JSON value with templates resolved at every depth. A string that is one whole placeholder
 * keeps the value's type: `{"location_id[eq]": "{params.id}"}`, `{"patient_id": "{record.patient_id}"}`.
 */
export function resolveValue(value: unknown, context: EvalContext): unknown {
  if (typeof value === 'string') {
    const whole = WHOLE.exec(value);
    return whole ? applyFilter(lookup(context, whole[1] ?? ''), whole[2], context) : fillTemplate(value, context);
  }
  if (Array.isArray(value)) return value.map((item) => resolveValue(item, context));
  if (typeof value === 'object' && value !== null) {
    return Object.fromEntries(Object.entries(value).map(([key, item]) => [key, resolveValue(item, context)]));
  }
  return value;
}

/** The placeholders of a template and their filters, for the definitions' validation. */
export function templatePlaceholders(template: string): { path: string; filter: string | undefined }[] {
  return [...template.matchAll(PLACEHOLDER)].map((match) => ({ path: match[1] ?? '', filter: match[2] }));
}
