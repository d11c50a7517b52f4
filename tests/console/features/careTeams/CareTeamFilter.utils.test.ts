import { describe, expect, it } from 'vitest';
import { careTeamValue, withMember, withoutMember } from '../../../../src/console/features/careTeams/CareTeamFilter.utils';

const ann = { id: 7, label: 'Ann Lee' };
const bo = { id: 9, label: 'Bo Park' };

describe('care team filter values', () => {
  it('adds a member once, in the mode shown', () => {
    expect(withMember(undefined, 'exclude', ann)).toEqual({ mode: 'exclude', members: [ann] });
    expect(withMember({ mode: 'include', members: [ann] }, 'include', bo)).toEqual({ mode: 'include', members: [ann, bo] });
    expect(withMember({ mode: 'include', members: [ann, bo] }, 'include', { id: 7, label: 'Ann Lee' })).toEqual({ mode: 'include', members: [ann, bo] });
  });

  it('removes a member; removing the last one clears the filter', () => {
    expect(withoutMember({ mode: 'exclude', members: [ann, bo] }, 7)).toEqual({ mode: 'exclude', members: [bo] });
    expect(withoutMember({ mode: 'exclude', members: [bo] }, 9)).toBeUndefined();
    expect(withoutMember(undefined, 9)).toBeUndefined();
  });

  it('holds only a known mode with members', () => {
    expect(careTeamValue({ mode: 'include', members: [ann] })).toEqual({ mode: 'include', members: [ann] });
    expect(careTeamValue({ mode: 'include', members: [] })).toBeUndefined();
    expect(careTeamValue({ mode: 'either', members: [ann] })).toBeUndefined();
    expect(careTeamValue({ mode: 'toString', members: [ann] })).toBeUndefined();
    expect(careTeamValue('include')).toBeUndefined();
  });
});
