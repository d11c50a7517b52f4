import { Field, Label, Switch } from '@headlessui/react';
import { useListContext } from './ListContext';

/** The list's preference switch, labelled with what it shows now ('Showing Patients in my Care' / 'Showing all Patients'). */
export function ListToggle() {
  const { body, toggle } = useListContext();
  if (!body.toggle) return null;
  return (
    <Field className="flex items-center gap-2 self-end pb-1.5">
      <Switch
        checked={toggle.on}
        onChange={toggle.set}
        className="group relative inline-flex h-5 w-9 shrink-0 rounded-full bg-slate-300 transition focus-visible:outline-2 focus-visible:outline-offset-2 focus-visible:outline-blue-600 data-[checked]:bg-blue-700"
      >
        <span className="pointer-events-none inline-block size-4 translate-x-0.5 translate-y-0.5 rounded-full bg-white shadow transition group-data-[checked]:translate-x-4" />
      </Switch>
      <Label className="text-sm font-medium text-slate-800">{toggle.on ? body.toggle.labels.on : body.toggle.labels.off}</Label>
    </Field>
  );
}
