// @vitest-environment jsdom
import { screen } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { clinicalAssessmentsFeature } from '../../../../../src/console/features/clinical/assessments';
import '../../../helpers/dom';
import { renderPart } from '../../../helpers/renderPart';

const { triage: TriageCell, run_status: RunStatusCell } = {
  triage: clinicalAssessmentsFeature.cells.triage.Component,
  run_status: clinicalAssessmentsFeature.cells.run_status.Component,
};

const run = (triage: string | undefined, status = 'final') => ({
  id: 1,
  name: 'Asthma Control Check',
  status,
  result: triage === undefined ? {} : { triage, score: 3 },
});

describe('the runs table’s cells (spec 001 sections 4 and 9)', () => {
  it.each([
    ['LOW', 'Low', 'bg-green-50'],
    ['MEDIUM', 'Medium', 'bg-amber-50'],
    ['DOC_24H', 'Contact Physician', 'bg-orange-50'],
    ['ER_NOW', 'ER', 'bg-red-50'],
    ['TEST', 'Test', 'bg-slate-100'],
  ])('shows the triage %s as a %s badge in its tone', (code, label, tone) => {
    const record = run(code);
    renderPart(<TriageCell value={record.result} record={record} options={{}} />);
    const badge = screen.getByText(label);
    expect(badge).toHaveClass(tone);
    expect(badge).toHaveAttribute('title', code);
  });

  it('shows the dash for a run without triage', () => {
    const record = run(undefined);
    const { container } = renderPart(<TriageCell value={record.result} record={record} options={{}} />);
    expect(container).toHaveTextContent('—');
  });

  it('marks a run entered in error, and nothing else', () => {
    renderPart(<RunStatusCell value="entered-in-error" record={run('LOW', 'entered-in-error')} options={{}} />);
    expect(screen.getByText('Entered in error')).toBeInTheDocument();
  });

  it('shows nothing for a final run', () => {
    const { container } = renderPart(<RunStatusCell value="final" record={run('LOW')} options={{}} />);
    expect(container.textContent).not.toContain('Entered in error');
  });
});
