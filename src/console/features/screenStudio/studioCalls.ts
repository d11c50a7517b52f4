import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { useDataProvider } from '../../api/DataProviderContext';

/**
 * Screen Studio's calls (src/server/routes/screenStudio/README.md), each answered as the server
 * words it. Every write refreshes what it changed and GET /api/screens, so that this console shows
 * a publication at once (the others within a minute).
 */

export type Definition = Record<string, unknown> & { id: string; version: number };

export interface Problem {
  path: string;
  message: string;
}

export interface StudioScreen {
  id: string;
  route: string | null;
  kind: string | null;
  title: string | null;
  version: number;
  source: 'file' | 'published';
  published_version: number | null;
  published_at: string | null;
  published_by_name: string | null;
  file_version: number | null;
  file_newer: boolean;
  has_draft: boolean;
  draft_revision: number | null;
  draft_updated_at: string | null;
  draft_updated_by_name: string | null;
  draft_submitted_at: string | null;
  draft_stale: boolean;
}

export interface Draft {
  screen_id: string;
  base_version: number;
  definition: Definition;
  revision: number;
  updated_at: string;
  updated_by_name: string | null;
  submitted_at: string | null;
  submitted_by_name: string | null;
  problems: Problem[];
}

export interface Version {
  version: number;
  published_at: string;
  published_by_name: string | null;
  note: string;
  release_id: number | null;
  release_name: string | null;
  replaced_version: number | null;
  restores_version: number | null;
  in_force: boolean;
}

export interface StudioScreenDetail extends StudioScreen {
  definition: Definition;
  draft: Draft | null;
  versions: Version[];
}

export interface Release {
  id: number;
  name: string;
  note: string;
  kind: 'release' | 'rollback';
  rolls_back_release_id: number | null;
  rolled_back_by_release_id: number | null;
  published_at: string;
  published_by_name: string | null;
  screens: { screen_id: string; version: number; replaced_version: number | null; restores_version: number | null }[];
}

const BASE = '/screen-studio';
const KEY = ['screen-studio'] as const;
// The data provider's request sends JSON headers with a body only (a DELETE has none).
const send = (method: string, body?: unknown): RequestInit => ({ method, ...(body === undefined ? {} : { body: JSON.stringify(body) }) });

export function useStudioScreens() {
  const dataProvider = useDataProvider();
  return useQuery({ queryKey: [...KEY, 'screens'], queryFn: () => dataProvider.request<StudioScreen[]>(`${BASE}/screens`) });
}

export function useStudioScreen(id: string) {
  const dataProvider = useDataProvider();
  return useQuery({
    queryKey: [...KEY, 'screens', id],
    queryFn: () => dataProvider.request<StudioScreenDetail>(`${BASE}/screens/${encodeURIComponent(id)}`),
  });
}

/** One version of a screen (published, or the file's), as it was written: never changes, so it is kept. */
export function useScreenVersion(id: string, version: number | undefined) {
  const dataProvider = useDataProvider();
  return useQuery({
    queryKey: [...KEY, 'screens', id, 'versions', version],
    queryFn: () => dataProvider.request<{ definition: Definition }>(`${BASE}/screens/${encodeURIComponent(id)}/versions/${String(version)}`),
    select: (answer) => answer.definition,
    enabled: version !== undefined,
    staleTime: Infinity,
  });
}

export function useReleases() {
  const dataProvider = useDataProvider();
  return useQuery({ queryKey: [...KEY, 'releases'], queryFn: () => dataProvider.request<Release[]>(`${BASE}/releases`) });
}

/** What the checks say of a definition: its problems, and the fields the server requires of a create form. */
export interface CheckAnswer {
  problems: Problem[];
  required_by_server: string[];
}

/** The checks of a definition as publishing would run them (POST check), for the editor as it changes. */
export function useCheck(id: string, definition: unknown) {
  const dataProvider = useDataProvider();
  return useQuery({
    queryKey: [...KEY, 'check', id, definition],
    queryFn: () => dataProvider.request<CheckAnswer>(`${BASE}/check`, send('POST', { id, definition })),
    staleTime: Infinity,
    retry: false,
  });
}

/** Every write of the studio, each refreshing the studio's reads and the console's published screens. */
export function useStudioWrites(id?: string) {
  const dataProvider = useDataProvider();
  const queryClient = useQueryClient();
  const refresh = () => Promise.all([queryClient.invalidateQueries({ queryKey: KEY }), queryClient.invalidateQueries({ queryKey: ['screens'] })]);
  const screenPath = (screen: string) => `${BASE}/screens/${encodeURIComponent(screen)}`;
  return {
    saveDraft: useMutation({
      mutationFn: ({ definition, revision }: { definition: Definition; revision: number | null }) =>
        dataProvider.request<Draft>(`${screenPath(id ?? '')}/draft`, send('PUT', { definition, revision })),
      onSuccess: refresh,
    }),
    discardDraft: useMutation({
      mutationFn: (revision: number) => dataProvider.request<null>(`${screenPath(id ?? '')}/draft?revision=${revision}`, send('DELETE')),
      onSuccess: refresh,
    }),
    submitDraft: useMutation({
      mutationFn: (revision: number) => dataProvider.request<Draft>(`${screenPath(id ?? '')}/draft/submit`, send('POST', { revision })),
      onSuccess: refresh,
    }),
    publish: useMutation({
      mutationFn: (body: { name: string; note: string; screens: { id: string; revision: number }[] }) =>
        dataProvider.request<{ id: number }>(`${BASE}/releases`, send('POST', body)),
      onSuccess: refresh,
    }),
    rollbackRelease: useMutation({
      mutationFn: ({ release, note }: { release: number; note: string }) =>
        dataProvider.request<{ id: number }>(`${BASE}/releases/${release}/rollback`, send('POST', { note })),
      onSuccess: refresh,
    }),
    rollbackScreen: useMutation({
      mutationFn: (body: { version: number; base_version: number; note: string }) =>
        dataProvider.request<{ id: number }>(`${screenPath(id ?? '')}/rollback`, send('POST', body)),
      onSuccess: refresh,
    }),
  };
}
