// @vitest-environment jsdom
import { describe, expect, it } from 'vitest';
import { activeMenuPath } from '../../../src/console/shell/activeMenuPath';

const PATHS = ['/', '/patient-queue', '/patients', '/patient-groups', '/clinical-activities', '/clinical-activity-instances', '/devices'];

describe('activeMenuPath', () => {
  it('highlights Home on / only', () => {
    expect(activeMenuPath('/', PATHS)).toBe('/');
    expect(activeMenuPath('/unknown', PATHS)).toBeUndefined();
  });

  it('highlights an item on its own pages and their sub-pages', () => {
    expect(activeMenuPath('/devices', PATHS)).toBe('/devices');
    expect(activeMenuPath('/devices/12/show', PATHS)).toBe('/devices');
    expect(activeMenuPath('/patients/3/show', PATHS)).toBe('/patients');
  });

  it('does not take a longer name for a sub-page', () => {
    expect(activeMenuPath('/patient-groups/4/show', PATHS)).toBe('/patient-groups');
    expect(activeMenuPath('/clinical-activity-instances', PATHS)).toBe('/clinical-activity-instances');
    expect(activeMenuPath('/clinical-activities/step/create', PATHS)).toBe('/clinical-activities');
  });

  it('highlights the Patient Queue instead of All Patients on clinical sub-pages', () => {
    expect(activeMenuPath('/patients/3/show/clinical', PATHS)).toBe('/patient-queue');
    expect(activeMenuPath('/patients/3/show/clinical/medical-history/medications', PATHS)).toBe('/patient-queue');
    expect(activeMenuPath('/patients/3/show/clinicalish', PATHS)).toBe('/patients');
  });

  it('falls back to All Patients when the Patient Queue is not in the menu', () => {
    expect(activeMenuPath('/patients/3/show/clinical', ['/', '/patients'])).toBe('/patients');
  });
});
