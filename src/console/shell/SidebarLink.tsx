import { Link } from 'wouter';
import type { MenuItem } from './menuItems';

const BASE = 'block rounded-md px-3 py-1.5 text-sm';

/** One menu item; the active one is marked for assistive technology as well as by colour. */
export function SidebarLink({ item, active, onNavigate }: { item: MenuItem; active: boolean; onNavigate: () => void }) {
  return (
    <li>
      <Link
        href={item.path}
        onClick={onNavigate}
        aria-current={active ? 'page' : undefined}
        className={active ? `${BASE} bg-blue-50 font-semibold text-blue-800` : `${BASE} text-slate-700 hover:bg-slate-100 hover:text-slate-900`}
      >
        {item.label}
      </Link>
    </li>
  );
}
