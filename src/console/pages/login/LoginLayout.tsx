import type { ReactNode } from 'react';
import { MARKETING_URL, REQUEST_DEMO_URL } from '../../shell/externalLinks';
import { usePageHeader } from '../../shell/pageHeader';

const HEADER_LINK = 'rounded-md px-3 py-1.5 text-sm font-medium text-slate-700 hover:bg-slate-100 hover:text-slate-900';

/** The frame of every /login view: header links (spec 000 section 2.2) and a card titled by the view. */
export function LoginLayout({ title, children }: { title: string; children: ReactNode }) {
  usePageHeader(title);
  return (
    <div className="min-h-dvh bg-slate-50">
      <header className="flex items-center justify-between gap-4 border-b border-slate-200 bg-white px-4 py-3 sm:px-8">
        <a href={MARKETING_URL} className={HEADER_LINK}>
          <span aria-hidden="true">← </span>Back to website
        </a>
        <a href={REQUEST_DEMO_URL} className={`${HEADER_LINK} border border-slate-300`}>
          Request a demo
        </a>
      </header>
      <main className="mx-auto w-full max-w-md px-4 py-10 sm:py-16">
        <p className="mb-6 text-center text-xl font-semibold text-slate-900">Care Console</p>
        <section className="rounded-lg border border-slate-200 bg-white p-6 shadow-sm sm:p-8" aria-labelledby="login-title">
          <h1 id="login-title" className="mb-6 text-2xl font-semibold text-slate-900">
            {title}
          </h1>
          {children}
        </section>
      </main>
    </div>
  );
}
