import { Dialog, DialogPanel, DialogTitle } from '@headlessui/react';
import type { ReactNode } from 'react';

interface Props {
  open: boolean;
  title: string;
  /** Blocking dialogs pass nothing: Escape and a click outside must not dismiss them. */
  onClose?: () => void;
  children: ReactNode;
  role?: 'dialog' | 'alertdialog';
}

/** The skin of the shell's dialogs (focus trapped, background inert). */
export function Modal({ open, title, onClose, children, role = 'dialog' }: Props) {
  return (
    <Dialog open={open} onClose={onClose ?? (() => undefined)} role={role} className="fixed inset-0 z-50 flex items-center justify-center p-4">
      <div className="fixed inset-0 bg-slate-900/50" aria-hidden="true" />
      <DialogPanel className="relative w-full max-w-md rounded-lg bg-white p-6 shadow-xl">
        <DialogTitle className="text-lg font-semibold text-slate-900">{title}</DialogTitle>
        <div className="mt-3 text-sm text-slate-700">{children}</div>
      </DialogPanel>
    </Dialog>
  );
}
