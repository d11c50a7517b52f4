import { INPUT_CLASSES } from '../../renderer/skin/inputClasses';

/**
 * Until the care-team filter's code arrives: its Include and Exclude switch and its search box as
 * they stand, disabled and marked busy, so that the filter bar does not move when the filter replaces them.
 */
export function CareTeamFilterLoading() {
  return (
    <div className="flex flex-wrap items-end gap-2" aria-busy="true">
      <div aria-hidden="true" className="inline-flex shrink-0 rounded-md bg-white ring-1 ring-inset ring-slate-300">
        <span className="px-2.5 py-1.5 text-sm font-medium text-slate-400">Include</span>
        <span className="px-2.5 py-1.5 text-sm font-medium text-slate-400">Exclude</span>
      </div>
      <div aria-hidden="true" className="w-56">
        <span className="block text-xs font-medium">&nbsp;</span>
        <input className={`${INPUT_CLASSES} mt-1`} tabIndex={-1} disabled readOnly />
      </div>
    </div>
  );
}
