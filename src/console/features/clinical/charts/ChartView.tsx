import { useMemo } from 'react';
import { dotsHidden, recentRows } from '../../../../domain/clinical/baseline';
import { MEASURE_INFO, type ChartMeasure } from '../../../../domain/clinical/measures';
import { unitLabel } from '../../../../domain/patientQueue';
import { timeZoneOf } from '../../../renderer/core/context';
import { useScreenEnvironment } from '../../../renderer/environmentContext';
import { EmptyState, ErrorMessage, Loading } from '../../../renderer/skin/StatusViews';
import { ChartCanvas } from './ChartCanvas';
import { bandWords, chartData, chartLabel, limitBands } from './chartDatasets';
import { chartPath, type ChartRange, type Timescale } from './chartQuery';
import { NO_DATA } from './measurementCards';
import { RecentReadings } from './RecentReadings';
import { useChart } from './useChart';

interface ChartViewProps {
  patientId: string | number;
  measure: ChartMeasure;
  range: ChartRange;
  timescale: Timescale;
  today: string;
  monitoringLimits: unknown;
}

/**
 * The chart of the dialog: the readings of the range at the timescale with their 7-day baseline
 * dashed and the patient's limits as bands (said in words under it), then the recent panel, which
 * lists the readings themselves (not averages) of the past 7 days.
 */
export function ChartView({ patientId, measure, range, timescale, today, monitoringLimits }: ChartViewProps) {
  const timeZone = timeZoneOf(useScreenEnvironment());
  const chart = useChart(chartPath(patientId, measure, { range, timescale }, today));
  // The same query as the chart's when it shows every reading.
  const readings = useChart(chartPath(patientId, measure, { range, timescale: 'all' }, today));
  const answer = chart.chart;
  const data = useMemo(() => answer && chartData(measure, answer, { dotsHidden: dotsHidden(answer.points, timeZone) }), [answer, measure, timeZone]);
  const bands = useMemo(() => limitBands(measure, monitoringLimits), [measure, monitoringLimits]);
  const recent = useMemo(() => recentRows(readings.chart?.points ?? [], new Date()), [readings.chart]);

  if (chart.error && !answer) return <ErrorMessage error={chart.error} onRetry={chart.retry} />;
  if (!answer || !data) return <Loading />;
  const unit = unitLabel(answer.unit || MEASURE_INFO[measure].unit);
  return (
    <div className="space-y-4" aria-busy={chart.refreshing}>
      <div>
        {answer.points.length === 0 ? (
          <EmptyState>{NO_DATA}</EmptyState>
        ) : (
          <ChartCanvas
            measure={measure}
            data={data}
            bands={bands}
            unit={unit}
            timescale={timescale}
            timeZone={timeZone}
            label={chartLabel(measure, answer.points.length, timescale, range)}
          />
        )}
        <p className="mt-2 text-xs text-slate-600">
          Dashed: the 7-day baseline.
          {bands.length > 0 && ` Shaded: monitoring limits (${bands.map((band) => bandWords(band, unit)).join('; ')}).`}
        </p>
      </div>
      <RecentReadings measure={measure} unit={unit} rows={recent} loading={readings.loading} error={readings.error} />
    </div>
  );
}
