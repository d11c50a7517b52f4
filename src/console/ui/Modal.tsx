import { Dialog, DialogPanel, DialogTitle } from '@headlessui/react';
import type { ReactNode } from 'react';

const WIDTHS = {
  md: 'max-w-md',
  lg: 'max-w-lg',
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

/** The console's dialog, for the shell's prompts and the screens' actions (Headless UI traps the focus; the background is inert). */
export function Modal({ open, title, onClose, role = 'dialog', width = 'lg', children }: ModalProps) {
  return (
    // The dialog element itself covers the window (not a zero-size wrapper of fixed children), so that
    // it has a box: browsers and test tools that judge visibility by it see the dialog as shown.
    <Dialog open={open} onClose={onClose ?? (() => undefined)} role={role} className="fixed inset-0 z-50 flex items-center justify-center p-4">
      <div className="fixed inset-0 bg-slate-900/40" aria-hidden="true" />
      <DialogPanel className={`relative max-h-[90vh] w-full ${WIDTHS[width]} overflow-y-auto rounded-lg bg-white p-6 shadow-xl`}>
        <DialogTitle className="mb-4 text-lg font-semibold text-slate-900">{title}</DialogTitle>
        {children}
      </DialogPanel>
    </Dialog>
  );
}
