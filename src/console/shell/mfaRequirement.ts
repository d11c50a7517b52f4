/**
 * Spec 000 sections 2.8 and 6: internal users without a second factor are blocked, except in
 * development and demo environments.
 */
export function mustEnableMfa(user: { isInternal: boolean; mfaEnabled: boolean }, site: { environment: string; isDemo: boolean }): boolean {
  return user.isInternal && !user.mfaEnabled && site.environment !== 'development' && !site.isDemo;
}
