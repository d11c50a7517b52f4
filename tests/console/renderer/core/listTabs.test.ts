import { describe, expect, it } from 'vitest';
import type { ListBody } from '../../../../schemas/screen';
import usersListJson from '../../../../screens/users.list.json';
import { queryWithTab, tabInQuery } from '../../../../src/console/renderer/core/listTabs';
import { screenRegistries } from '../../../../src/console/features';
import { validateScreen } from '../../../../src/console/renderer/validation/validateScreen';

const body: ListBody = {
  resource: 'patients',
  tabs: [
    { key: 'all', label: 'All' },
    { key: 'consented', label: 'Consented', filter: { 'patient_status[eq]': 'consented' } },
    { key: 'disabled', label: 'Unenrolled', filter: { 'patient_status[eq]': 'disabled' } },
  ],
  tabParam: 'status',
  columns: [{ field: 'id' }],
};
const query = (text: string) => new URLSearchParams(text);

describe('the tab of a list in its address', () => {
  it('reads the tab the parameter names', () => {
    expect(tabInQuery(body, query('status=consented'))).toBe('consented');
    expect(tabInQuery(body, query('q=x&status=disabled'))).toBe('disabled');
  });

  it('falls back to the first tab without the parameter or for a tab the list does not have', () => {
    expect(tabInQuery(body, query(''))).toBe('all');
    expect(tabInQuery(body, query('status=archived'))).toBe('all');
    expect(tabInQuery(body, query('tab=consented'))).toBe('all');
  });

  it('has no tab for a list without tabs', () => {
    expect(tabInQuery({ resource: 'patients', columns: [{ field: 'id' }] }, query('status=consented'))).toBeNull();
  });

  it('writes the chosen tab into the parameter and keeps the other parameters', () => {
    expect(queryWithTab(body, query('page=2&status=consented'), 'disabled').toString()).toBe('page=2&status=disabled');
    expect(queryWithTab(body, query(''), 'consented').toString()).toBe('status=consented');
  });

  it('leaves the parameter out for the default tab, so the plain address stays plain', () => {
    expect(queryWithTab(body, query('status=consented&x=1'), 'all').toString()).toBe('x=1');
  });

  it('does not change the query it is given', () => {
    const given = query('status=consented');
    queryWithTab(body, given, 'disabled');
    expect(given.toString()).toBe('status=consented');
  });
});

describe('a definition of a list with tabs', () => {
  const usersList = () => structuredClone(usersListJson) as Record<string, unknown>;

  it('must name the query parameter that keeps the tab', () => {
    const { tabParam: _, ...withoutParam } = usersList();
    expect(validateScreen(usersList(), 'screens/users.list.json', screenRegistries)).toEqual([]);
    expect(validateScreen(withoutParam, 'screens/users.list.json', screenRegistries)).toContain(
      'screens/users.list.json: /: must have property tabParam when property tabs is present',
    );
  });

  it('may make the row click depend on fields the entity has', () => {
    const broken = { ...usersList(), rowClickWhen: { eq: ['activ', true] } };
    expect(validateScreen(broken, 'screens/users.list.json', screenRegistries)).toContain(
      'screens/users.list.json: /rowClickWhen/eq: no field "activ" in the User entity schema',
    );
  });
});
