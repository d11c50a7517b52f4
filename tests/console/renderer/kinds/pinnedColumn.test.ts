import { describe, expect, it } from 'vitest';
import { pinnedColumn } from '../../../../src/console/renderer/kinds/list/pinnedColumn';

describe('the column a wide list keeps in view', () => {
  it('is the one that names the row', () => {
    expect(pinnedColumn(['name', 'tenant_id', 'created_at'])).toBe(0);
    expect(pinnedColumn(['priority', 'user.full_name', 'birthdate'])).toBe(1);
    expect(pinnedColumn(['email', 'full_name'])).toBe(1);
  });

  it('is not a name of someone else than the row', () => {
    expect(pinnedColumn(['created_on', 'device.external_id', 'actor_name'])).toBe(0);
  });

  it('is the first column when none names the row', () => {
    expect(pinnedColumn(['external_id', 'device_type'])).toBe(0);
    expect(pinnedColumn([])).toBe(0);
  });
});
