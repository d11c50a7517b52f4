// @vitest-environment jsdom
import { screen } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import type { ApiRow } from '../../../../src/console/renderer/core/context';
import { screenRegistries } from '../../../../src/console/features';
import '../../helpers/dom';
import { renderPart } from '../../helpers/renderPart';

const cellRegistry = screenRegistries.cells;

function renderCell(
  name: 'progress' | 'services' | 'cents' | 'document_link',
  value: unknown,
  { record = {}, options = {} }: { record?: ApiRow; options?: Record<string, unknown> } = {},
) {
  const { Component } = cellRegistry[name];
  return renderPart(
    <span data-testid="cell">
      <Component value={value} record={record} options={options} />
    </span>,
  );
}
const cell = () => screen.getByTestId('cell');

// Wednesday June 17th 2026 in New York (the fixtures' zone): 13 of June's 22 weekdays have passed.
beforeEach(() => {
  vi.useFakeTimers({ toFake: ['Date'] });
  vi.setSystemTime(new Date('2026-06-17T16:00:00Z'));
});
afterEach(() => vi.useRealTimers());

const june = { start_date: '2026-06-01' };

describe('progress', () => {
  it('a bar and its percentage, on pace in words for a screen reader and in the tooltip', () => {
    renderCell('progress', 0.62, { record: june });
    expect(cell()).toHaveTextContent('62%, on pace');
    expect(cell().querySelector('[title]')).toHaveAttribute('title', '62%, on pace');
    expect(cell().querySelector('[aria-hidden="true"] > span')).toHaveStyle({ width: '62%' });
  });

  it('behind pace: yellow within 0.1 of the share of weekdays, red below, with an arrow and words (spec 001 section 9)', () => {
    const { unmount } = renderCell('progress', 0.5, { record: june });
    expect(cell()).toHaveTextContent('50% ↓, slightly behind pace');
    expect(cell().querySelector('.bg-yellow-500')).not.toBeNull();
    unmount();
    renderCell('progress', 0.45, { record: june });
    expect(cell()).toHaveTextContent('45% ↓, behind pace');
    expect(cell().querySelector('.bg-red-600')).not.toBeNull();
  });

  it("judges a past month on its whole length: the row's month, not today's", () => {
    renderCell('progress', 0.95, { record: { start_date: '2026-05-01' } });
    expect(cell()).toHaveTextContent('95% ↓, slightly behind pace');
  });

  it('the dash for a program the patient is not in', () => {
    renderCell('progress', null, { record: june });
    expect(cell().textContent).toBe('—');
  });
});

describe('services', () => {
  const services = [
    {
      cpt_code: '99454',
      program: 'rpm',
      measure: 'days',
      value: 9,
      max_value: 16,
      progress: 0.5625,
      units: 0,
      remaining: 7,
      status: 'in_progress',
      claimable: false,
    },
    {
      cpt_code: '99457',
      program: 'rpm',
      measure: 'minutes',
      value: 1320,
      max_value: 2400,
      progress: 0.55,
      units: 1,
      remaining: 1080,
      status: 'in_progress',
      claimable: true,
    },
    {
      cpt_code: '99091',
      program: 'rpm',
      measure: 'minutes',
      value: 1800,
      max_value: 1800,
      progress: 1,
      units: 1,
      remaining: 0,
      status: 'excluded',
      claimable: false,
    },
    {
      cpt_code: '99424',
      program: 'pcm',
      measure: 'minutes',
      value: 0,
      max_value: 1800,
      progress: 0,
      units: 0,
      remaining: 1800,
      status: 'not_started',
      claimable: false,
    },
  ];

  it("one line per code of the view's program: value of max, units, status, what is left highlighted", () => {
    renderCell('services', services, { record: june, options: { program: 'rpm' } });
    const lines = screen.getAllByRole('listitem');
    expect(lines.map((line) => line.textContent)).toEqual([
      '99454 9 / 16 days (slightly behind pace) 7 days left',
      '99457 22 / 40 min (slightly behind pace) x11 unit earned 18 min left',
      '99091 30 / 30 min x11 unit earned excluded',
    ]);
    // What is left stands out (spec 002 section 9); units are read as words.
    expect(screen.getByText('7 days left').className).toMatch(/amber/);
    expect(screen.getAllByText('x1').every((units) => units.getAttribute('aria-hidden') === 'true')).toBe(true);
  });

  it('the dash when the patient has no service of the program', () => {
    renderCell('services', services, { record: june, options: { program: 'ccm' } });
    expect(cell().textContent).toBe('—');
  });
});

describe('cents', () => {
  it('an amount in cents as dollars with 2 decimals, a dash for none', () => {
    const { unmount } = renderCell('cents', 123456);
    expect(cell()).toHaveTextContent('$1,234.56');
    unmount();
    renderCell('cents', null);
    expect(cell().textContent).toBe('—');
  });
});

describe('document_link', () => {
  it('a link opened in a new tab, a dash without a link', () => {
    const { unmount } = renderCell('document_link', '/api/invoices/9/pdf?signature=abc', { options: { text: 'Download PDF' } });
    const link = cell().querySelector('a');
    expect(link).toHaveAttribute('href', '/api/invoices/9/pdf?signature=abc');
    expect(link).toHaveAttribute('target', '_blank');
    expect(link).toHaveAttribute('rel', 'noopener noreferrer');
    expect(link).toHaveTextContent('Download PDF');
    unmount();
    renderCell('document_link', null, { options: { text: 'Download PDF' } });
    expect(cell().textContent).toBe('—');
  });
});
