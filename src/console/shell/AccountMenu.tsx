import { Menu, MenuButton, MenuItem, MenuItems, MenuSeparator } from '@headlessui/react';
import { Link } from 'wouter';
import { session } from '../api/session';
import { RUNNING_SIGNATURE } from './consoleSignature';
import { visibleItems, type Viewer } from './menuAccess';
import { ACCOUNT_MENU } from './menuItems';

const ITEM = 'block w-full px-4 py-2 text-left text-sm text-slate-700 data-focus:bg-slate-100 data-focus:text-slate-900';

/** "Alex Northam" -> "AN": the button's face on a phone, where the whole name would crowd out the organisation. */
const initialsOf = (name: string) =>
  name
    .split(/\s+/)
    .filter(Boolean)
    .map((part) => part[0] ?? '')
    .filter((_, i, all) => i === 0 || i === all.length - 1)
    .join('')
    .toUpperCase();

/** The account menu of spec 000 section 2.1, opened from the user's name. */
export function AccountMenu({ viewer, fullName, email }: { viewer: Viewer; fullName: string; email: string }) {
  return (
    <Menu as="div" className="relative">
      <MenuButton className="flex shrink-0 items-center gap-1 rounded-md px-1.5 py-1 text-sm font-medium whitespace-nowrap text-slate-800 hover:bg-slate-100 md:px-3 md:py-1.5">
        <span aria-hidden="true" className="grid size-8 place-items-center rounded-full bg-slate-200 text-xs font-semibold text-slate-800 md:hidden">
          {initialsOf(fullName)}
        </span>
        <span className="max-md:sr-only">{fullName}</span> <span aria-hidden="true">▾</span>
      </MenuButton>
      {/* Not modal and not in a portal: a menu leaves the page readable, and its items stay inside the banner landmark. */}
      <MenuItems
        modal={false}
        className="absolute right-0 top-full z-30 mt-1 w-60 rounded-md border border-slate-200 bg-white py-1 shadow-lg focus:outline-none"
      >
        <div className="px-4 py-2 text-xs text-slate-600">
          <p>{email}</p>
          <p>Console version {RUNNING_SIGNATURE.version}</p>
        </div>
        <MenuSeparator className="my-1 h-px bg-slate-200" />
        {visibleItems(ACCOUNT_MENU, viewer).map((item) => (
          <MenuItem key={item.label}>
            {'path' in item.to ? (
              <Link href={item.to.path} className={ITEM}>
                {item.label}
              </Link>
            ) : (
              <a href={item.to.href} target="_blank" rel="noopener noreferrer" className={ITEM}>
                {item.label} <span className="sr-only">(opens in a new tab)</span>
              </a>
            )}
          </MenuItem>
        ))}
        <MenuSeparator className="my-1 h-px bg-slate-200" />
        <MenuItem>
          <button type="button" className={ITEM} onClick={() => void session.logout()}>
            Log out
          </button>
        </MenuItem>
      </MenuItems>
    </Menu>
  );
}
