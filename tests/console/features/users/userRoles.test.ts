import { describe, expect, it } from 'vitest';
import { offeredRoles, roleLabel, takesAccessLevel, texts } from '../../../../src/console/features/users/userRoles';

describe('the internal roles of the Roles tab', () => {
  it('never offers superadmin, whatever the server lists', () => {
    expect(offeredRoles([{ role: 'superadmin' }, { role: 'internal_admin' }, { role: 'internal_clinician' }]).map((r) => r.role)).toEqual([
      'internal_admin',
      'internal_clinician',
    ]);
  });

  it('gives a patient access level to every role but the three admin roles', () => {
    expect(['superadmin', 'internal_admin', 'internal_billing_admin'].map(takesAccessLevel)).toEqual([false, false, false]);
    expect(takesAccessLevel('internal_clinician')).toBe(true);
    expect(takesAccessLevel(undefined)).toBe(false);
  });

  it('words roles and the spec texts', () => {
    expect(roleLabel('internal_billing_admin')).toBe('Internal Billing Admin');
    expect(texts.roleUpdated('internal_clinician')).toBe('Role updated to internal_clinician');
  });
});
