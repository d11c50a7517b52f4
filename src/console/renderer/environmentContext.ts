import { createContext, useContext } from 'react';
import type { ScreenEnvironment } from './core/context';

export const EnvironmentContext = createContext<ScreenEnvironment | null>(null);

/** The identity, permissions, feature flags and site the shell gave the screens. */
export function useScreenEnvironment(): ScreenEnvironment {
  const environment = useContext(EnvironmentContext);
  if (!environment) throw new Error('Screens need a ScreenEnvironmentProvider');
  return environment;
}
