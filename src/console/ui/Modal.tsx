import { Dialog, DialogPanel, DialogTitle } from '@headlessui/react';
import { useMemo, useRef, type ReactNode } from 'react';

const WIDTHS = {
  md: 'max-w-md',
  lg: 'max-w-lg',
  /** A chart with its table (the clinical record's chart dialog). */
  xl: 'max-w-4xl',
} as const;

interface ModalProps {
  open: boolean;
  title: string;
  /** Blocking dialogs pass nothing: Escape and a click outside must not dismiss them. */
  onClose?: (() => void) | undefined;
  /** An alertdialog asks for an answer before anything else (the idle and MFA prompts). */
  role?: 'dialog' | 'alertdialog';
  /** A prompt of a few words is narrower than a form. */
  width?: keyof typeof WIDTHS;
  children: ReactNode;
}

/** What a dialog's focus starts on: its first field, else its first button (a prompt's safe answer comes first). */
const FIELD = 'input:not([type="hidden"]):not([disabled]), select:not([disabled]), textarea:not([disabled])';
const BUTTON = 'button:not([disabled])';

/** The console's dialog, for the shell's prompts and the screens' actions (Headless UI traps the focus; the background is inert). */
export function Modal({ open, title, onClose, role = 'dialog', width = 'lg', children }: ModalProps) {
  const panel = useRef<HTMLDivElement>(null);
  // Read when the dialog opens, not when it renders: the element to focus is found in the shown panel. A
  // child that took the focus itself (autoFocus, the idle prompt's "Stay signed in") keeps it.
  const initialFocus = useMemo(
    () => ({
      get current(): HTMLElement | null {
        const shown = panel.current;
        if (!shown) return null;
        const active = shown.ownerDocument.activeElement;
        if (active instanceof HTMLElement && active !== shown && shown.contains(active)) return active;
        return shown.querySelector<HTMLElement>(FIELD) ?? shown.querySelector<HTMLElement>(BUTTON);
      },
    }),
    [],
  );
  return (
    // The dialog element itself covers the window (not a zero-size wrapper of fixed children), so that
    // it has a box: browsers and test tools that judge visibility by it see the dialog as shown.
    <Dialog
      open={open}
      onClose={onClose ?? (() => undefined)}
      role={role}
      initialFocus={initialFocus}
      className="fixed inset-0 z-50 flex items-center justify-center p-4"
    >
      <div className="fixed inset-0 bg-slate-900/40" aria-hidden="true" />
      <DialogPanel ref={panel} className={`relative max-h-[90vh] w-full ${WIDTHS[width]} overflow-y-auto rounded-lg bg-white p-6 shadow-xl`}>
        <DialogTitle className="mb-4 text-lg font-semibold text-slate-900">{title}</DialogTitle>
        {children}
      </DialogPanel>
    </Dialog>
  );
}
