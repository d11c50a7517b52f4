import type { CreatableDeviceType } from './testMeasurements';

/**
 * The six fixed test patient accounts of the Testing page (spec 002 section 9: "six fixed
 * condition-based test accounts (copd, asthma, chf, each with a base variant)"), seeded in
 * Northwind. A condition's account carries the devices that condition is monitored with, so
 * measurements can be added at once; its base variant starts bare (no devices, no readings).
 */
export const TEST_ACCOUNTS = [
  { email: 'test.copd@demo.example', condition: 'COPD', base: false, label: 'COPD' },
  { email: 'test.copd.base@demo.example', condition: 'COPD', base: true, label: 'COPD (base)' },
  { email: 'test.asthma@demo.example', condition: 'Asthma', base: false, label: 'Asthma' },
  { email: 'test.asthma.base@demo.example', condition: 'Asthma', base: true, label: 'Asthma (base)' },
  { email: 'test.chf@demo.example', condition: 'HeartFailure', base: false, label: 'CHF' },
  { email: 'test.chf.base@demo.example', condition: 'HeartFailure', base: true, label: 'CHF (base)' },
] as const;

export type TestAccount = (typeof TEST_ACCOUNTS)[number];

/** The devices a condition is monitored with, given to its (non-base) test account. */
export const TEST_ACCOUNT_DEVICES: Readonly<Record<TestAccount['condition'], readonly CreatableDeviceType[]>> = {
  COPD: ['pulse_oximeter', 'peak_flow_meter'],
  Asthma: ['peak_flow_meter', 'pulse_oximeter'],
  HeartFailure: ['blood_pressure', 'weight_scale'],
};
