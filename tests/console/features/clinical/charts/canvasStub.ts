import { afterAll, beforeAll } from 'vitest';

/**
 * jsdom has no canvas (getContext is "not implemented" and answers null, on which chart.js fails as
 * soon as a chart resizes). This 2D context draws nothing: every method is a no-op, text measures 0
 * wide, and properties set are kept, so that chart.js lays its chart out and the dialog around it can
 * be tested. What the chart draws is tested apart (chartDatasets.test.ts).
 */
export function useCanvasStub() {
  const descriptor = Object.getOwnPropertyDescriptor(HTMLCanvasElement.prototype, 'getContext');
  const contexts = new WeakMap<HTMLCanvasElement, object>();
  const contextOf = (canvas: HTMLCanvasElement) => {
    const held: Record<string | symbol, unknown> = {
      canvas,
      measureText: () => ({ width: 0, actualBoundingBoxAscent: 0, actualBoundingBoxDescent: 0 }),
      getLineDash: () => [],
      createLinearGradient: () => ({ addColorStop: () => undefined }),
    };
    return new Proxy(held, {
      get: (target, key) => (key in target ? target[key] : () => undefined),
      set: (target, key, value) => {
        target[key] = value;
        return true;
      },
    });
  };
  beforeAll(() => {
    Object.defineProperty(HTMLCanvasElement.prototype, 'getContext', {
      configurable: true,
      writable: true,
      value: function getContext(this: HTMLCanvasElement) {
        const context = contexts.get(this) ?? contextOf(this);
        contexts.set(this, context);
        return context;
      },
    });
  });
  afterAll(() => {
    if (descriptor) Object.defineProperty(HTMLCanvasElement.prototype, 'getContext', descriptor);
  });
}
