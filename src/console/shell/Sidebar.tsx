import { Dialog, DialogPanel, DialogTitle } from '@headlessui/react';
import type { Viewer } from './menuAccess';
import { SidebarNav } from './SidebarNav';
import type { SidebarControl } from './useSidebar';

const PRODUCT_NAME = 'Care Console';
const PRODUCT = <span className="block px-6 py-4 text-lg font-semibold text-slate-900">{PRODUCT_NAME}</span>;

interface SidebarProps {
  viewer: Viewer;
  control: SidebarControl;
  collapseOnClick: boolean;
  /** Shown whole under the product's name in the drawer (internal users have none but the product's): a phone's top bar may shorten it. */
  organisationName: string;
}

/**
 * The sidebar: beside the page on desktop (hidden when collapsed), a drawer under 768 px. With
 * the 'collapse sidebar on click' preference a menu click also collapses it on desktop.
 */
export function Sidebar({ viewer, control, collapseOnClick, organisationName }: SidebarProps) {
  if (control.isMobile) {
    return (
      <Dialog open={control.mobileOpen} onClose={control.closeMobile} className="fixed inset-0 z-40">
        <div className="fixed inset-0 bg-slate-900/40" aria-hidden="true" />
        <DialogPanel id="sidebar" className="fixed inset-y-0 left-0 flex w-72 max-w-[85vw] flex-col bg-white shadow-xl">
          <DialogTitle as="div">{PRODUCT}</DialogTitle>
          {organisationName !== PRODUCT_NAME && <p className="-mt-3 px-6 pb-3 text-sm break-words text-slate-700">{organisationName}</p>}
          <SidebarNav viewer={viewer} onNavigate={control.closeMobile} />
        </DialogPanel>
      </Dialog>
    );
  }
  if (!control.expanded) return null;
  return (
    <aside id="sidebar" className="flex w-64 shrink-0 flex-col border-r border-slate-200 bg-white">
      {PRODUCT}
      <SidebarNav viewer={viewer} onNavigate={collapseOnClick ? control.collapse : () => undefined} />
    </aside>
  );
}
