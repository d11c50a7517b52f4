import { useQuery } from '@tanstack/react-query';
import { useCallback, useMemo } from 'react';
import type { ScreenDefinition } from '../../../schemas/screen';
import { useDataProvider } from '../api/DataProviderContext';
import { bundledScreens, type LoadedScreen } from './core/definitions';
import { currentFormat } from './core/formatVersion';
import { bundledDefinition } from './screenFiles';
import { useScreenRegistries } from './environmentContext';
import type { ScreenRegistries } from './registries/screenRegistries';
import { useOnDemand, type OnDemand, type OnDemandState } from '../ui/onDemand';
import type { validateScreen as validateScreenType } from './validation/validateScreen';
import type { withFormFragment as withFormFragmentType } from './core/formFragments';

/**
 * Published definitions change rarely; every open console asks again each minute (Screen Studio,
 * issue 21: a publication or a rollback reaches every console within a minute, with no reload).
 */
const PUBLISHED_SCREENS_STALE_MS = 60_000;

const versionOf = (candidate: unknown): number => {
  const version = (candidate as { version?: unknown } | null)?.version;
  return typeof version === 'number' ? version : -Infinity;
};

/** GET /api/screens' definitions that are newer than the bundled files, with the validator to check them and the form fragments' merge. */
interface NewerScreens {
  candidates: unknown[];
  checks: { validateScreen: typeof validateScreenType; withFormFragment: typeof withFormFragmentType } | undefined;
}

/**
 * The server serves every screen, its files included: only one newer than the bundled file needs
 * the checks, so the validator (Ajv and the meta-schema, a chunk of their own) is fetched only when
 * there is one (issue 20: no meta-schema compiled in every browser), and so are the form fragments
 * (screens/fragments, which the validator's chunk loads too; a bundled file gets them in screenFiles.ts).
 */
async function newerScreens(answer: unknown): Promise<NewerScreens> {
  const candidates = (Array.isArray(answer) ? (answer as unknown[]) : []).filter((candidate) => {
    const bundled = bundledScreens.get(String((candidate as { id?: unknown } | null)?.id));
    return !bundled || versionOf(candidate) > bundled.version;
  });
  if (candidates.length === 0) return { candidates, checks: undefined };
  const [{ validateScreen }, { withFormFragment }] = await Promise.all([import('./validation/validateScreen'), import('./core/formFragments')]);
  return { candidates, checks: { validateScreen, withFormFragment } };
}

/** The newer published definitions that pass validation; a bad one is skipped (and reported in the console) rather than shown. */
function publishedScreens({ candidates, checks }: NewerScreens, registries: ScreenRegistries): Map<string, LoadedScreen> {
  const loaded = new Map<string, LoadedScreen>();
  if (!checks) return loaded;
  const { validateScreen, withFormFragment } = checks;
  for (const candidate of candidates) {
    const id = (candidate as { id?: unknown }).id;
    const file = `published screen ${String(id)} v${String((candidate as { version?: unknown }).version)}`;
    const problems = validateScreen(candidate, file, registries);
    if (problems.length > 0) console.warn(problems.join('\n'));
    else loaded.set(String(id), { definition: withFormFragment(candidate as ScreenDefinition, file), file });
  }
  return loaded;
}

/** Stands in for a screen no file has (a published-only one): never loads. */
const NO_FILE: OnDemand<LoadedScreen> = { preload: () => new Promise<never>(() => undefined), current: () => undefined };

/**
 * The effective definition of a screen (docs/DESIGN.md section 3): the newest published version from
 * GET /api/screens when it is newer than the bundled file, else the file, fetched on first use
 * (screenFiles.ts; the shell has usually started it). A failing call leaves the file in place.
 * Undefined when neither exists.
 */
export function useEffectiveScreen(id: string): OnDemandState<LoadedScreen> | undefined {
  const dataProvider = useDataProvider();
  const registries = useScreenRegistries();
  const published = useQuery({
    queryKey: ['screens'],
    queryFn: async () => newerScreens(await dataProvider.request<unknown>('/screens')),
    select: useCallback((answer: NewerScreens) => publishedScreens(answer, registries), [registries]),
    staleTime: PUBLISHED_SCREENS_STALE_MS,
    refetchInterval: PUBLISHED_SCREENS_STALE_MS,
    retry: false,
  });
  const source = bundledDefinition(id);
  const bundled = useOnDemand(source ?? NO_FILE);
  const candidate = published.data?.get(id);
  return useMemo(() => {
    // A published version newer than the file (newerScreens compared them) is shown without waiting for the file.
    const chosen = candidate ?? (bundled.status === 'ready' ? bundled.module : undefined);
    if (chosen) return { status: 'ready', module: { file: chosen.file, definition: currentFormat(chosen.definition, chosen.file) } };
    if (source) return bundled;
    return published.isPending ? { status: 'loading' } : undefined;
  }, [bundled, candidate, source, published.isPending]);
}
