import type { Filter } from '../../api/dataProvider.utils';
import type { ChosenRecord } from '../../renderer/core/filterQueries';

/**
 * Spec 001 section 4 "Care team filter": include keeps the patients who have ALL the listed members,
 * exclude those who have NONE of them; each mode is one operator of the API (section 7).
 */
const CARE_TEAM_OPERATORS = { include: 'inall', exclude: 'notin' } as const;
export type CareTeamMode = keyof typeof CARE_TEAM_OPERATORS;
export const CARE_TEAM_MODES = Object.keys(CARE_TEAM_OPERATORS) as CareTeamMode[];

/** What a care_team filter holds: never an empty list of members (no members is no filter). */
export interface CareTeamFilterValue {
  mode: CareTeamMode;
  members: readonly ChosenRecord[];
}

const isMode = (mode: unknown): mode is CareTeamMode => typeof mode === 'string' && Object.hasOwn(CARE_TEAM_OPERATORS, mode);

/** The value as held, or undefined for anything that is not one with members (unset, or a bad `initialFilters`). */
export function careTeamValue(value: unknown): CareTeamFilterValue | undefined {
  if (typeof value !== 'object' || value === null) return undefined;
  const { mode, members } = value as Partial<CareTeamFilterValue>;
  return isMode(mode) && Array.isArray(members) && members.length > 0 ? { mode, members } : undefined;
}

/** The member added (once) in the mode shown: `withMember(undefined, 'exclude', {id: 4, label: 'Ann Lee'})`. */
export function withMember(value: unknown, mode: CareTeamMode, member: ChosenRecord): CareTeamFilterValue {
  const members = careTeamValue(value)?.members ?? [];
  return { mode, members: members.some((m) => m.id === member.id) ? members : [...members, member] };
}

/** The member taken out; without the last one the filter is cleared (undefined). */
export function withoutMember(value: unknown, id: ChosenRecord['id']): CareTeamFilterValue | undefined {
  const current = careTeamValue(value);
  return careTeamValue(current && { ...current, members: current.members.filter((m) => m.id !== id) });
}

/** The query of a value: `{field}[inall]` or `{field}[notin]` with the members' ids; nothing without members. */
export function careTeamQuery(field: string, value: unknown): Filter {
  const current = careTeamValue(value);
  return current ? { [`${field}[${CARE_TEAM_OPERATORS[current.mode]}]`]: current.members.map((m) => m.id) } : {};
}
