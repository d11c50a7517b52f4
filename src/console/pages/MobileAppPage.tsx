import { useMemo } from 'react';
import { useSearch } from 'wouter';
import { usePageHeader } from '../shell/pageHeader';
import { EmailVerificationNotice } from './login/EmailVerificationNotice';
import { useEmailVerification } from './login/useEmailVerification';
import { APP_LISTING } from './mobileApp/appListing';
import { Screenshot } from './mobileApp/Screenshot';
import { storeStyleFor, type StoreStyle } from './mobileApp/storeStyle';

const STYLE = {
  'app-store': {
    region: 'App Store preview',
    store: 'App Store',
    action: 'Get',
    button: 'rounded-full bg-blue-600 px-6 py-1.5 text-sm font-semibold uppercase tracking-wide text-white hover:bg-blue-700',
    icon: 'rounded-[22%]',
    about: 'Description',
    contact: 'Information',
  },
  'google-play': {
    region: 'Google Play preview',
    store: 'Google Play',
    action: 'Install',
    button: 'rounded-lg bg-green-700 px-8 py-2 text-sm font-medium text-white hover:bg-green-800',
    icon: 'rounded-2xl',
    about: 'About this app',
    contact: 'App support',
  },
} as const satisfies Record<StoreStyle, unknown>;

const LINK = 'text-blue-700 underline hover:text-blue-900 focus-visible:outline-2 focus-visible:outline-blue-600';

/**
 * The mobile-app preview page (spec 000 section 2.3; route /mobile-app, README): the app as its
 * store shows it, App Store style on iPhone, iPad and iPod, Google Play style elsewhere: name,
 * Free, 17+, English, the description, drawn screenshots and the contact links (website, support,
 * privacy policy). Like /login it sends a `?verifyEmailCode=` to POST auth/verify once and says how it went.
 */
export default function MobileAppPage() {
  const search = useSearch();
  const code = useMemo(() => new URLSearchParams(search).get('verifyEmailCode')?.trim() ?? '', [search]);
  const verification = useEmailVerification(code || null);
  const storeStyle = storeStyleFor(navigator.userAgent, navigator.maxTouchPoints);
  const style = STYLE[storeStyle];
  usePageHeader(APP_LISTING.name);
  const facts = [
    { term: 'Price', value: APP_LISTING.price },
    { term: 'Age rating', value: APP_LISTING.ageRating },
    { term: 'Language', value: APP_LISTING.language },
    { term: 'Category', value: APP_LISTING.category },
  ];

  return (
    <div className="min-h-dvh bg-white">
      <main className="mx-auto w-full max-w-3xl space-y-8 px-4 py-8 sm:py-12" aria-label={style.region}>
        <EmailVerificationNotice verification={verification} />
        <p className="text-xs font-medium uppercase tracking-wide text-slate-600">{style.store}</p>
        <header className="flex items-start gap-5">
          <div
            aria-hidden="true"
            className={`grid size-24 shrink-0 place-items-center bg-gradient-to-br from-blue-600 to-sky-400 text-3xl font-bold text-white shadow ${style.icon}`}
          >
            CC
          </div>
          <div className="min-w-0 space-y-1">
            <h1 className="text-2xl font-semibold text-slate-900">{APP_LISTING.name}</h1>
            <p className="text-sm text-slate-700">{APP_LISTING.subtitle}</p>
            <p className="text-sm text-slate-600">{APP_LISTING.developer}</p>
            <a
              href={APP_LISTING.stores[storeStyle]}
              target="_blank"
              rel="noopener noreferrer"
              aria-label={`${style.action} on ${style.store} (opens in a new tab)`}
              className={`mt-2 inline-flex ${style.button}`}
            >
              {style.action}
            </a>
          </div>
        </header>
        <dl className="grid grid-cols-2 gap-4 border-y border-slate-200 py-4 text-center sm:grid-cols-4" aria-label="App facts">
          {facts.map((fact) => (
            <div key={fact.term}>
              <dt className="text-xs uppercase tracking-wide text-slate-600">{fact.term}</dt>
              <dd className="text-base font-semibold text-slate-900">{fact.value}</dd>
            </div>
          ))}
        </dl>
        <section aria-labelledby="app-screenshots" className="space-y-3">
          <h2 id="app-screenshots" className="text-lg font-semibold text-slate-900">
            {storeStyle === 'app-store' ? 'Preview' : 'Screenshots'}
          </h2>
          <div className="flex snap-x gap-4 overflow-x-auto pb-2" tabIndex={0} role="group" aria-label="Screenshots">
            {APP_LISTING.screenshots.map((shot) => (
              <Screenshot key={shot.key} shot={shot.key} caption={shot.caption} />
            ))}
          </div>
        </section>
        <section aria-labelledby="app-about" className="space-y-3 text-sm text-slate-800">
          <h2 id="app-about" className="text-lg font-semibold text-slate-900">
            {style.about}
          </h2>
          {APP_LISTING.description.map((paragraph) => (
            <p key={paragraph}>{paragraph}</p>
          ))}
        </section>
        <section aria-labelledby="app-contact" className="space-y-3 text-sm">
          <h2 id="app-contact" className="text-lg font-semibold text-slate-900">
            {style.contact}
          </h2>
          <ul className="space-y-2">
            <li>
              <a className={LINK} href={APP_LISTING.links.website} target="_blank" rel="noopener noreferrer">
                Website
              </a>
            </li>
            <li>
              <a className={LINK} href={APP_LISTING.links.support} target="_blank" rel="noopener noreferrer">
                Support
              </a>
            </li>
            <li>
              <a className={LINK} href={APP_LISTING.links.privacy} target="_blank" rel="noopener noreferrer">
                Privacy Policy
              </a>
            </li>
          </ul>
        </section>
      </main>
    </div>
  );
}
