import { useCallback, useEffect, useRef, useState } from 'react';
import { idlePhase, type IdlePhase } from './idlePhase';

const ACTIVITY_EVENTS = ['mousemove', 'mousedown', 'keydown', 'wheel', 'touchstart', 'scroll'] as const;
/** Shared by the tabs, so that work in one tab keeps the others signed in. */
const LAST_ACTIVITY_KEY = 'care-console:last-activity';
const TICK_MS = 1000;

function storedActivity(): number {
  return Number(window.localStorage.getItem(LAST_ACTIVITY_KEY)) || 0;
}

/**
 * The idle rule of spec 000 section 4.2. Activity in any tab counts; once the prompt is up only
 * `stayActive` (the dialog's button) counts, so a stray mouse move cannot dismiss it unseen.
 */
export function useIdleTimer(onTimeout: () => void): { phase: IdlePhase; stayActive: () => void } {
  const lastActivity = useRef(Date.now());
  const [phase, setPhase] = useState<IdlePhase>({ kind: 'active' });
  const phaseRef = useRef(phase);
  const timedOut = useRef(false);
  const onTimeoutRef = useRef(onTimeout);
  useEffect(() => {
    onTimeoutRef.current = onTimeout;
  }, [onTimeout]);

  const record = useCallback(() => {
    const now = Date.now();
    lastActivity.current = now;
    // One write a second is enough for a 15-minute rule and spares the storage event storm.
    if (now - storedActivity() >= TICK_MS) window.localStorage.setItem(LAST_ACTIVITY_KEY, String(now));
  }, []);

  useEffect(() => {
    record();
    const onActivity = () => {
      if (phaseRef.current.kind === 'active') record();
    };
    ACTIVITY_EVENTS.forEach((name) => window.addEventListener(name, onActivity, { passive: true, capture: true }));
    const timer = window.setInterval(() => {
      const next = idlePhase(Math.max(lastActivity.current, storedActivity()), Date.now());
      phaseRef.current = next;
      setPhase((current) => (JSON.stringify(current) === JSON.stringify(next) ? current : next));
      if (next.kind === 'timed-out' && !timedOut.current) {
        timedOut.current = true;
        onTimeoutRef.current();
      }
    }, TICK_MS);
    return () => {
      ACTIVITY_EVENTS.forEach((name) => window.removeEventListener(name, onActivity, { capture: true }));
      window.clearInterval(timer);
    };
  }, [record]);

  const stayActive = useCallback(() => {
    record();
    phaseRef.current = { kind: 'active' };
    setPhase(phaseRef.current);
  }, [record]);

  return { phase, stayActive };
}
