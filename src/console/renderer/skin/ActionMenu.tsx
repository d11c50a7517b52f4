import { Popover, PopoverButton, PopoverPanel } from '@headlessui/react';
import type { ReactNode } from 'react';

/**
 * A button that shows more actions below it (a record header's menu). The panel stays mounted
 * while closed, hidden: its actions keep their dialogs open after the menu closes. It is not
 * anchored in a portal of its own, so that those dialogs render in the page's portal, not in the hidden panel.
 */
export function ActionMenu({ label, children }: { label: string; children: ReactNode }) {
  return (
    <Popover className="relative">
      <PopoverButton className="inline-flex items-center justify-center gap-1 rounded-md bg-white px-3 py-1.5 text-sm font-medium text-slate-900 ring-1 ring-inset ring-slate-300 hover:bg-slate-50 focus-visible:outline-2 focus-visible:outline-offset-2 focus-visible:outline-blue-600">
        {label}
        <span aria-hidden="true">▾</span>
      </PopoverButton>
      <PopoverPanel
        unmount={false}
        className="absolute right-0 z-30 mt-1 flex min-w-52 flex-col gap-1 rounded-md bg-white p-2 shadow-lg ring-1 ring-black/5 [&_button]:w-full [&_button]:justify-start"
      >
        {({ close }) => (
          // Choosing an action closes the menu; its dialog, if any, opens over the page.
          <div className="contents" onClick={() => close()}>
            {children}
          </div>
        )}
      </PopoverPanel>
    </Popover>
  );
}
