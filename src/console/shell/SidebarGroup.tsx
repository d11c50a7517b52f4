import { Disclosure, DisclosureButton, DisclosurePanel } from '@headlessui/react';
import { useId } from 'react';
import type { MenuGroup } from './menuItems';
import { SidebarLink } from './SidebarLink';

interface Props {
  group: MenuGroup;
  activePath: string | undefined;
  onNavigate: () => void;
}

const LABEL = 'px-3 text-xs font-semibold uppercase tracking-wide text-slate-600';

/** A menu group: always open, or (Administrative Tools, Customer Service) a disclosure closed by default. */
export function SidebarGroup({ group, activePath, onNavigate }: Props) {
  const labelId = useId();
  const links = (
    <ul className="mt-1 space-y-0.5" aria-labelledby={labelId}>
      {group.items.map((item) => (
        <SidebarLink key={item.path} item={item} active={item.path === activePath} onNavigate={onNavigate} />
      ))}
    </ul>
  );
  if (!group.collapsedByDefault) {
    return (
      <div className="mt-4">
        <h2 id={labelId} className={LABEL}>
          {group.label}
        </h2>
        {links}
      </div>
    );
  }
  // Opened at first when the current page is one of its items, so the highlight is never hidden.
  const holdsActive = group.items.some((item) => item.path === activePath);
  return (
    <Disclosure as="div" className="mt-4" defaultOpen={holdsActive}>
      <DisclosureButton id={labelId} className={`${LABEL} group flex w-full items-center justify-between rounded-md py-1 text-left hover:text-slate-900`}>
        {group.label}
        <svg aria-hidden="true" viewBox="0 0 20 20" fill="currentColor" className="size-4 transition-transform group-data-open:rotate-90">
          <path
            fillRule="evenodd"
            d="M7.2 14.8a.75.75 0 0 1 0-1.06L10.94 10 7.2 6.26a.75.75 0 1 1 1.06-1.06l4.27 4.27a.75.75 0 0 1 0 1.06l-4.27 4.27a.75.75 0 0 1-1.06 0Z"
          />
        </svg>
      </DisclosureButton>
      <DisclosurePanel>{links}</DisclosurePanel>
    </Disclosure>
  );
}
