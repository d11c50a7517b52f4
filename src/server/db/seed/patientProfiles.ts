import { sql, type Kysely } from 'kysely';
import { COMORBIDITIES, ETHNICITIES, RACES, RISK_FACTORS, SMOKING_STATUSES } from '../../../domain/enums';
import { CM_PER_INCH, POUNDS_PER_KG } from '../../../domain/patientFormMeasures';
import type { DB } from '../schema';
import { CITIES, STREETS } from './names';

const PAYERS = ['Medicare', 'Medicaid', 'Blue Cross Blue Shield', 'Aetna', 'UnitedHealthcare', 'Humana'];
const list = (values: readonly string[]) => sql`${[...values]}::text[]`;

/**
 * What the patient form holds, for every seeded patient still without it (demo and scale alike):
 * the account's address and phone type; the profile (race, ethnicity, height typed in feet and
 * inches, weight in pounds, stored metric with BMI, comorbidities, smoking, the block of the primary
 * condition); enrolment details (eligible devices, insurance, expected program, appointment: ahead
 * for pending patients, at registration for the others). A few statements over all rows, values
 * from hashtext() of the patient id: the same rows on every run, and fast at scale.
 */
export async function seedPatientProfiles(db: Kysely<DB>, anchor: Date): Promise<void> {
  const cities = CITIES.map((c) => `${c.city}|${c.state}|${c.zip}`);
  await sql`update users u set
      address = jsonb_build_object(
        'address_line1', (10 + h % 980)::text || ' ' || (${list(STREETS)})[1 + h % ${STREETS.length}],
        'city', split_part(c, '|', 1), 'state', split_part(c, '|', 2), 'zip_code', split_part(c, '|', 3), 'country', 'US'),
      home_phone_number = case when h % 3 = 0 then '+1608556' || lpad((h % 10000)::text, 4, '0') end,
      primary_phone_number_type = case when h % 7 = 0 and h % 3 = 0 then 'home' else 'mobile' end
    from (select u2.id, abs(hashtext('address:' || u2.id)) as h from users u2 where u2.role = 'patient' and u2.address is null) x
    cross join lateral (select (${list(cities)})[1 + x.h % ${cities.length}] as c) place
    where u.id = x.id`.execute(db);

  const block = sql`case p.primary_condition
      when 'HeartFailure' then jsonb_build_object('chf', jsonb_build_object('ejection_fraction', 20 + h % 40, 'mlhfq_level', (array['Good','Moderate','Poor','Unknown'])[1 + h % 4],
        'bp_meds', true, 'diuretics', h % 2 = 0, 'iv_diuretics_6_months', h % 5 = 0, 'hospitalized_last_year', h % 3 = 0, 'icu_last_year', h % 11 = 0))
      when 'COPD' then jsonb_build_object('copd', jsonb_build_object('exacerbations', 1 + h % 4, 'dyspnea_grade', h % 5, 'gold_stage', (array['1','2','3','4','Unknown'])[1 + h % 5], 'icu_visit', h % 9 = 0))
      when 'Asthma' then jsonb_build_object('asthma', jsonb_build_object('exacerbations', h % 4, 'icu', false, 'hospitalized', h % 6 = 0, 'current_medications', 'Albuterol inhaler as needed'))
      when 'Diabetes' then jsonb_build_object('diabetes', jsonb_build_object('initial_diagnosis_date', (p.birthdate + make_interval(years => 35 + h % 20))::date::text,
        'insulin_usage', h % 3 = 0, 'recent_heart_attack', h % 17 = 0, 'recent_stroke', h % 19 = 0, 'high_sugar_diet', h % 4 = 0))
      when 'chronic_kidney_disease' then jsonb_build_object('chronic_kidney_disease', jsonb_build_object('egfr', 15 + h % 60, 'acr', 30 + h % 270, 'in_dialysis', h % 8 = 0,
        'stage', (array['1','2','3A','3B','4','5','Unknown'])[1 + h % 7], 'cause', (array['Diabetes','Hypertension','Glomerulonephritis'])[1 + h % 3], 'bp_meds', true))
      else '{}'::jsonb end`;
  await sql`update patients p set
      profile = jsonb_build_object(
        'demographics', jsonb_build_object(
          'race', (${list(RACES)})[1 + h % ${RACES.length}],
          'ethnicity', (${list(ETHNICITIES)})[1 + (h / 7) % ${ETHNICITIES.length}],
          'height', jsonb_build_object('value', cm, 'unit', 'cm', 'input_unit', 'ft_in'),
          'weight', jsonb_build_object('value', kg, 'unit', 'kg', 'input_unit', 'lb'),
          'bmi', round(kg / (cm / 100) ^ 2, 1)),
        'comorbidities', to_jsonb(array_remove(array[(${list(COMORBIDITIES)})[1 + h % ${COMORBIDITIES.length}], case when h % 3 = 0 then 'High Blood Pressure' end], null)),
        'risk_factors', to_jsonb(array_remove(array[case when h % 5 = 0 then (${list(RISK_FACTORS)})[1 + h % ${RISK_FACTORS.length}] end], null)),
        'smoking', (${list(SMOKING_STATUSES)})[1 + (h / 3) % ${SMOKING_STATUSES.length}],
        'no_known_allergies', h % 2 = 0) || ${block},
      eligible_devices = case p.primary_condition when 'COPD' then '{pulse_oximeter,peak_flow_meter}'::text[] when 'Asthma' then '{peak_flow_meter}'::text[]
        when 'HeartFailure' then '{blood_pressure,weight_scale}'::text[] when 'Diabetes' then '{glucometer}'::text[] else '{blood_pressure}'::text[] end,
      insurances = jsonb_build_array(jsonb_build_object('payer', (${list(PAYERS)})[1 + h % ${PAYERS.length}], 'member_id', 'M' || (10000000 + h % 89999999)::text)),
      insurance_coverage_type = (array['full','full','partial','other'])[1 + h % 4],
      expected_care_program = (array['rpm','rpm','ccm','pcm'])[1 + (h / 5) % 4],
      virtual_enrollment = h % 4 = 0,
      onboarding_appointment_datetime = case when p.patient_status = 'pending_enrollment'
        then ${anchor.toISOString()}::timestamptz + make_interval(days => (h % 21) - 7, hours => 14 + h % 8)
        else p.created_at end,
      onboarding_appointment_location_id = case when h % 4 <> 0 then p.facility_location_id end,
      expected_onboarding_user_id = (select s.id from users s where s.tenant_id = p.tenant_id and s.role = 'staff' order by s.id limit 1),
      -- Every third enrolled patient was enrolled by the operator's internal clinician (its Enrolled Patients page), the rest by their billing provider.
      enrolled_by_id = case when p.patient_status in ('active', 'consented', 'disabled') then
        case when h % 3 = 0 then (select s.id from users s where s.role = 'internal_clinician' order by s.id limit 1) else p.billing_provider_id end end
    from (select p2.id, abs(hashtext('profile:' || p2.id)) as h from patients p2 where p2.profile = '{}'::jsonb) x
    cross join lateral (select round((58 + x.h % 20) * ${CM_PER_INCH}::numeric, 1) as cm, round((110 + (x.h / 11) % 150) / ${POUNDS_PER_KG}::numeric, 1) as kg) m
    where p.id = x.id`.execute(db);
}
