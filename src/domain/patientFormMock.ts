import { COMORBIDITIES, CREATABLE_DEVICE_TYPES, ETHNICITIES, GENDERS, PRIMARY_CONDITIONS, RACES, RISK_FACTORS, SMOKING_STATUSES } from './enums';
import { yearsBefore } from './patientForm';
import { conditionBlocksFor, type ConditionBlock } from './patientFormBlocks';
import { centimetresFromFeetAndInches, kilogramsFromPounds } from './patientFormMeasures';
import { MOCK_CITIES, MOCK_FIRST_NAMES, MOCK_LAST_NAMES, MOCK_STREETS } from './patientFormMock.data';

/** A number in [0, 1): Math.random in the console, a seeded source in tests. */
export type RandomSource = () => number;

const PAYERS = ['Medicare', 'Medicaid', 'Blue Cross Blue Shield', 'Aetna', 'UnitedHealthcare', 'Humana', 'Cigna'] as const;

/** Plausible values of each condition block, so that a mock patient's blocks are filled in. */
const BLOCK_VALUES: Record<ConditionBlock, (int: (min: number, max: number) => number, today: string) => Record<string, unknown>> = {
  chf: (int) => ({
    ejection_fraction: int(20, 55),
    mlhfq_level: 'Moderate',
    bp_meds: true,
    diuretics: true,
    iv_diuretics_6_months: false,
    hospitalized_last_year: int(0, 1) === 1,
    icu_last_year: false,
  }),
  copd: (int) => ({ exacerbations: int(1, 4), dyspnea_grade: int(0, 4), gold_stage: String(int(1, 4)), icu_visit: false }),
  asthma: (int) => ({ exacerbations: int(0, 3), icu: false, hospitalized: int(0, 1) === 1, current_medications: 'Albuterol inhaler as needed' }),
  diabetes: (int, today) => ({
    initial_diagnosis_date: yearsBefore(today, int(2, 20)),
    insulin_usage: int(0, 1) === 1,
    recent_heart_attack: false,
    recent_stroke: false,
    high_sugar_diet: int(0, 1) === 1,
  }),
  chronic_kidney_disease: (int) => ({ egfr: int(20, 75), acr: int(30, 300), in_dialysis: false, stage: '3A', cause: 'Hypertension', bp_meds: true }),
};

/**
 * A made-up patient for the 'Generate Mock Patient' button (spec 001 section 2, outside
 * production only): identity, profile with the blocks its conditions call for, and enrolment
 * details. Provider, billing provider and locations are left to the user: they are real records.
 */
export function mockPatient(random: RandomSource, today: string): Record<string, unknown> {
  const int = (min: number, max: number) => min + Math.floor(random() * (max - min + 1));
  const pick = <T>(items: readonly T[]): T => items[Math.floor(random() * items.length)] as T;
  const first = pick(MOCK_FIRST_NAMES);
  const last = pick(MOCK_LAST_NAMES);
  const place = pick(MOCK_CITIES);
  const phone = `+1608555${String(int(0, 9999)).padStart(4, '0')}`;
  const primary = pick(PRIMARY_CONDITIONS);
  const comorbidities = [...new Set([pick(COMORBIDITIES), pick(COMORBIDITIES)])];
  const blocks = Object.fromEntries(conditionBlocksFor(primary, comorbidities).map((name) => [name, BLOCK_VALUES[name](int, today)]));
  const [feet, inches] = [int(5, 6), int(0, 11)];
  return {
    user: {
      first_name: first,
      last_name: last,
      email: `${first}.${last}.${int(100, 999)}@example.org`.toLowerCase(),
      mobile_phone_number: phone,
      primary_phone_number_type: 'mobile',
      address: { address_line1: `${int(10, 999)} ${pick(MOCK_STREETS)}`, city: place.city, state: place.state, zip_code: place.zip, country: 'US' },
    },
    birthdate: yearsBefore(today, int(35, 90)),
    gender: pick(GENDERS),
    primary_condition: primary,
    care_setting: 'home',
    profile: {
      demographics: {
        race: pick(RACES),
        ethnicity: pick(ETHNICITIES),
        height: { value: centimetresFromFeetAndInches(feet, inches), unit: 'cm', input_unit: 'ft_in' },
        weight: { value: kilogramsFromPounds(int(120, 260)), unit: 'kg', input_unit: 'lb' },
      },
      comorbidities,
      risk_factors: random() < 0.3 ? [pick(RISK_FACTORS)] : [],
      smoking: pick(SMOKING_STATUSES),
      no_known_allergies: random() < 0.5,
      ...blocks,
    },
    virtual_enrollment: random() < 0.3,
    expected_care_program: 'rpm',
    eligible_devices: primary === 'COPD' ? ['pulse_oximeter', 'peak_flow_meter'] : [pick(CREATABLE_DEVICE_TYPES)],
    insurance_coverage_type: 'full',
    insurances: [{ payer: pick(PAYERS), member_id: `M${int(10000000, 99999999)}` }],
    onboarding_notes: 'Mock patient generated for testing.',
  };
}
