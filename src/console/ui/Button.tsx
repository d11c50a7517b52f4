import { useId, type ButtonHTMLAttributes } from 'react';

const VARIANTS = {
  primary: 'bg-blue-700 text-white hover:bg-blue-800 disabled:bg-blue-300',
  secondary: 'bg-white text-slate-800 ring-1 ring-inset ring-slate-300 hover:bg-slate-50 disabled:text-slate-400',
  danger: 'bg-red-700 text-white hover:bg-red-800 disabled:bg-red-300',
  ghost: 'text-slate-700 hover:bg-slate-100 disabled:text-slate-400',
} as const;

/** Compact in the screens' toolbars and dialogs; roomier in the shell's pages and prompts. */
const SIZES = {
  sm: 'px-3 py-1.5',
  md: 'px-4 py-2',
} as const;

export interface ButtonProps extends ButtonHTMLAttributes<HTMLButtonElement> {
  variant?: keyof typeof VARIANTS;
  size?: keyof typeof SIZES;
  /** Why a disabled button is disabled: its tooltip and its accessible description. */
  disabledReason?: string | undefined;
}

/** The console's button, for the shell and the screens alike; focus stays visible for keyboard users. */
export function Button({ variant = 'secondary', size = 'sm', className = '', type = 'button', disabledReason, ...props }: ButtonProps) {
  const reasonId = useId();
  const reason = props.disabled ? disabledReason : undefined;
  return (
    <>
      <button
        type={type}
        className={`inline-flex items-center justify-center gap-1 rounded-md ${SIZES[size]} text-sm font-medium focus-visible:outline-2 focus-visible:outline-offset-2 focus-visible:outline-blue-600 disabled:cursor-not-allowed ${VARIANTS[variant]} ${className}`}
        {...(reason ? { title: reason, 'aria-describedby': reasonId } : {})}
        {...props}
      />
      {reason && (
        <span id={reasonId} hidden>
          {reason}
        </span>
      )}
    </>
  );
}
