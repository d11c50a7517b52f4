import { useId, useState, type ButtonHTMLAttributes } from 'react';

const VARIANTS = {
  primary: 'bg-blue-700 text-white hover:bg-blue-800 disabled:bg-blue-300 aria-disabled:bg-blue-300',
  secondary:
    'bg-white text-slate-800 ring-1 ring-inset ring-slate-300 hover:bg-slate-50 disabled:text-slate-400 aria-disabled:bg-white aria-disabled:text-slate-400',
  danger: 'bg-red-700 text-white hover:bg-red-800 disabled:bg-red-300 aria-disabled:bg-red-300',
  ghost: 'text-slate-700 hover:bg-slate-100 disabled:text-slate-400 aria-disabled:bg-transparent aria-disabled:text-slate-400',
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

/**
 * The console's button, for the shell and the screens alike; focus stays visible for keyboard users.
 * A button disabled for a stated reason is not `disabled` but `aria-disabled`: a disabled button gets
 * no hover in some browsers and no keyboard focus in any, so its tooltip would never show and a
 * screen reader user tabbing through would never hear why. It stays focusable, ignores clicks, and
 * shows the reason as a tooltip on hover and focus (Escape hides it), which is also its description.
 */
export function Button({ variant = 'secondary', size = 'sm', className = '', type = 'button', disabledReason, ...props }: ButtonProps) {
  const reasonId = useId();
  const [tipShown, setTipShown] = useState(false);
  const classes = `inline-flex items-center justify-center gap-1 rounded-md ${SIZES[size]} text-sm font-medium focus-visible:outline-2 focus-visible:outline-offset-2 focus-visible:outline-blue-600 disabled:cursor-not-allowed aria-disabled:cursor-not-allowed ${VARIANTS[variant]} ${className}`;
  const reason = props.disabled ? disabledReason : undefined;
  if (!reason) return <button type={type} className={classes} {...props} />;
  const { disabled: _disabled, onClick: _onClick, onFocus, onBlur, onKeyDown, 'aria-describedby': describedBy, ...rest } = props;
  return (
    <span className="relative inline-flex" onMouseEnter={() => setTipShown(true)} onMouseLeave={() => setTipShown(false)}>
      <button
        type={type}
        className={classes}
        {...rest}
        aria-disabled="true"
        aria-describedby={describedBy ? `${describedBy} ${reasonId}` : reasonId}
        onClick={(event) => event.preventDefault()}
        onFocus={(event) => {
          setTipShown(true);
          onFocus?.(event);
        }}
        onBlur={(event) => {
          setTipShown(false);
          onBlur?.(event);
        }}
        onKeyDown={(event) => {
          if (event.key === 'Escape') setTipShown(false);
          onKeyDown?.(event);
        }}
      />
      <span
        id={reasonId}
        role="tooltip"
        hidden={!tipShown}
        className="pointer-events-none absolute left-0 top-full z-20 mt-1 w-max max-w-xs rounded bg-slate-800 px-2 py-1 text-xs font-normal text-white shadow"
      >
        {reason}
      </span>
    </span>
  );
}
