import type { Filter } from '../../api/dataProvider.utils';
import type { ApiRow, EvalContext } from './context';
import type { SchemaNode } from './entityFields';
import type { FilterEnv } from './filterQueries';

/** A domain rule over one record (and, for rules that depend on who asks, the context): why the record is refused, or null when it is not. */
export type RecordRule = (record: ApiRow, context?: EvalContext) => string | null;

/** One value a field may take, with its label. */
export interface Choice {
  value: string;
  label: string;
}

/** The choices of a field for the user and the record in the context, from a domain function. */
export type ChoiceSource = (context: EvalContext) => readonly Choice[];

/** A rule a form applies to one field (`"validate": {"external_ids": "imei_list"}`), wrapping a domain function. */
export interface FieldRule {
  /** The refusal of a filled-in value, or null. An empty value is the `required` check's business. */
  check(value: unknown): string | null;
  /** The text of the `required` check when the field is empty; the common 'Required' without one. */
  requiredText?: string;
  /** The value as the API takes it. */
  toPayload?(value: unknown): unknown;
  /** The record's value as the form shows it (an edit form's start), the reverse of toPayload: seconds shown as minutes. */
  fromRecord?(value: unknown): unknown;
}

/**
 * Fills a form with made-up values; the context says who fills it (a provider user's tenant, say).
 * It may answer them later: a generator whose code loads when its button is pressed (the mock patient).
 */
export type FormGenerator = (context: EvalContext) => ApiRow | Promise<ApiRow>;

/**
 * The headless half of a filter type: how its value becomes `field[operator]` keys (nothing for no
 * filter). A method, so that each query may type the options its entry's schema guarantees.
 */
export interface FilterQuery {
  query(field: string, value: unknown, options?: Readonly<Record<string, unknown>>, env?: FilterEnv): Filter;
}

type Registry<E> = Readonly<Record<string, E>>;

/**
 * What the headless core resolves a definition's names in: the part of the composed screen
 * registries (renderer README, "Registries and features") that needs no React. The features of
 * src/console/features contribute most of it; the core knows none of them by name.
 */
export interface CoreRegistries {
  /** `{"refused": "device.assign_to_patient"}` */
  rules: Registry<RecordRule>;
  /** A form's `"choices": {"patient_status": "patient_status"}` */
  choices: Registry<ChoiceSource>;
  /** A form's `"validate": {"gateway_id": "gateway_id"}` */
  fieldRules: Registry<FieldRule>;
  /** A form's `"generators": [{"generator": "mock_patient"}]` */
  formGenerators: Registry<FormGenerator>;
  /** A list filter's `"type"` (only its query here; the control is the skin's). */
  filters: Registry<FilterQuery>;
  /** A body's `"entity": "device"`: entity schemas by name. */
  entities: Registry<SchemaNode>;
  /** The entity of each API resource, so that a definition names only its resource. */
  resourceEntities: Registry<string>;
  /**
   * How a code reads where humanizing it would misspell it (`cgm` -> 'CGM', `freestylelibre` ->
   * 'FreeStyle Libre'): badges, filter and form choices, and the `humanize` template filter.
   */
  labels: Registry<string>;
}

const NO_REGISTRIES: CoreRegistries = {
  rules: {},
  choices: {},
  fieldRules: {},
  formGenerators: {},
  filters: {},
  entities: {},
  resourceEntities: {},
  labels: {},
};

/**
 * The registries a context resolves names in. The ScreenEnvironmentProvider puts them in every
 * context it builds; a context made by hand without them knows no name (and says so when one is used).
 */
export const registriesOf = (context: EvalContext): CoreRegistries => context.registries ?? NO_REGISTRIES;
