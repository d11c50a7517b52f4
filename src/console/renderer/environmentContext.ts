import { createContext, useContext } from 'react';
import type { ScreenEnvironment } from './core/context';
import type { FormDrafts } from './core/formDrafts';
import type { ScreenRegistries } from './registries/screenRegistries';

export const EnvironmentContext = createContext<ScreenEnvironment | null>(null);

/** The identity, permissions, feature flags and site the shell gave the screens. */
export function useScreenEnvironment(): ScreenEnvironment {
  const environment = useContext(EnvironmentContext);
  if (!environment) throw new Error('Screens need a ScreenEnvironmentProvider');
  return environment;
}

/** The composed registries the ScreenEnvironmentProvider was given (src/console/features). */
export const RegistriesContext = createContext<ScreenRegistries | null>(null);

/** Where every name a definition gives resolves: cells, filters, widgets, rules, choices, field rules, entities. */
export function useScreenRegistries(): ScreenRegistries {
  const registries = useContext(RegistriesContext);
  if (!registries) throw new Error('Screens need a ScreenEnvironmentProvider');
  return registries;
}

/** The drafts of the screens' forms, over the storage the ScreenEnvironmentProvider was given. */
export const FormDraftsContext = createContext<FormDrafts | null>(null);

export function useFormDrafts(): FormDrafts {
  const drafts = useContext(FormDraftsContext);
  if (!drafts) throw new Error('Forms need a ScreenEnvironmentProvider');
  return drafts;
}

/**
 * Why nothing may be written here, or undefined where writes are allowed: Screen Studio's preview
 * (renderer/ScreenPreview.tsx) says 'Nothing is written in a preview', and every action that sends
 * (a confirmation, a bulk action, a form's Save) is disabled with that reason. The preview's data
 * provider refuses a write besides, and so does the server.
 */
export const WritesRefusedContext = createContext<string | undefined>(undefined);

export const useWritesRefused = (): string | undefined => useContext(WritesRefusedContext);
