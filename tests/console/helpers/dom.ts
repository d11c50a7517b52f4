import '@testing-library/jest-dom/vitest';
import { cleanup, configure } from '@testing-library/react';
import { afterEach } from 'vitest';
import { chartCanvas } from '../../../src/console/features/analytics/MetricsChart';
import { formEngine } from '../../../src/console/renderer/rjsf/LazySchemaForm';

// Two test files run at once on a small machine; a debounced search plus a request can take more than the default second.
configure({ asyncUtilTimeout: 3_000 });

// Headless UI observes sizes; jsdom has no layout to observe.
window.ResizeObserver ??= class {
  observe() {}
  unobserve() {}
  disconnect() {}
};

// Vitest runs without globals here, so Testing Library cannot register its own cleanup.
afterEach(() => {
  cleanup();
  window.sessionStorage.clear();
});

// The form engine and the analytics canvas load on demand in the console (ui/onDemand.ts): a user
// sees "Loading…" for the moment the chunk takes (e2e covers it). Here they are loaded before the
// file's tests, so that a form or a chart is drawn with its screen, as the tests have always read them.
await Promise.all([formEngine.preload(), chartCanvas.preload()]);
