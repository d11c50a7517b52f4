import { describe, expect, it } from 'vitest';
import { isChoosableCareTeamRole, mayJoinCareTeam } from '../../src/domain/careTeam';
import { CARE_TEAM_ROLES, CHOOSABLE_CARE_TEAM_ROLES } from '../../src/domain/enums';

describe('the care team picker rule (spec 001 section 6)', () => {
  const staff = { role: 'clinician', tenant_id: 1, is_active: true };
  it("admits active staff of the patient's provider and internal staff (no provider)", () => {
    expect(mayJoinCareTeam(staff, 1)).toBe(true);
    expect(mayJoinCareTeam({ ...staff, role: 'internal_clinician', tenant_id: null }, 1)).toBe(true);
  });
  it("refuses patient accounts, another provider's staff and disabled accounts", () => {
    expect(mayJoinCareTeam({ ...staff, role: 'patient' }, 1)).toBe(false);
    expect(mayJoinCareTeam(staff, 2)).toBe(false);
    expect(mayJoinCareTeam({ ...staff, is_active: false }, 1)).toBe(false);
  });
});

describe('care team roles (spec 001 section 3)', () => {
  it('all exist on records; every one but billing_provider may be chosen', () => {
    expect(CARE_TEAM_ROLES.filter((role) => !isChoosableCareTeamRole(role))).toEqual(['billing_provider']);
    expect(CHOOSABLE_CARE_TEAM_ROLES).toEqual(['rpm_clinician', 'rtm_clinician', 'ccm_clinician', 'pcm_clinician', 'provider_success', 'other']);
    expect(isChoosableCareTeamRole('nurse')).toBe(false);
  });
});
