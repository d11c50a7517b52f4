// @vitest-environment jsdom
import { describe, expect, it } from 'vitest';
import { readSidebarExpanded, sidebarCookie } from '../../../src/console/shell/sidebarCookie';

describe('sidebar cookie', () => {
  it('keeps the state for 7 days', () => {
    expect(sidebarCookie(false)).toBe('sidebar_state=false; path=/; max-age=604800; samesite=lax');
  });

  it('reads the state among other cookies, expanded by default', () => {
    expect(readSidebarExpanded('')).toBe(true);
    expect(readSidebarExpanded('a=1; sidebar_state=false; b=2')).toBe(false);
    expect(readSidebarExpanded('sidebar_state=true')).toBe(true);
    expect(readSidebarExpanded('other_sidebar_state=false')).toBe(true);
  });
});
