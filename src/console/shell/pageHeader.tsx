import { createContext, useContext, useEffect, useState, type ReactNode } from 'react';

export interface Breadcrumb {
  label: string;
  /** A console route; the last crumb (the current page) has none. */
  path?: string;
}

export interface PageHeader {
  title: string;
  breadcrumbs: readonly Breadcrumb[];
}

const PRODUCT_NAME = 'Care Console';
const EMPTY: PageHeader = { title: '', breadcrumbs: [] };
const PageHeaderContext = createContext<{ header: PageHeader; setHeader: (header: PageHeader) => void }>({
  header: EMPTY,
  setHeader: () => undefined,
});

/** Holds the title and breadcrumbs that the current page declares. */
export function PageHeaderProvider({ children }: { children: ReactNode }) {
  const [header, setHeader] = useState<PageHeader>(EMPTY);
  return <PageHeaderContext.Provider value={{ header, setHeader }}>{children}</PageHeaderContext.Provider>;
}

/**
 * Every page declares its title and breadcrumbs (spec 000 section 2.1); the shell shows them and
 * names the browser tab. `usePageHeader('Providers', [{ label: 'Providers', path: '/providers' }, { label: name }])`.
 */
export function usePageHeader(title: string, breadcrumbs: readonly Breadcrumb[] = [{ label: title }]): void {
  const { setHeader } = useContext(PageHeaderContext);
  const crumbs = JSON.stringify(breadcrumbs);
  useEffect(() => {
    setHeader({ title, breadcrumbs: JSON.parse(crumbs) as Breadcrumb[] });
    document.title = title ? `${title} · ${PRODUCT_NAME}` : PRODUCT_NAME;
  }, [title, crumbs, setHeader]);
}

/** The header the shell renders above the page. */
export function useCurrentPageHeader(): PageHeader {
  return useContext(PageHeaderContext).header;
}
