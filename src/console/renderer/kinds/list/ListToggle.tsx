import { LazyChoiceSwitch } from '../../skin/LazyChoiceControls';
import { useListContext } from './ListContext';

/** The list's preference switch, labelled with what it shows now ('Showing Patients in my Care' / 'Showing all Patients'). */
export function ListToggle() {
  const { body, toggle } = useListContext();
  if (!body.toggle) return null;
  return (
    <LazyChoiceSwitch
      checked={toggle.on}
      onChange={toggle.set}
      label={toggle.on ? body.toggle.labels.on : body.toggle.labels.off}
      labelClassName="text-sm font-medium text-slate-800"
    />
  );
}
