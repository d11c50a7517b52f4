import { Combobox, ComboboxButton, ComboboxInput, ComboboxOption, ComboboxOptions, Description, Field } from '@headlessui/react';
import type { WidgetProps } from '@rjsf/utils';
import { useState } from 'react';
import { ICD10_SEARCH_MIN, MAX_DIAGNOSIS_CODES, MAX_DIAGNOSIS_CODES_MESSAGE } from '../../../domain/billing/claims';
import type { SchemaFormContext } from '../../renderer/rjsf/formContext';
import { ANCHORED_OPTIONS_CLASSES, INPUT_CLASSES, OPTION_CLASSES } from '../../renderer/skin/inputClasses';
import type { Icd10Code } from './recentIcd10Codes';
import { useIcd10Descriptions, useIcd10Search } from './useIcd10Codes';
import { useRecentIcd10Codes } from './useRecentIcd10Codes';

/** Below the search's 3 characters (spec 002 section 5), in the words of the lists' search. */
export const ICD10_TOO_SHORT = `Please enter at least ${ICD10_SEARCH_MIN} characters to search`;
export const ICD10_NONE_FOUND = 'No ICD-10 codes found';
const ICD10_HOW = 'Search by code (E11.9) or by words of the description';

const codesOf = (value: unknown): string[] => (Array.isArray(value) ? value.filter((code): code is string => typeof code === 'string') : []);

/**
 * A claim's diagnosis codes (spec 002 sections 5 and 9, `"ui:widget": "icd10_codes"` on an array
 * of codes): chosen codes as chips, each with its description and a Remove button, and a combobox
 * that searches GET icd10 from 3 characters. With the box empty it offers the user's 12 most
 * recently chosen codes (kept in local storage). At 4 codes (or `ui:options.max`, a care
 * program's) it takes no more and says 'Max of 4 choices'. The form holds the codes ("E11.9"); the API writes them as the release does.
 */
export function Icd10CodesWidget({ id, value, disabled, readonly, onChange, onBlur, rawErrors, registry, options }: WidgetProps) {
  const { context } = registry.formContext as SchemaFormContext;
  const codes = codesOf(value);
  const [typed, setTyped] = useState('');
  const [seen, setSeen] = useState<ReadonlyMap<string, string>>(new Map());
  const recent = useRecentIcd10Codes(context.identity.id);
  const search = useIcd10Search(typed);
  const known = new Map([...recent.codes.map((code) => [code.code, code.description] as const), ...seen]);
  const fetched = useIcd10Descriptions(codes.filter((code) => !known.has(code)));
  const describe = (code: string) => known.get(code) ?? fetched.get(code);

  // A claim takes 4 codes (spec 002 section 9); a care program's form names its own maximum (`"ui:options": {"max": 20}`).
  const max = typeof options.max === 'number' ? options.max : MAX_DIAGNOSIS_CODES;
  const full = codes.length >= max;
  const inactive = disabled || readonly;
  const text = typed.trim();
  const offered = (text === '' ? recent.codes : text.length >= ICD10_SEARCH_MIN ? search.options : []).filter((code) => !codes.includes(code.code));
  const hint = full
    ? max === MAX_DIAGNOSIS_CODES
      ? MAX_DIAGNOSIS_CODES_MESSAGE
      : max === 1
        ? 'Remove the code to choose another'
        : `Max of ${max} choices`
    : search.failure
      ? `The search failed: ${search.failure}`
      : text !== '' && text.length < ICD10_SEARCH_MIN
        ? ICD10_TOO_SHORT
        : search.settled && offered.length === 0
          ? ICD10_NONE_FOUND
          : ICD10_HOW;

  const choose = (chosen: Icd10Code | null) => {
    if (!chosen || full || codes.includes(chosen.code)) return;
    onChange([...codes, chosen.code]);
    recent.remember(chosen);
    setSeen((current) => new Map(current).set(chosen.code, chosen.description));
    setTyped('');
  };
  const remove = (code: string) => onChange(codes.filter((held) => held !== code));

  return (
    <div className="space-y-2">
      {codes.length > 0 && (
        <ul aria-label="Chosen diagnosis codes" className="flex flex-wrap gap-1.5">
          {codes.map((code) => (
            <li
              key={code}
              title={describe(code)}
              className="inline-flex max-w-full items-center gap-1 rounded-md bg-blue-50 py-0.5 pl-2 pr-1 text-xs text-blue-900 ring-1 ring-inset ring-blue-200"
            >
              <span className="font-mono font-medium">{code}</span>
              {describe(code) && <span className="max-w-56 truncate text-blue-800">{describe(code)}</span>}
              {!inactive && (
                <button
                  type="button"
                  aria-label={`Remove ${code}`}
                  onClick={() => remove(code)}
                  className="rounded px-1 text-blue-700 hover:bg-blue-100 hover:text-blue-950 focus-visible:outline-2 focus-visible:outline-blue-600"
                >
                  <span aria-hidden="true">×</span>
                </button>
              )}
            </li>
          ))}
        </ul>
      )}
      {/* Headless UI names the input's description from the Field's Description (the hint), not from a prop. */}
      <Field disabled={inactive || full} className="space-y-1">
        <Combobox value={null} onChange={choose} onClose={() => setTyped('')} immediate>
          <div className="relative">
            <ComboboxInput
              id={id}
              className={`${INPUT_CLASSES} pr-9`}
              autoComplete="off"
              placeholder={`Type ${ICD10_SEARCH_MIN} or more characters`}
              aria-invalid={rawErrors && rawErrors.length > 0 ? true : undefined}
              onChange={(event) => setTyped(event.target.value)}
              onBlur={() => onBlur(id, codes)}
            />
            {/* Opens the list again without leaving the box: the recent codes after one is added. */}
            <ComboboxButton
              aria-label="Show codes"
              className="absolute inset-y-0 right-0 flex items-center rounded-r-md px-2.5 text-slate-500 hover:text-slate-800 focus-visible:outline-2 focus-visible:outline-blue-600 disabled:text-slate-300"
            >
              <span aria-hidden="true">▾</span>
            </ComboboxButton>
            {offered.length > 0 && (
              // Anchored (portalled beside the input, flipped above it where the window ends), so that a dialog's edge does not cut the list.
              <ComboboxOptions modal={false} anchor={{ to: 'bottom start', gap: 4 }} className={ANCHORED_OPTIONS_CLASSES}>
                {text === '' ? (
                  <div role="group" aria-label="Recently used codes">
                    <div aria-hidden="true" className="px-3 pb-1 pt-1.5 text-xs font-medium uppercase tracking-wide text-slate-500">
                      Recently used
                    </div>
                    {offered.map((code) => (
                      <CodeOption key={code.code} code={code} />
                    ))}
                  </div>
                ) : (
                  offered.map((code) => <CodeOption key={code.code} code={code} />)
                )}
              </ComboboxOptions>
            )}
          </div>
        </Combobox>
        <Description as="p" aria-live="polite" className={`text-xs ${full ? 'font-medium text-slate-700' : 'text-slate-500'}`}>
          {hint}
        </Description>
      </Field>
    </div>
  );
}

function CodeOption({ code }: { code: Icd10Code }) {
  return (
    <ComboboxOption value={code} className={OPTION_CLASSES}>
      <span className="font-mono font-medium">{code.code}</span> <span>{code.description}</span>
    </ComboboxOption>
  );
}
