import { useLocation } from 'wouter';
import { activeMenuPath } from './activeMenuPath';
import { HELP_CENTRE_URL } from './externalLinks';
import { visibleMenu, type Viewer } from './menuAccess';
import { MENU_GROUPS } from './menuItems';
import { SidebarGroup } from './SidebarGroup';

/** The sidebar's content: the groups the viewer may see, then Help (spec 000 section 2.1). */
export function SidebarNav({ viewer, onNavigate }: { viewer: Viewer; onNavigate: () => void }) {
  const [location] = useLocation();
  const groups = visibleMenu(MENU_GROUPS, viewer);
  const activePath = activeMenuPath(
    location,
    groups.flatMap((group) => group.items.map((item) => item.path)),
  );
  return (
    <nav aria-label="Main" className="flex h-full flex-col overflow-y-auto px-3 pb-4">
      <div className="flex-1">
        {groups.map((group) => (
          <SidebarGroup key={group.id} group={group} activePath={activePath} onNavigate={onNavigate} />
        ))}
      </div>
      <a
        href={HELP_CENTRE_URL}
        target="_blank"
        rel="noopener noreferrer"
        className="mt-6 block rounded-md px-3 py-1.5 text-sm text-slate-700 hover:bg-slate-100 hover:text-slate-900"
      >
        Help <span aria-hidden="true">↗</span>
        <span className="sr-only"> (opens in a new tab)</span>
      </a>
    </nav>
  );
}
