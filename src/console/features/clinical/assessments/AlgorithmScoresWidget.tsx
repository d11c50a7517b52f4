import { PREDICTION_TIERS } from '../../../../domain/clinical/scores';
import { timeZoneOf } from '../../../renderer/core/context';
import { formatDateTime } from '../../../renderer/core/format';
import { useScreenEnvironment } from '../../../renderer/environmentContext';
import { useScreenScope } from '../../../renderer/scopeContext';
import { pointsText, predictionScores, RULE_NOTE, type PredictionScore } from './algorithmScores';

export const NO_SCORES = 'No data available';

/** The scale's steps, Low to High; the current one is filled. */
const STEP_CLASSES = ['bg-green-600', 'bg-lime-500', 'bg-amber-500', 'bg-orange-500', 'bg-red-600'] as const;

function ScoreCard({ score, timeZone }: { score: PredictionScore; timeZone: string }) {
  return (
    <section aria-label={score.title} className="rounded-md p-4 ring-1 ring-slate-200">
      <h3 className="text-sm font-medium text-slate-700">{score.title}</h3>
      <p className="mt-1 flex items-baseline gap-2">
        <span className="text-3xl font-semibold tabular-nums text-slate-900">{score.score}</span>
        <span className="text-sm text-slate-500">of 100,</span>
        <span className="text-sm font-medium text-slate-900">{score.tier.label}</span>
      </p>
      <ol aria-label="Tiers" className="mt-3 grid grid-cols-5 gap-1 text-center text-[11px] leading-tight">
        {PREDICTION_TIERS.map((tier, index) => {
          const current = index === score.tier.index;
          return (
            <li key={tier} aria-current={current ? 'step' : undefined} className={current ? 'font-semibold text-slate-900' : 'text-slate-500'}>
              <span
                aria-hidden="true"
                className={`mb-1 block h-2 rounded-sm ${STEP_CLASSES[index]} ${current ? 'ring-2 ring-slate-900 ring-offset-1' : 'opacity-30'}`}
              />
              {tier}
            </li>
          );
        })}
      </ol>
      {score.factors.length > 0 && (
        <ul aria-label="Factors" className="mt-4 space-y-2 text-sm">
          {score.factors.map((factor) => (
            <li key={factor.name}>
              <span className="font-medium text-slate-900">{factor.label}</span>{' '}
              <span className="tabular-nums text-slate-700">{pointsText(factor.points)}</span>
              {factor.reason && <p className="text-slate-600">{factor.reason}</p>}
            </li>
          ))}
        </ul>
      )}
      {score.updatedAt && <p className="mt-3 text-xs text-slate-500">Updated {formatDateTime(score.updatedAt, timeZone)}</p>}
    </section>
  );
}

/**
 * The record's algorithm scores (spec 001 section 2), from the patient's `measure_reports` of
 * category 'prediction': each score with its tier on the five-step scale (spec 001 section 9), the
 * factors that make it up, and what kind of score it is. None: 'No data available'.
 */
export function AlgorithmScoresWidget() {
  const { record } = useScreenScope();
  const timeZone = timeZoneOf(useScreenEnvironment());
  const scores = predictionScores(record?.measure_reports);
  if (scores.length === 0) return <p className="py-4 text-center text-sm text-slate-500">{NO_SCORES}</p>;
  return (
    <div className="space-y-3">
      {scores.map((score) => (
        <ScoreCard key={score.name} score={score} timeZone={timeZone} />
      ))}
      <p className="text-xs text-slate-500">{RULE_NOTE}</p>
    </div>
  );
}
