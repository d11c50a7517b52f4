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
