import { LazyChoiceListbox, preloadChoiceControls } from '../../skin/LazyChoiceControls';
import { choicesSchema, defineFilter } from './filterTypes';

/** Any of several values: `field[in]`. */
export const multiselectFilter = {
  ...defineFilter(
    { type: 'object', properties: { choices: choicesSchema }, additionalProperties: false },
    function MultiselectFilter({ filter, value, onChange, options }) {
      const choices = options.choices ?? filter.choices;
      const chosen = Array.isArray(value) ? value : [];
      const labels = choices.filter((choice) => chosen.includes(choice.value)).map((choice) => choice.label);
      return (
        <LazyChoiceListbox
          label={filter.label}
          className="relative w-56"
          value={chosen}
          onChange={(next: unknown[]) => onChange(next)}
          text={labels.length > 0 ? labels.join(', ') : 'All'}
          choices={choices}
          multiple
          buttonClassName="truncate"
        />
      );
    },
  ),
  // Its listbox loads on demand (skin/LazyChoiceControls.tsx); preloadScreenParts starts it with the list.
  preload: preloadChoiceControls,
};
