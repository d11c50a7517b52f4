import { useQuery } from '@tanstack/react-query';
import { useId, useMemo, useState } from 'react';
import type { ScreenDefinition } from '../../../../schemas/screen';
import { permissionMap } from '../../../domain/permissions';
import { isInternalRole, type Role } from '../../../domain/roles';
import { PREVIEW_ROLE_HEADER, PREVIEW_ROLES, PREVIEW_TENANT_HEADER, PREVIEW_WRITES_REFUSED } from '../../../domain/screenPreview';
import { fetcher } from '../../api/client';
import { createDataProvider, type DataProvider } from '../../api/dataProvider';
import { useDataProvider } from '../../api/DataProviderContext';
import type { ScreenEnvironment } from '../../renderer/core/context';
import { withFormFragment } from '../../renderer/core/formFragments';
import { currentFormat } from '../../renderer/core/formatVersion';
import { useScreenEnvironment } from '../../renderer/environmentContext';
import { ScreenPreview } from '../../renderer/ScreenPreview';
import { INPUT_CLASSES } from '../../renderer/skin/inputClasses';
import { Button } from '../../ui/Button';
import { Notice } from '../../ui/Notice';
import type { Definition, Problem } from './studioCalls';
import { LabelledSelect } from './StudioFields';

interface Viewer {
  role: Role;
  tenantId: number | undefined;
  recordId: string;
}

/**
 * Reads as the chosen role (the server checks the caller may edit screens and refuses every write
 * in a preview); a write is refused here already, so that no action of the previewed screen
 * changes anything.
 */
function previewDataProvider({ role, tenantId }: Viewer): DataProvider {
  return createDataProvider((path, init) => {
    const method = (init.method ?? 'GET').toUpperCase();
    if (method !== 'GET' && method !== 'HEAD') {
      return Promise.resolve(
        new Response(JSON.stringify({ detail: PREVIEW_WRITES_REFUSED }), { status: 403, headers: { 'Content-Type': 'application/json' } }),
      );
    }
    const headers = new Headers(init.headers);
    headers.set(PREVIEW_ROLE_HEADER, role);
    if (!isInternalRole(role) && tenantId !== undefined) headers.set(PREVIEW_TENANT_HEADER, String(tenantId));
    return fetcher(path, { ...init, headers });
  });
}

function previewEnvironment(base: ScreenEnvironment, { role, tenantId }: Viewer): ScreenEnvironment {
  const internal = isInternalRole(role);
  const tenant = internal ? null : (tenantId ?? null);
  return {
    ...base,
    identity: { ...base.identity, role, is_internal: internal, tenant_id: tenant, tenantId: tenant },
    permissions: permissionMap({ role, is_internal: internal }),
  };
}

function useTenants() {
  const dataProvider = useDataProvider();
  return useQuery({
    queryKey: ['screen-studio', 'tenants'],
    queryFn: () => dataProvider.request<{ id: number; name: string }[]>('/screen-studio/tenants'),
  });
}

/**
 * The draft drawn by the real renderer on live data, as a chosen role of a chosen provider (and, for
 * a record's screen, a chosen record), reading only: Screen Studio's Preview tab (issue 21).
 */
export function PreviewPanel({ definition, problems }: { definition: Definition; problems: readonly Problem[] }) {
  const environment = useScreenEnvironment();
  const tenants = useTenants();
  const route = typeof definition.route === 'string' ? definition.route : '/';
  const needsRecord = route.includes(':id');
  const [choice, setChoice] = useState<Viewer>({ role: 'clinician', tenantId: undefined, recordId: '' });
  const [shown, setShown] = useState<Viewer | undefined>();
  const recordId = useId();
  const tenantId = choice.tenantId ?? tenants.data?.[0]?.id;
  const ready = (!needsRecord || /^\d+$/.test(choice.recordId)) && (isInternalRole(choice.role) || tenantId !== undefined);
  const resolved = useMemo(() => {
    try {
      return currentFormat(withFormFragment(definition, `draft of ${definition.id}`) as unknown as ScreenDefinition, definition.id);
    } catch {
      return undefined;
    }
  }, [definition]);
  const path = shown ? route.replace(/\/:tab\?$/, '').replace(':id', shown.recordId) : '/';
  const preview = useMemo(
    () => (shown ? { dataProvider: previewDataProvider(shown), environment: previewEnvironment(environment, shown) } : undefined),
    [shown, environment],
  );

  return (
    <div className="space-y-4">
      <div className="flex flex-wrap items-end gap-3">
        <LabelledSelect label="Preview as" value={choice.role} choices={PREVIEW_ROLES} onChange={(role) => setChoice({ ...choice, role: role as Role })} />
        {!isInternalRole(choice.role) && (
          <LabelledSelect
            label="Of the provider"
            value={tenantId === undefined ? '' : String(tenantId)}
            choices={(tenants.data ?? []).map((tenant) => ({ value: String(tenant.id), label: tenant.name }))}
            onChange={(value) => setChoice({ ...choice, tenantId: Number(value) })}
          />
        )}
        {needsRecord && (
          <div>
            <label htmlFor={recordId} className="block text-xs font-medium text-slate-700">
              Record id
            </label>
            <input
              id={recordId}
              className={INPUT_CLASSES}
              inputMode="numeric"
              value={choice.recordId}
              onChange={(event) => setChoice({ ...choice, recordId: event.target.value.trim() })}
            />
          </div>
        )}
        <Button variant="primary" disabled={!ready || problems.length > 0 || !resolved} onClick={() => setShown({ ...choice, tenantId })}>
          Show preview
        </Button>
      </div>
      {problems.length > 0 && <Notice tone="warning">Mend the problems first: the preview draws a definition that passes the checks.</Notice>}
      {shown && preview && resolved && problems.length === 0 && (
        <section aria-label="Preview" className="rounded-lg border-2 border-dashed border-blue-300 p-4">
          <Notice tone="info">{`Preview as ${shown.role} on live data. Nothing is written: every action that would save is disabled.`}</Notice>
          <div className="mt-4">
            <ScreenPreview
              key={JSON.stringify(shown)}
              definition={resolved}
              path={path}
              environment={preview.environment}
              dataProvider={preview.dataProvider}
              writesRefused={PREVIEW_WRITES_REFUSED}
            />
          </div>
        </section>
      )}
    </div>
  );
}
