import { useLocation } from 'wouter';
import { CallDock } from '../features/calling/CallDock';
import { ErrorBoundary } from './ErrorBoundary';
import { IdleDialog } from './IdleDialog';
import { MfaRequiredDialog } from './MfaRequiredDialog';
import { mustEnableMfa } from './mfaRequirement';
import { PageHeaderProvider } from './pageHeader';
import { PageHeading } from './PageHeading';
import type { ShellSession } from './shellSession';
import { ShellRoutes } from './ShellRoutes';
import { Sidebar } from './Sidebar';
import { TopBar } from './TopBar';
import { useSidebar } from './useSidebar';
import { useTimeZoneSync } from './useTimeZoneSync';
import { VersionPrompt } from './VersionPrompt';

/** The signed-in layout: sidebar, top bar, the page, and the blocking dialogs of spec 000 section 2.8. */
export function Shell({ shell }: { shell: ShellSession }) {
  const sidebar = useSidebar();
  const [location] = useLocation();
  useTimeZoneSync(shell.identity);
  const mfaBlocked = mustEnableMfa(
    { isInternal: shell.identity.is_internal, mfaEnabled: shell.identity.mfa_enabled },
    { environment: shell.site.environment, isDemo: shell.site.is_demo },
  );
  return (
    <PageHeaderProvider>
      <a href="#main" className="sr-only focus:not-sr-only focus:absolute focus:left-2 focus:top-2 focus:z-50 focus:rounded focus:bg-white focus:p-2">
        Skip to main content
      </a>
      <div className="flex h-dvh bg-slate-50">
        <Sidebar
          viewer={shell.viewer}
          control={sidebar}
          collapseOnClick={shell.identity.settings?.collapse_sidebar_on_click === true}
          organisationName={shell.organisationName}
        />
        <div className="flex min-w-0 flex-1 flex-col">
          <TopBar shell={shell} sidebar={sidebar} />
          <main id="main" tabIndex={-1} className="flex-1 overflow-y-auto p-4 md:p-6">
            <PageHeading />
            <ErrorBoundary resetKey={location}>
              <ShellRoutes shell={shell} />
            </ErrorBoundary>
          </main>
        </div>
      </div>
      {/* The phone call's panel: outside the page, so that a call goes on from page to page. */}
      <CallDock />
      <IdleDialog />
      <VersionPrompt />
      {mfaBlocked && <MfaRequiredDialog />}
    </PageHeaderProvider>
  );
}
