import { describe, expect, it } from 'vitest';
import { screenRegistries } from '../../../../src/console/features';
import { IMEI_LIST_EMPTY } from '../../../../src/console/features/devices/deviceFieldRules';
import { NOTE_MINUTES_ERROR } from '../../../../src/domain/monitoringNotes';

const fieldRuleRegistry = screenRegistries.fieldRules;
const { imei_list: imeiList, gateway_id: gatewayId, care_minutes: careMinutes, yes_no: yesNo } = fieldRuleRegistry;

describe('field rules (spec 000 section 5)', () => {
  it('imei_list: every item the same length, sent as the list of items whatever the delimiter', () => {
    expect(imeiList.check('356938035643809;356938035643810')).toBeNull();
    expect(imeiList.check('356938035643809, 35693803564381')).toBe('All items must have the same length');
    expect(imeiList.check(' \n\t ')).toBe(IMEI_LIST_EMPTY);
    expect(imeiList.toPayload('111|222|333')).toEqual(['111', '222', '333']);
    expect(imeiList.toPayload('111\t222\n333')).toEqual(['111', '222', '333']);
    expect('requiredText' in imeiList).toBe(false);
  });

  it('gateway_id: 12 characters or three groups of 4, required in the spec words, sent without dashes', () => {
    expect(gatewayId.check('A1B2C3D4E5F6')).toBeNull();
    expect(gatewayId.check('A1B2-C3D4-E5F6')).toBeNull();
    expect(gatewayId.check('A1B2-C3D4E5F6')).toBe('Gateway ID must be 12 characters or 4 characters separated by dashes');
    expect(gatewayId.check('A1B2C3D4E5')).toBe('Gateway ID must be 12 characters or 4 characters separated by dashes');
    expect(gatewayId.check('   ')).toBe('Gateway ID is required');
    expect(gatewayId.requiredText).toBe('Gateway ID is required');
    expect(gatewayId.toPayload('a1b2-c3d4-e5f6')).toBe('a1b2c3d4e5f6');
  });

  it('care_minutes: a whole number of minutes from 0 to 600, sent as seconds', () => {
    expect(careMinutes.check(0)).toBeNull();
    expect(careMinutes.check(20)).toBeNull();
    expect(careMinutes.check(600)).toBeNull();
    expect(careMinutes.check('15')).toBeNull();
    expect(careMinutes.check(601)).toBe(NOTE_MINUTES_ERROR);
    expect(careMinutes.check(-1)).toBe(NOTE_MINUTES_ERROR);
    expect(careMinutes.check(2.5)).toBe(NOTE_MINUTES_ERROR);
    expect(careMinutes.check('ten')).toBe(NOTE_MINUTES_ERROR);
    expect(NOTE_MINUTES_ERROR).toBe('Duration must be a whole number of minutes from 0 to 600');
    expect(careMinutes.toPayload(20)).toBe(1200);
    expect(careMinutes.toPayload(0)).toBe(0);
    expect('requiredText' in careMinutes).toBe(false);
  });

  it('yes_no: an answered yes or no, sent as true or false', () => {
    expect(yesNo.check('yes')).toBeNull();
    expect(yesNo.check('no')).toBeNull();
    expect(yesNo.check('maybe')).toBe('Choose Yes or No');
    expect(yesNo.toPayload('yes')).toBe(true);
    expect(yesNo.toPayload('no')).toBe(false);
  });

  it('covers every entry of the registry', () => {
    // The patient form's rules are tested in patientFieldRules.test.ts, the task forms' in taskFieldRules.test.ts.
    expect(Object.keys(fieldRuleRegistry).sort()).toEqual([
      'care_minutes',
      'gateway_id',
      'greater_than_zero',
      'height',
      'imei_list',
      'patient_birthdate',
      'task_completion_note',
      'task_edited_title',
      'task_incomplete_reason',
      'task_title',
      'weight',
      'yes_no',
    ]);
  });
});
