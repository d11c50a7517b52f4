/** A tab of a Headless UI tab list: underlined when selected (tabs screens, the record panel). */
export const TAB_CLASSES =
  '-mb-px border-b-2 border-transparent text-sm text-slate-600 hover:text-slate-900 focus-visible:outline-2 focus-visible:outline-blue-600 data-[selected]:border-blue-700 data-[selected]:font-medium data-[selected]:text-slate-900';

/** A sub-tab (a tab within a tab): a segment of a pill bar, filled when selected. */
export const SUB_TAB_CLASSES =
  'rounded px-3 py-1.5 text-sm text-slate-600 hover:text-slate-900 focus-visible:outline-2 focus-visible:outline-blue-600 data-[selected]:bg-white data-[selected]:font-medium data-[selected]:text-slate-900 data-[selected]:shadow-sm';

/** A side tab (a record's settings pages): a row of a column, filled when selected; a pill in a wrapping row on a narrow screen. */
export const SIDE_TAB_CLASSES =
  'rounded-md px-3 py-2 text-left text-sm text-slate-600 hover:bg-slate-100 hover:text-slate-900 focus-visible:outline-2 focus-visible:outline-blue-600 data-[selected]:bg-blue-50 data-[selected]:font-medium data-[selected]:text-blue-800';
