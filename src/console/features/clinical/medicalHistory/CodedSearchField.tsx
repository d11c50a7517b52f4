import { Combobox, ComboboxInput, ComboboxOption, ComboboxOptions, Description, Field, Label } from '@headlessui/react';
import type { FieldProps } from '@rjsf/utils';
import { useState } from 'react';
import { CODED_SEARCH_MIN, MAX_ALLERGY_REACTIONS, TOO_MANY_REACTIONS } from '../../../../domain/clinical/medicalHistory';
import { lookup } from '../../../renderer/core/context';
import type { SchemaFormContext } from '../../../renderer/rjsf/formContext';
import { ANCHORED_OPTIONS_CLASSES, INPUT_CLASSES, OPTION_CLASSES } from '../../../renderer/skin/inputClasses';
import { codedHint, medicationOf, optionOfConcept, optionOfMedication, type CodedOption, type CodedSource } from './codedConcepts';
import { useCodedSearch } from './useCodedSearch';

interface Options {
  source?: CodedSource;
  /** A fixed SNOMED CT category to search in (`reaction`). */
  category?: string;
  /** Or the form field whose value is the category (an allergy's `category`). */
  categoryField?: string;
  /** A list of concepts (an allergy's reactions), at most `max`. */
  multiple?: boolean;
  max?: number;
}

/**
 * A coded concept picked by searching (`"ui:field": "coded_search"`, spec 001 sections 3 and 5): an
 * RxNorm medication (`source: "medications"`, stored as {name, codes}), a SNOMED CT substance
 * (`source: "snomed"`, {code, display}, searched in the category the form's `categoryField` holds) or a
 * list of SNOMED CT reactions (`multiple`, at most `max`: 'You can only add up to 3 reactions').
 * Searches from 3 characters ('Type at least 3 characters to search').
 */
export function CodedSearchField({ fieldPathId, formData, onChange, schema, uiSchema, required, disabled, readonly, registry, rawErrors, name }: FieldProps) {
  const options = (uiSchema?.['ui:options'] ?? {}) as Options;
  const source = options.source ?? 'snomed';
  const { context } = registry.formContext as SchemaFormContext;
  const categoryValue = options.categoryField ? lookup(context, `form.${options.categoryField}`) : undefined;
  const category = options.category ?? (typeof categoryValue === 'string' ? categoryValue : undefined);
  const [typed, setTyped] = useState('');
  const search = useCodedSearch(source, typed, category);
  const id = fieldPathId.$id;
  const label = uiSchema?.['ui:title'] ?? schema.title ?? name;
  const inactive = disabled || readonly;

  const chosenList: CodedOption[] = options.multiple
    ? Array.isArray(formData)
      ? formData.map(optionOfConcept).filter((o): o is CodedOption => o !== null)
      : []
    : [];
  const chosen = options.multiple ? null : source === 'medications' ? optionOfMedication(formData) : optionOfConcept(formData);
  const max = options.max ?? MAX_ALLERGY_REACTIONS;
  const full = options.multiple && chosenList.length >= max ? TOO_MANY_REACTIONS : undefined;
  const offered = search.options.filter((option) => !chosenList.some((held) => held.code === option.code));
  const hint = codedHint({ typed, settled: search.settled, count: offered.length, failure: search.failure, full });

  const choose = (option: CodedOption | null) => {
    if (!option) return;
    setTyped('');
    if (options.multiple) {
      if (chosenList.length >= max || chosenList.some((held) => held.code === option.code)) return;
      onChange([...chosenList, { code: option.code, display: option.display }], fieldPathId.path);
    } else onChange(source === 'medications' ? medicationOf(option) : { code: option.code, display: option.display }, fieldPathId.path);
  };

  return (
    <div className="space-y-1">
      <Field disabled={inactive || (options.multiple === true && full !== undefined)} className="space-y-1">
        <Label htmlFor={id} className="block text-sm font-medium text-slate-800">
          {label}
          {required && <span aria-hidden="true"> *</span>}
        </Label>
        {chosenList.length > 0 && (
          <ul aria-label={`Chosen ${label.toLowerCase()}`} className="flex flex-wrap gap-1.5">
            {chosenList.map((option) => (
              <li
                key={option.code}
                className="inline-flex items-center gap-1 rounded-md bg-blue-50 py-0.5 pl-2 pr-1 text-xs text-blue-900 ring-1 ring-inset ring-blue-200"
              >
                <span>{option.display}</span>
                {!inactive && (
                  <button
                    type="button"
                    aria-label={`Remove ${option.display}`}
                    onClick={() =>
                      onChange(
                        chosenList.filter((held) => held.code !== option.code),
                        fieldPathId.path,
                      )
                    }
                    className="rounded px-1 text-blue-700 hover:bg-blue-100 focus-visible:outline-2 focus-visible:outline-blue-600"
                  >
                    <span aria-hidden="true">×</span>
                  </button>
                )}
              </li>
            ))}
          </ul>
        )}
        <Combobox value={chosen} onChange={choose} by="code" onClose={() => setTyped('')} immediate>
          <div className="relative">
            <ComboboxInput
              id={id}
              className={INPUT_CLASSES}
              autoComplete="off"
              aria-required={required || undefined}
              aria-invalid={rawErrors && rawErrors.length > 0 ? true : undefined}
              displayValue={(option: CodedOption | null) => option?.display ?? ''}
              placeholder={`Type ${CODED_SEARCH_MIN} or more characters`}
              onChange={(event) => setTyped(event.target.value)}
            />
            {offered.length > 0 && typed.trim().length >= CODED_SEARCH_MIN && (
              <ComboboxOptions modal={false} anchor={{ to: 'bottom start', gap: 4 }} className={ANCHORED_OPTIONS_CLASSES}>
                {offered.map((option) => (
                  <ComboboxOption key={option.code} value={option} className={OPTION_CLASSES}>
                    <span>{option.display}</span> <span className="font-mono text-xs text-slate-500">{option.code}</span>
                  </ComboboxOption>
                ))}
              </ComboboxOptions>
            )}
          </div>
        </Combobox>
        {hint && (
          <Description as="p" aria-live="polite" className={`text-xs ${full ? 'font-medium text-slate-700' : 'text-slate-500'}`}>
            {hint}
          </Description>
        )}
      </Field>
      {rawErrors?.map((error) => (
        <p key={error} className="text-xs text-red-700">
          {error}
        </p>
      ))}
    </div>
  );
}
