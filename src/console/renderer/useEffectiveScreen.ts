import { useQuery } from '@tanstack/react-query';
import { useCallback, useMemo } from 'react';
import type { ScreenDefinition } from '../../../schemas/screen';
import { useDataProvider } from '../api/DataProviderContext';
import { bundledScreens, currentFormat, type LoadedScreen } from './core/definitions';
import { withFormFragment } from './core/formFragments';
import { useScreenRegistries } from './environmentContext';
import type { ScreenRegistries } from './registries/screenRegistries';
import { validateScreen } from './validation/validateScreen';

/** Published definitions change rarely; a minute keeps the console close to what is published. */
const PUBLISHED_SCREENS_STALE_MS = 60_000;

/** The published definitions that pass validation; a bad one is skipped (and reported in the console) rather than shown. */
function publishedScreens(answer: unknown, registries: ScreenRegistries): Map<string, LoadedScreen> {
  const loaded = new Map<string, LoadedScreen>();
  for (const candidate of Array.isArray(answer) ? (answer as unknown[]) : []) {
    const id = (candidate as { id?: unknown }).id;
    const file = `published screen ${String(id)} v${String((candidate as { version?: unknown }).version)}`;
    const problems = validateScreen(candidate, file, registries);
    if (problems.length > 0) console.warn(problems.join('\n'));
    else loaded.set(String(id), { definition: withFormFragment(candidate as ScreenDefinition, file), file });
  }
  return loaded;
}

/**
 * The effective definition of a screen (docs/DESIGN.md section 3): the newest published version from
 * GET /api/screens when it is newer than the bundled file, else the file. The bundled file shows
 * at once; a failing call leaves it in place.
 */
export function useEffectiveScreen(id: string): LoadedScreen | undefined {
  const dataProvider = useDataProvider();
  const registries = useScreenRegistries();
  const published = useQuery({
    queryKey: ['screens'],
    queryFn: () => dataProvider.request<unknown>('/screens'),
    select: useCallback((answer: unknown) => publishedScreens(answer, registries), [registries]),
    staleTime: PUBLISHED_SCREENS_STALE_MS,
    retry: false,
  });
  const bundled = bundledScreens.get(id);
  const candidate = published.data?.get(id);
  return useMemo(() => {
    const chosen = candidate && (!bundled || candidate.definition.version > bundled.definition.version) ? candidate : bundled;
    return chosen && { file: chosen.file, definition: currentFormat(chosen.definition, chosen.file) };
  }, [bundled, candidate]);
}
