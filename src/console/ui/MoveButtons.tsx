import { useId } from 'react';
import { Button } from './Button';

/**
 * Up and Down for a row of an ordered list (a step's items, an activity's steps). The row keeps its
 * key when it moves, and the focus stays on the button pressed (or its pair, at an end), so that a
 * keyboard user may press it again.
 */
export function MoveButtons({ name, index, count, onMove }: { name: string; index: number; count: number; onMove: (delta: -1 | 1) => void }) {
  const id = useId();
  const move = (delta: -1 | 1) => {
    onMove(delta);
    const to = index + delta;
    const pressed = delta < 0 ? 'up' : 'down';
    const atEnd = delta < 0 ? to === 0 : to === count - 1;
    // After the move is drawn: the button pressed, unless the row reached that end.
    setTimeout(() => document.getElementById(`${id}-${atEnd ? (pressed === 'up' ? 'down' : 'up') : pressed}`)?.focus());
  };
  return (
    <>
      <Button id={`${id}-up`} variant="ghost" aria-label={`Move ${name} up`} disabled={index === 0} onClick={() => move(-1)}>
        ↑ Up
      </Button>
      <Button id={`${id}-down`} variant="ghost" aria-label={`Move ${name} down`} disabled={index === count - 1} onClick={() => move(1)}>
        ↓ Down
      </Button>
    </>
  );
}
