import { usePageHeader } from './pageHeader';

/** Stands for a page whose screen is not rendered yet: its title, so that navigation can be tried. */
export function PlaceholderPage({ title }: { title: string }) {
  usePageHeader(title);
  return <p className="text-slate-600">This page is being built.</p>;
}
