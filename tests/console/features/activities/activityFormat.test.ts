import { describe, expect, it } from 'vitest';
import { isCareTime, monitoringTypeLabel } from '../../../../src/console/features/activities/activityFormat';
import { MONITORING_ACTIVITY_TYPES } from '../../../../src/domain/enums';

describe('monitoringTypeLabel', () => {
  it('reads a billed type as its program and CPT codes', () => {
    expect(monitoringTypeLabel('rpm_99457_99458')).toBe('RPM 99457/99458');
    expect(monitoringTypeLabel('rtm_98975')).toBe('RTM 98975');
    expect(monitoringTypeLabel('cccm_99487_99489')).toBe('CCCM 99487/99489');
  });

  it('words the types of no code; a status change the server recorded is an Event', () => {
    expect(monitoringTypeLabel('activity')).toBe('Event');
    expect(monitoringTypeLabel('note')).toBe('Note');
    expect(monitoringTypeLabel('emr_review_note')).toBe('EMR review note');
    expect(monitoringTypeLabel(null)).toBe('—');
  });

  it('never shows a raw code for a type of the domain', () => {
    for (const type of MONITORING_ACTIVITY_TYPES) expect(monitoringTypeLabel(type)).not.toContain('_');
  });
});

describe('isCareTime', () => {
  it('is time spent only: zero, nothing or a malformed value is no care time', () => {
    expect(isCareTime(750)).toBe(true);
    expect(isCareTime('60')).toBe(true);
    expect(isCareTime(0)).toBe(false);
    expect(isCareTime(null)).toBe(false);
    expect(isCareTime(undefined)).toBe(false);
    expect(isCareTime('')).toBe(false);
    expect(isCareTime(-5)).toBe(false);
  });
});
