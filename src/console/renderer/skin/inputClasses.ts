/** The look of text inputs, selects and listbox buttons, shared by filters and forms. */
export const INPUT_CLASSES =
  'block w-full rounded-md border-0 bg-white px-3 py-1.5 text-sm text-slate-900 ring-1 ring-inset ring-slate-300 placeholder:text-slate-400 focus:ring-2 focus:ring-inset focus:ring-blue-600 disabled:bg-slate-50 disabled:text-slate-500';
export const OPTIONS_CLASSES =
  'absolute z-20 mt-1 max-h-60 w-full min-w-48 overflow-auto rounded-md bg-white py-1 text-sm shadow-lg ring-1 ring-black/5 focus:outline-none';
export const OPTION_CLASSES =
  'cursor-default select-none px-3 py-1.5 text-slate-900 data-[focus]:bg-blue-600 data-[focus]:text-white data-[selected]:font-semibold';

/** OPTIONS_CLASSES' look as an anchored panel (Headless UI `anchor`): as wide as the input, above a dialog, never cut by its edge. */
export const ANCHORED_OPTIONS_CLASSES =
  'z-[60] max-h-60 w-[var(--input-width)] overflow-auto rounded-md bg-white py-1 text-sm shadow-lg ring-1 ring-black/5 [--anchor-max-height:15rem] focus:outline-none empty:invisible';

/** A switch's track and, inside it, its knob (Headless UI's Switch sets data-checked). */
export const SWITCH_CLASSES =
  'group relative inline-flex h-5 w-9 shrink-0 rounded-full bg-slate-300 transition focus-visible:outline-2 focus-visible:outline-offset-2 focus-visible:outline-blue-600 data-[checked]:bg-blue-700';
export const SWITCH_KNOB_CLASSES =
  'pointer-events-none inline-block size-4 translate-x-0.5 translate-y-0.5 rounded-full bg-white shadow transition group-data-[checked]:translate-x-4';

/** A listbox button's classes, with any of its own (`truncate`). */
export const listboxButtonClasses = (extra?: string) => [INPUT_CLASSES, 'mt-1', extra, 'text-left'].filter(Boolean).join(' ');
