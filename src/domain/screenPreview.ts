import { ROLES } from './roles';

/**
 * Screen Studio's preview (issue 21), as the console and the server both speak it: the headers a
 * preview's reads carry (the role to read as and, for a provider role, the provider), the roles a
 * preview may take (every console role), and the words every write is refused with.
 * src/server/plugins/screenPreview.ts reads them; features/screenStudio/PreviewPanel.tsx sends them.
 */
export const PREVIEW_ROLE_HEADER = 'x-screen-preview-role';
export const PREVIEW_TENANT_HEADER = 'x-screen-preview-tenant';
export const PREVIEW_ROLES = ROLES.filter((role) => role !== 'patient');
export const PREVIEW_WRITES_REFUSED = 'Nothing is written in a preview';
