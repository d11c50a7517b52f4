import type { Questionnaire } from '../../../../domain/clinical/questionnaireSchema';
import { timeZoneOf } from '../../../renderer/core/context';
import { formatDateTime } from '../../../renderer/core/format';
import { useScreenEnvironment } from '../../../renderer/environmentContext';
import { Button } from '../../../ui/Button';
import { Notice } from '../../../ui/Notice';
import { RECENT_VITALS_DAYS, type PrerequisiteCheck } from './assessmentChoices';
import { StepHeading } from './StepHeading';
import type { AssessmentDialogController } from './useAssessmentDialog';

/** What a check says beside its label. */
function checkText(check: PrerequisiteCheck, timeZone: string): string {
  if (check.kind === 'profile') return check.met ? 'complete' : (check.missingText ?? 'missing');
  if (check.met) return `recorded ${formatDateTime(check.lastReading, timeZone)}`;
  return `no reading in the past ${RECENT_VITALS_DAYS} days`;
}

/**
 * Step 2: what the questionnaire needs first (readings of the past 7 days, profile items), each
 * marked met or missing in words as well as by its mark. Continue needs them all; Skip goes on
 * without them.
 */
export function PrerequisitesStep({ dialog, questionnaire }: { dialog: AssessmentDialogController; questionnaire: Questionnaire }) {
  const { dispatch, checks } = dialog;
  const timeZone = timeZoneOf(useScreenEnvironment());
  const met = checks.every((check) => check.met);
  return (
    <div>
      <StepHeading>Prerequisites of {questionnaire.title}</StepHeading>
      <ul className="mt-3 space-y-2 text-sm" aria-label="Prerequisites">
        {checks.map((check) => (
          <li key={`${check.kind}:${check.key}`} className="flex items-start gap-2">
            <span aria-hidden="true" className={check.met ? 'text-green-700' : 'text-amber-700'}>
              {check.met ? '✓' : '✗'}
            </span>
            <span>
              <span className="sr-only">{check.met ? 'Met: ' : 'Missing: '}</span>
              <span className="font-medium text-slate-900">{check.label}</span>: {checkText(check, timeZone)}
            </span>
          </li>
        ))}
      </ul>
      <div className="mt-4">
        {met ? (
          <Notice tone="success">The patient has what this assessment needs.</Notice>
        ) : (
          <Notice tone="info">Some prerequisites are missing. Record them first, or Skip to answer the questionnaire without them.</Notice>
        )}
      </div>
      <div className="mt-6 flex flex-wrap justify-end gap-2">
        <Button onClick={() => dispatch({ type: 'back' })}>Back</Button>
        <Button onClick={() => dispatch({ type: 'skip' })}>Skip</Button>
        <Button
          variant="primary"
          disabled={!met}
          disabledReason="Prerequisites are missing: Skip to go on without them"
          onClick={() => dispatch({ type: 'continue' })}
        >
          Continue
        </Button>
      </div>
    </div>
  );
}
