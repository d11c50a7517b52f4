// @vitest-environment jsdom
import { screen } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import type { ApiRow } from '../../../../src/console/renderer/core/context';
import { screenRegistries } from '../../../../src/console/features';
import '../../helpers/dom';
import { fixtureApi } from '../../helpers/fixtureApi';
import { useMswServer } from '../../helpers/msw';
import { renderPart } from '../../helpers/renderPart';

const server = useMswServer();
const cellRegistry = screenRegistries.cells;

/** Renders a cell of the registry as a list or a summary would. */
function renderCell(
  name: keyof typeof cellRegistry,
  value: unknown,
  { record = {}, options = {} }: { record?: ApiRow; options?: Record<string, unknown> } = {},
) {
  const { Component } = cellRegistry[name];
  return renderPart(
    <span data-testid="cell">
      <Component value={value} record={{ ...record }} options={options} />
    </span>,
  );
}
const cellText = () => screen.getByTestId('cell').textContent;

describe('cells', () => {
  it('text: the value, or a dash', () => {
    renderCell('text', 'TH-100');
    expect(cellText()).toBe('TH-100');
  });

  it('text with lines: the line breaks of the value are kept (a summary’s paragraphs)', () => {
    renderCell('text', 'Readings were recorded.\n\nNo symptoms were reported.', { options: { lines: true } });
    const text = screen.getByText(/Readings were recorded/);
    expect(text.textContent).toBe('Readings were recorded.\n\nNo symptoms were reported.');
    expect(text.className).toContain('whitespace-pre-line');
  });

  it('date: the day in the user time zone (America/New_York in the fixtures)', () => {
    renderCell('date', '2026-06-01T02:00:00Z');
    expect(cellText()).toBe('05/31/2026');
  });

  it('datetime: date and time in the user zone, in a <time> element', () => {
    renderCell('datetime', '2026-06-01T02:00:00Z');
    expect(screen.getByText('05/31/2026, 10:00 PM').tagName).toBe('TIME');
  });

  it('relative: words within 7 days, the exact time on hover', () => {
    renderCell('relative', new Date(Date.now() - 2 * 86_400_000).toISOString());
    expect(cellText()).toBe('2 days ago');
    expect(screen.getByText('2 days ago')).toHaveAttribute('title');
  });

  it('imei: as stored, grouped by 4 for a Tenovi gateway or when asked', () => {
    renderCell('imei', 'A1B2C3D4E5F6', { record: { device_type: 'tenovi_gateway' } });
    expect(cellText()).toBe('A1B2-C3D4-E5F6');
  });

  it('imei: another device keeps its IMEI; grouped: true forces groups', () => {
    const { unmount } = renderCell('imei', '356938035643809', { record: { device_type: 'blood_pressure' } });
    expect(cellText()).toBe('356938035643809');
    unmount();
    renderCell('imei', 'A1B2C3D4E5F6', { options: { grouped: true } });
    expect(cellText()).toBe('A1B2-C3D4-E5F6');
  });

  it("signal: the spec's words, 'Not Reported' without one", () => {
    const { unmount } = renderCell('signal', 4);
    expect(cellText()).toBe('Excellent');
    unmount();
    renderCell('signal', undefined);
    expect(cellText()).toBe('Not Reported');
  });

  it('badge: the humanized code (or its label) in its tone', () => {
    renderCell('badge', 'pending_return_to_manufacturer', { options: { tones: { pending_return_to_manufacturer: 'yellow' } } });
    expect(screen.getByText('Pending Return to Manufacturer')).toHaveClass('bg-yellow-50');
  });

  it('badge: a label from the definition; a dash without a value', () => {
    const { unmount } = renderCell('badge', 'cgm', { options: { labels: { cgm: 'CGM' } } });
    expect(cellText()).toBe('CGM');
    unmount();
    renderCell('badge', null);
    expect(cellText()).toBe('—');
  });

  it('duration_mmss: seconds as mm:ss', () => {
    renderCell('duration_mmss', 125);
    expect(cellText()).toBe('02:05');
  });

  it('phone: a US number formatted', () => {
    renderCell('phone', '+15551234567');
    expect(cellText()).toBe('(555) 123-4567');
  });

  it('money: US dollars, from a number or the numeric text PostgreSQL answers', () => {
    const first = renderCell('money', 49);
    expect(cellText()).toBe('$49.00');
    first.unmount();
    const second = renderCell('money', '1234.5');
    expect(cellText()).toBe('$1,234.50');
    second.unmount();
    renderCell('money', null);
    expect(cellText()).toBe('—');
  });

  it('percent: a number with %', () => {
    renderCell('percent', 80);
    expect(cellText()).toBe('80%');
  });

  it('boolean: Yes and No, or the definition words', () => {
    const { unmount } = renderCell('boolean', true);
    expect(cellText()).toBe('Yes');
    unmount();
    renderCell('boolean', false, { options: { no: 'Not shared' } });
    expect(cellText()).toBe('Not shared');
  });

  it('link: to a console path filled from the record', () => {
    renderCell('link', 'Ada Byron', { record: { patient_id: 30 }, options: { to: '/patients/{patient_id}/show' } });
    expect(screen.getByRole('link', { name: 'Ada Byron' })).toHaveAttribute('href', '/patients/30/show');
  });

  it('case: the first case that holds for the record (the location label of a device)', () => {
    const options = {
      cases: [
        { when: { set: 'patient_id' }, text: 'With Patient' },
        { when: { set: 'location_id' }, text: 'At location' },
      ],
      else: 'Unknown',
    };
    const { unmount } = renderCell('case', null, { record: { patient_id: 3, location_id: 10 }, options });
    expect(cellText()).toBe('With Patient');
    unmount();
    const second = renderCell('case', null, { record: { patient_id: null, location_id: 10 }, options });
    expect(cellText()).toBe('At location');
    second.unmount();
    renderCell('case', null, { record: {}, options });
    expect(cellText()).toBe('Unknown');
  });

  it('reference: the referenced record by one of its fields, linked when asked', async () => {
    server.use(...fixtureApi().handlers);
    renderCell('reference', 30, { options: { resource: 'patients', label: 'user.full_name', to: '/patients/{id}/show' } });
    expect(cellText()).toBe('#30');
    expect(await screen.findByRole('link', { name: 'Ada Byron' })).toHaveAttribute('href', '/patients/30/show');
  });

  it('measurement: the first reading with its unit', () => {
    renderCell('measurement', [{ name: 'oxygen_saturation', value: 97, unit: { text: '%' } }]);
    expect(cellText()).toBe('97 %');
  });

  it('activity: a device event in words by its type', () => {
    renderCell('activity', { issue_type: 'battery', description: 'Drains fast' }, { record: { activity_type: 'issue_report' } });
    expect(cellText()).toBe('Battery: Drains fast');
  });

  it('age: whole years of 365.25 days, with the sex field when named', () => {
    const born = new Date();
    born.setUTCFullYear(born.getUTCFullYear() - 40, born.getUTCMonth(), born.getUTCDate() - 3);
    renderCell('age', born.toISOString().slice(0, 10), { record: { gender: 'Female' }, options: { sex: 'gender' } });
    expect(cellText()).toBe('40 years, Female');
  });

  it('age: a dash without a date', () => {
    renderCell('age', null);
    expect(cellText()).toBe('—');
  });

  it('phones: the primary number, the others with their labels in a tooltip', () => {
    const numbers = { mobile: { field: 'mobile', label: 'Mobile' }, home: { field: 'home', label: 'Home' } };
    renderCell('phones', undefined, { record: { mobile: '5551234567', home: '5559876543', kind: 'home' }, options: { numbers, primary: 'kind' } });
    expect(screen.getByRole('tooltip', { hidden: true })).toHaveTextContent('Mobile: (555) 123-4567');
    expect(cellText()).toMatch(/^\(555\) 987-6543/);
  });

  it('phones: one number without a tooltip, a dash without any', () => {
    const numbers = { mobile: { field: 'mobile', label: 'Mobile' }, home: { field: 'home', label: 'Home' } };
    const { unmount } = renderCell('phones', undefined, { record: { mobile: null, home: '5559876543' }, options: { numbers } });
    expect(cellText()).toBe('(555) 987-6543');
    expect(screen.queryByRole('tooltip', { hidden: true })).toBeNull();
    unmount();
    renderCell('phones', undefined, { record: {}, options: { numbers } });
    expect(cellText()).toBe('—');
  });

  it("patient_phone: the patient's primary number, the others with their labels in a tooltip", () => {
    renderCell('patient_phone', { mobile_phone_number: '+15551234567', home_phone_number: '+15559876543', primary_phone_number_type: 'home' });
    expect(cellText()).toMatch(/^\(555\) 987-6543/);
    expect(screen.getByRole('tooltip', { hidden: true })).toHaveTextContent('Mobile: (555) 123-4567');
  });

  it('patient_phone: the first number present when the primary type has none, else the account number, else a dash', () => {
    const { unmount } = renderCell('patient_phone', { mobile_phone_number: null, facility_phone_number: '+15550001111', primary_phone_number_type: 'mobile' });
    expect(cellText()).toBe('(555) 000-1111');
    unmount();
    const account = renderCell('patient_phone', { phone_number: '+15551234567' });
    expect(cellText()).toBe('(555) 123-4567');
    account.unmount();
    renderCell('patient_phone', { mobile_phone_number: '', phone_number: null });
    expect(cellText()).toBe('—');
  });

  it("badge: a code by the features' labels where humanizing would misspell it (CGM, FreeStyle Libre)", () => {
    const { unmount } = renderCell('badge', 'cgm');
    expect(cellText()).toBe('CGM');
    unmount();
    const maker = renderCell('badge', 'freestylelibre');
    expect(cellText()).toBe('FreeStyle Libre');
    maker.unmount();
    renderCell('badge', 'blood_pressure');
    expect(cellText()).toBe('Blood Pressure');
  });

  it('email: the address with a verified or unverified icon', () => {
    const { unmount } = renderCell('email', 'ada@example.com', { record: { verified: true }, options: { verified: 'verified' } });
    expect(screen.getByRole('img', { name: 'Verified' })).toBeInTheDocument();
    unmount();
    renderCell('email', 'ada@example.com', { record: { verified: false }, options: { verified: 'verified' } });
    expect(screen.getByRole('img', { name: 'Unverified' })).toBeInTheDocument();
  });

  it('tags: each code a badge of a list, a dash for none', () => {
    const { unmount } = renderCell('tags', ['E11.9', 'I10']);
    expect(screen.getAllByRole('listitem').map((item) => item.textContent)).toEqual(['E11.9', 'I10']);
    unmount();
    const labelled = renderCell('tags', ['rpm', 'ccm'], { options: { labels: { rpm: 'RPM' } } });
    expect(screen.getAllByRole('listitem').map((item) => item.textContent)).toEqual(['RPM', 'ccm']);
    labelled.unmount();
    renderCell('tags', []);
    expect(cellText()).toBe('—');
  });

  it("dosage: a medication statement's dose and how often, as a clinician reads it", () => {
    renderCell('dosage', { dose_quantity: { value: 10, unit: 'mg' }, timing: { frequency: 2, period: 1, periodUnit: 'd' }, as_needed: true });
    expect(cellText()).toBe('10 mg, twice a day, as needed');
  });

  it("coded_list: an allergy's reactions by their terms, a dash for none", () => {
    const list = renderCell('coded_list', [
      { code: '126485001', display: 'Urticaria' },
      { code: '56018004', display: 'Wheezing' },
    ]);
    expect(screen.getAllByRole('listitem').map((item) => item.textContent)).toEqual(['Urticaria', 'Wheezing']);
    list.unmount();
    renderCell('coded_list', []);
    expect(cellText()).toBe('—');
  });

  it('covers every cell of the registry', () => {
    expect(Object.keys(cellRegistry).sort()).toEqual([
      'activity',
      'age',
      'attendance_check_out',
      'attendance_details',
      'badge',
      'boolean',
      'care_time',
      'case',
      'cents',
      'clinical_activity_details',
      'coded_list',
      'date',
      'datetime',
      'device_readings',
      'document_link',
      'dosage',
      'duration_mmss',
      'email',
      'fee_pricing',
      'imei',
      'inline_edit',
      'last_login',
      'latest_readings',
      'link',
      'measurement',
      'money',
      'monitoring_activity',
      'observations',
      'open_tasks',
      'patient_phone',
      'percent',
      'phone',
      'phones',
      'progress',
      'reference',
      'relative',
      'report_range',
      'run_status',
      'services',
      'signal',
      'tags',
      'task',
      'task_due',
      'text',
      'time_range',
      'triage',
      'voice_call_details',
    ]);
  });
});
