import { EMPTY_TEXT } from '../../../../domain/emptyText';
import { defineCell } from '../../../renderer/registries/cells/cellTypes';
import { NO_OPTIONS } from '../../../renderer/registries/registryEntry';
import { conceptTerms, dosageText } from './dosageText';

/** A medication statement's dosage: "10 mg, twice a day". */
export const dosageCell = defineCell(NO_OPTIONS, function DosageCell({ value }) {
  return <span>{dosageText(value) || EMPTY_TEXT}</span>;
});

/** Coded concepts (an allergy's reactions) as a list of their terms. */
export const codedListCell = defineCell(NO_OPTIONS, function CodedListCell({ value }) {
  const terms = conceptTerms(value);
  if (terms.length === 0) return <span>{EMPTY_TEXT}</span>;
  return (
    <ul className="flex flex-wrap gap-1">
      {terms.map((term) => (
        <li key={term} className="rounded bg-slate-100 px-1.5 py-0.5 text-xs text-slate-700">
          {term}
        </li>
      ))}
    </ul>
  );
});
