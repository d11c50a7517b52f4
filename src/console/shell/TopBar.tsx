import { AccountMenu } from './AccountMenu';
import { DemoBadge } from './DemoBadge';
import { FEEDBACK_URL } from './externalLinks';
import type { ShellSession } from './shellSession';
import type { SidebarControl } from './useSidebar';

/**
 * The bar above every page: the sidebar control, the organisation, Feedback and the account menu.
 * Under 768 px the organisation may take two lines, Feedback waits in the account menu (it is there
 * too) and the menu's button shows the user's initials, so the name is not cut to nothing.
 */
export function TopBar({ shell, sidebar }: { shell: ShellSession; sidebar: SidebarControl }) {
  const open = sidebar.isMobile ? sidebar.mobileOpen : sidebar.expanded;
  return (
    <header className="flex items-center gap-2 border-b border-slate-200 bg-white px-2 py-2 md:gap-3 md:px-4">
      <button
        type="button"
        onClick={sidebar.toggle}
        aria-controls="sidebar"
        aria-expanded={open}
        aria-keyshortcuts="Control+B Meta+B"
        title="Toggle sidebar (Ctrl/Cmd+B)"
        className="shrink-0 rounded-md p-2 text-slate-700 hover:bg-slate-100"
      >
        <span aria-hidden="true" className="block text-lg leading-none">
          ☰
        </span>
        <span className="sr-only">Toggle sidebar</span>
      </button>
      <div className="flex min-w-0 flex-1 items-center gap-2">
        <span
          title={shell.organisationName}
          className="line-clamp-2 text-sm leading-tight font-medium break-words text-slate-900 md:line-clamp-none md:truncate md:text-base"
        >
          {shell.organisationName}
        </span>
        {shell.site.is_demo && <DemoBadge />}
      </div>
      {shell.viewer.isInternal && (
        <a
          href={FEEDBACK_URL}
          target="_blank"
          rel="noopener noreferrer"
          className="shrink-0 rounded-md border border-slate-300 px-3 py-1.5 text-sm text-slate-800 hover:bg-slate-50 max-md:hidden"
        >
          Feedback <span className="sr-only">(opens in a new tab)</span>
        </a>
      )}
      <AccountMenu viewer={shell.viewer} fullName={shell.identity.full_name} email={shell.identity.email} />
    </header>
  );
}
