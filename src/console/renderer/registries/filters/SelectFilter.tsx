import { LazyChoiceListbox, preloadChoiceControls } from '../../skin/LazyChoiceControls';
import { choicesSchema, defineFilter } from './filterTypes';

/** Sentinel of the "All" option: Listbox values cannot be undefined. */
const ALL = '__all__';

/** One value of the field's enum (or of `choices`), or All: `field[eq]`. */
export const selectFilter = {
  ...defineFilter(
    { type: 'object', properties: { choices: choicesSchema }, additionalProperties: false },
    function SelectFilter({ filter, value, onChange, options }) {
      const choices = options.choices ?? filter.choices;
      const current = choices.find((choice) => choice.value === value);
      return (
        <LazyChoiceListbox
          label={filter.label}
          className="relative w-48"
          value={current ? current.value : ALL}
          onChange={(next: unknown) => onChange(next === ALL ? undefined : next)}
          text={current?.label ?? 'All'}
          choices={[{ value: ALL, label: 'All' }, ...choices]}
        />
      );
    },
  ),
  // Its listbox loads on demand (skin/LazyChoiceControls.tsx); preloadScreenParts starts it with the list.
  preload: preloadChoiceControls,
};
