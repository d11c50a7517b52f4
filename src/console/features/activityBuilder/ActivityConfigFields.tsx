import {
  BUILDER_DISABLED_PROGRAMS,
  CARE_PROGRAM_TYPES,
  CLINICIAN_TYPES,
  DAYS_OF_WEEK,
  FREQUENCY_LIMIT_TYPES,
  PERIOD_TYPES,
  PRIORITY_MAX,
  PRIORITY_MIN,
  RESET_TRIGGERS,
  WEEKS_OF_MONTH,
  type FrequencyLimit,
  type PeriodType,
} from '../../../domain/clinicalActivities';
import { humanize } from '../../renderer/core/templates';
import { ErrorMessage } from '../../renderer/skin/StatusViews';
import type { ConfigDraft } from './activityForm';
import { BUILDER_TEXTS } from './builderTexts';
import { CheckboxGroup, CheckboxInput, FormSection, NumberInput, SelectInput } from './fields';
import { useTriggerCues } from './useTemplateCalls';

const LIMIT_LABELS: Record<FrequencyLimit['limit_type'], string> = { none: 'No limit', period: 'Per period', total: 'In total' };
const RESET_LABELS: Record<(typeof RESET_TRIGGERS)[number], string> = { rolling_period: 'Rolling period' };
const LIMIT_PATH = ['activity_config_json', 'scheduling', 'frequency_limit'] as const;
const RECOMMENDATION_PATH = ['activity_config_json', 'recommendation'] as const;

/** The fields a limit type asks for start empty (the period's reset is the one trigger there is). */
function limitOfType(limit: FrequencyLimit, type: FrequencyLimit['limit_type']): FrequencyLimit {
  if (type === 'period') return { ...limit, limit_type: type, reset_trigger: limit.reset_trigger ?? 'rolling_period' };
  return { ...limit, limit_type: type };
}

/**
 * An activity template's configuration (spec 002 sections 3, 6 and 9): who may run it and whether it
 * is reviewed, how often it may run, and when it is recommended.
 */
