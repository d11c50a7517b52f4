import type { ReactNode } from 'react';
import type { ApiRow, ScreenEnvironment } from '../../../src/console/renderer/core/context';
import { ScopeContext } from '../../../src/console/renderer/scopeContext';
import { renderWithScreens } from './renderScreen';

interface PartOptions {
  record?: ApiRow;
  params?: Record<string, string>;
  environment?: ScreenEnvironment;
  path?: string;
}

/** One part of a screen (a cell, a filter, an action) inside a screen's scope. */
export function renderPart(ui: ReactNode, { record, params = {}, environment, path }: PartOptions = {}) {
  const scope = { screenId: 'test.screen', location: { file: 'screens/test.screen.json', path: '' }, params, ...(record ? { record } : {}) };
  return renderWithScreens(<ScopeContext.Provider value={scope}>{ui}</ScopeContext.Provider>, {
    ...(environment ? { environment } : {}),
    ...(path ? { path } : {}),
  });
}
