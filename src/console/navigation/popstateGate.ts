/** Decides on a move of the browser's history: true holds it back from the router. */
type PopstateGate = (event: PopStateEvent) => boolean;

let gate: PopstateGate | undefined;

// Listeners of one target run in the order they were added (Chromium does not run a window's capturing
// listeners first), and the router adds its own as it first renders. This one is added when the console's
// entry loads (App.tsx imports this file), so it runs before the router's and can stop the event there.
window.addEventListener(
  'popstate',
  (event) => {
    if (gate?.(event)) event.stopImmediatePropagation();
  },
  { capture: true },
);

/** Puts a gate on the browser's back and forward until the returned function removes it. */
export function gatePopstate(next: PopstateGate): () => void {
  gate = next;
  return () => {
    if (gate === next) gate = undefined;
  };
}