export function ActivityConfigFields({ config, onChange, readOnly }: { config: ConfigDraft; onChange: (config: ConfigDraft) => void; readOnly: boolean }) {
  const limit = config.scheduling.frequency_limit;
  const recommendation = config.recommendation;
  const setLimit = (change: Partial<FrequencyLimit>) => onChange({ ...config, scheduling: { ...config.scheduling, frequency_limit: { ...limit, ...change } } });
  const setRecommendation = (change: Partial<ConfigDraft['recommendation']>) => onChange({ ...config, recommendation: { ...recommendation, ...change } });

  return (
    <>
      <FormSection title="Who runs it">
        <CheckboxInput label="Essential" checked={config.is_essential} onChange={(is_essential) => onChange({ ...config, is_essential })} />
        <CheckboxGroup
          legend="Clinician types"
          hint={BUILDER_TEXTS.allClinicians}
          values={config.clinician_types}
          choices={CLINICIAN_TYPES.map((type) => ({ value: type, label: humanize(type) }))}
          onChange={(clinician_types) => onChange({ ...config, clinician_types })}
        />
        <CheckboxInput
          label="Always require review"
          checked={config.always_require_review}
          hint="Every completion waits for a supervisor (internal admin) to approve it."
          onChange={(always_require_review) => onChange({ ...config, always_require_review })}
        />
        <CheckboxInput
          label="Consolidate monitoring activity"
          checked={config.consolidate_monitoring_activity}
          hint="The steps' notes of one monitoring type become one note."
          onChange={(consolidate_monitoring_activity) => onChange({ ...config, consolidate_monitoring_activity })}
        />
      </FormSection>

      <FormSection title="Frequency limit" description="Runs count from their completion; the period rolls back from today.">
        <div className="grid grid-cols-1 gap-3 sm:grid-cols-2">
          <SelectInput
            label="Limit type"
            path={[...LIMIT_PATH, 'limit_type']}
            value={limit.limit_type}
            choices={FREQUENCY_LIMIT_TYPES.map((type) => ({ value: type, label: LIMIT_LABELS[type] }))}
            onChange={(type) =>
              onChange({ ...config, scheduling: { ...config.scheduling, frequency_limit: limitOfType(limit, type as FrequencyLimit['limit_type']) } })
            }
          />
          {limit.limit_type === 'period' && (
            <>
              <SelectInput
                label="Period type"
                path={[...LIMIT_PATH, 'period_type']}
                value={limit.period_type ?? ''}
                placeholder="Choose a period"
                choices={PERIOD_TYPES.map((type) => ({ value: type, label: humanize(type) }))}
                onChange={(type) => setLimit({ period_type: type === '' ? null : (type as PeriodType) })}
              />
              <NumberInput
                label="Period value"
                path={[...LIMIT_PATH, 'period_value']}
                value={limit.period_value}
                min={1}
                onChange={(period_value) => setLimit({ period_value })}
              />
              <NumberInput
                label="Max occurrences"
                path={[...LIMIT_PATH, 'max_occurrences']}
                value={limit.max_occurrences}
                min={1}
                hint="Runs allowed within the period"
                onChange={(max_occurrences) => setLimit({ max_occurrences })}
              />
              <SelectInput
                label="Reset trigger"
                path={[...LIMIT_PATH, 'reset_trigger']}
                value={limit.reset_trigger ?? ''}
                placeholder="Choose a reset"
                choices={RESET_TRIGGERS.map((trigger) => ({ value: trigger, label: RESET_LABELS[trigger] }))}
                onChange={(trigger) => setLimit({ reset_trigger: trigger === '' ? null : (trigger as (typeof RESET_TRIGGERS)[number]) })}
              />
            </>
          )}
          {limit.limit_type === 'total' && (
            <NumberInput
              label="Total occurrences limit"
              path={[...LIMIT_PATH, 'total_occurrences_limit']}
              value={limit.total_occurrences_limit}
              min={1}
              hint="Runs allowed for a patient, ever"
              onChange={(total_occurrences_limit) => setLimit({ total_occurrences_limit })}
            />
          )}
        </div>
      </FormSection>

      <FormSection title="Recommendation">
        <CheckboxInput
          label="Recommend if eligible"
          checked={config.scheduling.recommend_if_eligible}
          hint="Recommend it only while the patient is within its frequency limit."
          onChange={(recommend_if_eligible) => onChange({ ...config, scheduling: { ...config.scheduling, recommend_if_eligible } })}
        />
        <CheckboxInput
          label="Recommendation enabled"
          checked={recommendation.enabled}
          hint="Recommend the activity to patients who match the rules below."
          onChange={(enabled) => setRecommendation({ enabled })}
        />
        {recommendation.enabled && (
          <div className="space-y-4 border-l-2 border-slate-200 pl-3">
            <CheckboxGroup
              legend="Care program types"
              hint="None selected: any program"
              values={recommendation.care_program_types}
              choices={CARE_PROGRAM_TYPES.map((type) => ({
                value: type,
                label: type.toUpperCase(),
                ...(BUILDER_DISABLED_PROGRAMS.includes(type) ? { disabledReason: BUILDER_TEXTS.notInBuilder } : {}),
              }))}
              columns={3}
              onChange={(care_program_types) => setRecommendation({ care_program_types })}
            />
            <CueFields recommendation={recommendation} onChange={setRecommendation} readOnly={readOnly} />
            <NumberInput
              label="Priority score"
              path={[...RECOMMENDATION_PATH, 'priority_score']}
              value={recommendation.priority_score}
              min={PRIORITY_MIN}
              max={PRIORITY_MAX}
              hint={`From ${PRIORITY_MIN} to ${PRIORITY_MAX}; higher comes first`}
              onChange={(priority_score) => setRecommendation({ priority_score })}
              className="sm:max-w-xs"
            />
            <CheckboxGroup
              legend="Days of the week"
              hint="None selected: any day"
              values={recommendation.day_of_week}
              choices={DAYS_OF_WEEK.map((day, index) => ({ value: index, label: day }))}
              columns={3}
              onChange={(day_of_week) => setRecommendation({ day_of_week })}
            />
            <CheckboxGroup
              legend="Weeks of the month"
              hint="None selected: any week"
              values={recommendation.week_of_month}
              choices={WEEKS_OF_MONTH.map((week) => ({ value: week, label: `${humanize(week)} week` }))}
              onChange={(week_of_month) => setRecommendation({ week_of_month })}
            />
          </div>
        )}
      </FormSection>
    </>
  );
}

/** Trigger, disabled and warning cues among GET activity-templates/trigger-cues (a cue already chosen shows even if the list no longer has it). */
function CueFields({
  recommendation,
  onChange,
  readOnly,
}: {
  recommendation: ConfigDraft['recommendation'];
  onChange: (change: Partial<ConfigDraft['recommendation']>) => void;
  readOnly: boolean;
}) {
  const cues = useTriggerCues();
  if (cues.isError && !readOnly) return <ErrorMessage error={cues.error} onRetry={() => void cues.refetch()} />;
  const known = cues.data ?? [];
  const chosen = [...recommendation.trigger_cues, ...recommendation.disabled_cues, ...recommendation.warning_cues];
  const choices = [
    ...known,
    ...chosen.filter((key, i) => chosen.indexOf(key) === i && !known.some((cue) => cue.key === key)).map((key) => ({ key, label: key })),
  ].map((cue) => ({
    value: cue.key,
    label: cue.label,
  }));
  if (cues.isPending && choices.length === 0) return <p className="text-sm text-slate-600">Loading cues…</p>;
  return (
    <>
      <CheckboxGroup
        legend="Trigger cues"
        hint="Recommended when the patient shows one of these; none selected: any patient"
        values={recommendation.trigger_cues}
        choices={choices}
        onChange={(trigger_cues) => onChange({ trigger_cues })}
      />
      <CheckboxGroup
        legend="Disabled cues"
        hint="Not offered while the patient shows one of these"
        values={recommendation.disabled_cues}
        choices={choices}
        onChange={(disabled_cues) => onChange({ disabled_cues })}
      />
      <CheckboxGroup
        legend="Warning cues"
        hint="Offered with a warning while the patient shows one of these"
        values={recommendation.warning_cues}
        choices={choices}
        onChange={(warning_cues) => onChange({ warning_cues })}
      />
    </>
  );
}
