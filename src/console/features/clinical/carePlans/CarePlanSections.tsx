import { Disclosure, DisclosureButton, DisclosurePanel } from '@headlessui/react';
import { CarePlanBadge } from './CarePlanBadge';
import { planSections, type PlanSection } from './carePlanRecords';

const NOTHING_WRITTEN = 'Nothing written';

function SectionText({ label, value }: { label: string; value: string }) {
  return (
    <div>
      <dt className="text-xs font-semibold uppercase tracking-wide text-slate-500">{label}</dt>
      {/* The clinician's line breaks are the text's structure (steps, lists): kept. */}
      <dd className={`mt-1 whitespace-pre-line text-sm ${value.trim() === '' ? 'italic text-slate-500' : 'text-slate-900'}`}>
        {value.trim() === '' ? NOTHING_WRITTEN : value}
      </dd>
    </div>
  );
}

function SectionCard({ section }: { section: PlanSection }) {
  return (
    <li className="rounded-md bg-white ring-1 ring-slate-200">
      {/* Included sections open; excluded ones are closed at first but can be read. */}
      <Disclosure defaultOpen={section.is_active}>
        <h4>
          <DisclosureButton className="group flex w-full items-center justify-between gap-3 rounded-md px-4 py-3 text-left focus-visible:outline-2 focus-visible:outline-offset-2 focus-visible:outline-blue-600">
            <span className="flex flex-wrap items-center gap-2 text-sm font-medium text-slate-900">
              {section.label} {!section.is_active && <CarePlanBadge tone="inactive">Inactive</CarePlanBadge>}
            </span>
            <svg
              aria-hidden="true"
              viewBox="0 0 20 20"
              fill="currentColor"
              className="size-4 shrink-0 text-slate-500 transition-transform group-data-open:rotate-180"
            >
              <path
                fillRule="evenodd"
                d="M5.22 8.22a.75.75 0 0 1 1.06 0L10 11.94l3.72-3.72a.75.75 0 1 1 1.06 1.06l-4.25 4.25a.75.75 0 0 1-1.06 0L5.22 9.28a.75.75 0 0 1 0-1.06Z"
              />
            </svg>
          </DisclosureButton>
        </h4>
        <DisclosurePanel as="dl" className={`grid gap-4 border-t border-slate-200 px-4 py-3 md:grid-cols-2 ${section.is_active ? '' : 'bg-slate-50'}`}>
          <SectionText label="Caregiver instructions" value={section.caregiver_instructions} />
          <SectionText label="Patient goals" value={section.patient_goals} />
        </DisclosurePanel>
      </Disclosure>
    </li>
  );
}

/** A plan's 12 sections in the spec's order, read only: each its label, 'Inactive' when excluded, and its two texts. */
export function CarePlanSections({ content }: { content: unknown }) {
  return (
    <ol aria-label="Care plan sections" className="space-y-2">
      {planSections(content).map((section) => (
        <SectionCard key={section.key} section={section} />
      ))}
    </ol>
  );
}
