import { Radio, RadioGroup } from '@headlessui/react';
import { useEffect, useId, useRef, useState } from 'react';
import { recordSearchProps, type FilterProps, type recordSearchOptionsSchema } from '../../renderer/registries/filters/filterTypes';
import type { OptionsOf } from '../../renderer/registries/registryEntry';
import { LazyRecordCombobox } from '../../renderer/skin/LazyRecordCombobox';
import { CARE_TEAM_MODES, careTeamValue, withMember, withoutMember, type CareTeamMode } from './CareTeamFilter.utils';

const MODE_LABELS = { include: 'Include', exclude: 'Exclude' } as const satisfies Record<CareTeamMode, string>;
/** What each mode keeps (spec 001 section 4): the radio's tooltip and accessible description. */
const MODE_MEANINGS = {
  include: 'Shows the patients who have all of the chosen members',
  exclude: 'Shows the patients who have none of the chosen members',
} as const satisfies Record<CareTeamMode, string>;

/**
 * Care-team members (spec 001 section 4), added one by one with a record combobox and shown as
 * removable chips: Include keeps patients who have ALL of them, Exclude those who have NONE
 * (CareTeamFilter.utils.ts). The mode chosen before any member is added is kept here, not in the
 * list's state: a filter with no members filters nothing. It loads when a list draws it, Headless UI's
 * RadioGroup with it (index.ts).
 */
export function CareTeamFilter({ filter, value, onChange, options }: Omit<FilterProps, 'options'> & { options: OptionsOf<typeof recordSearchOptionsSchema> }) {
  const current = careTeamValue(value);
  const [draftMode, setDraftMode] = useState<CareTeamMode>(current?.mode ?? 'include');
  const mode = current?.mode ?? draftMode;
  const members = current?.members ?? [];
  const group = useRef<HTMLDivElement>(null);
  const meaningId = useId();
  // After a chip's removal, focus goes to the chip now at its place (or the last one, or the mode) rather than to the page.
  const focusAt = useRef<number | null>(null);
  useEffect(() => {
    if (focusAt.current === null) return;
    const removes = group.current?.querySelectorAll<HTMLElement>('[data-remove]') ?? [];
    (removes[Math.min(focusAt.current, removes.length - 1)] ?? group.current?.querySelector<HTMLElement>('[role="radio"][aria-checked="true"]'))?.focus();
    focusAt.current = null;
  }, [members.length]);
  const changeMode = (next: CareTeamMode) => {
    setDraftMode(next);
    if (current) onChange({ ...current, mode: next });
  };
  return (
    <div ref={group} className="flex flex-wrap items-end gap-2">
      <RadioGroup
        value={mode}
        onChange={changeMode}
        aria-label={`${filter.label} mode`}
        className="inline-flex shrink-0 rounded-md bg-white ring-1 ring-inset ring-slate-300"
      >
        {CARE_TEAM_MODES.map((choice) => (
          // Named for what it includes ("Include Care Team members"), the visible word first. The ring shows for
          // keyboard focus, raised above the neighbouring option so that its fill does not cover it.
          <Radio
            key={choice}
            value={choice}
            aria-label={`${MODE_LABELS[choice]} ${filter.label} members`}
            aria-describedby={`${meaningId}-${choice}`}
            title={MODE_MEANINGS[choice]}
            className="cursor-pointer px-2.5 py-1.5 text-sm font-medium text-slate-700 first:rounded-l-md last:rounded-r-md focus-visible:relative focus-visible:z-10 focus-visible:outline-2 focus-visible:outline-offset-2 focus-visible:outline-blue-600 data-[checked]:bg-blue-700 data-[checked]:text-white"
          >
            {MODE_LABELS[choice]}
          </Radio>
        ))}
        {CARE_TEAM_MODES.map((choice) => (
          <span key={choice} id={`${meaningId}-${choice}`} hidden>
            {MODE_MEANINGS[choice]}
          </span>
        ))}
      </RadioGroup>
      <div className="w-56">
        <LazyRecordCombobox {...recordSearchProps(filter, options)} value={null} onChange={(chosen) => chosen && onChange(withMember(value, mode, chosen))} />
      </div>
      {members.length > 0 && (
        <ul aria-label={`${filter.label} members`} className="flex flex-wrap gap-1 pb-1">
          {members.map((member, index) => (
            <li
              key={member.id}
              className="inline-flex items-center gap-0.5 rounded-full bg-slate-100 py-0.5 pl-2.5 pr-1 text-xs text-slate-800 ring-1 ring-inset ring-slate-300"
            >
              {member.label}
              <button
                type="button"
                data-remove
                aria-label={`Remove ${member.label}`}
                onClick={() => {
                  focusAt.current = index;
                  onChange(withoutMember(value, member.id));
                }}
                className="rounded-full px-1 text-slate-500 hover:bg-slate-200 hover:text-slate-900 focus-visible:outline-2 focus-visible:outline-blue-600"
              >
                <span aria-hidden="true">×</span>
              </button>
            </li>
          ))}
        </ul>
      )}
    </div>
  );
}
