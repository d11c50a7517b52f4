/** patients/{patientId}/show/clinical and everything under it (spec 000 section 2.1). */
const PATIENT_CLINICAL = /^\/patients\/[^/]+\/show\/clinical(\/|$)/;
const PATIENT_QUEUE = '/patient-queue';

/**
 * The menu path to highlight for a location: the longest menu path that is the location or one
 * of its parents (Home only on `/`), except that patient clinical sub-pages highlight the
 * Patient Queue instead of All Patients.
 */
export function activeMenuPath(pathname: string, menuPaths: readonly string[]): string | undefined {
  if (PATIENT_CLINICAL.test(pathname) && menuPaths.includes(PATIENT_QUEUE)) return PATIENT_QUEUE;
  const matches = menuPaths.filter((path) => path === pathname || (path !== '/' && pathname.startsWith(`${path}/`)));
  return matches.sort((a, b) => b.length - a.length)[0];
}
