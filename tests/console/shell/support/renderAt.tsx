import { render } from '@testing-library/react';
import type { ReactElement } from 'react';
import { Router } from 'wouter';
import { memoryLocation } from 'wouter/memory-location';

/** Renders `ui` with the console's router at `path` (query string included), recording navigation. */
export function renderAt(path: string, ui: ReactElement) {
  const location = memoryLocation({ path, record: true });
  const result = render(
    <Router hook={location.hook} searchHook={location.searchHook}>
      {ui}
    </Router>,
  );
  return { ...result, location };
}
