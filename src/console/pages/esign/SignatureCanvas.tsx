import { useCallback, useEffect, useId, useImperativeHandle, useRef, type KeyboardEvent, type PointerEvent, type Ref } from 'react';

/** The canvas's drawing size (CSS scales it to the width of the page, 3:1). */
const WIDTH = 600;
const HEIGHT = 200;

export interface SignatureHandle {
  /** The drawing as a PNG data URL, or undefined while nothing is drawn. */
  png(): string | undefined;
  clear(): void;
}

/**
 * The signature pad: a canvas drawn on with a mouse, a pen or a finger (pointer events). Keyboard
 * users focus it and press Enter: their typed name is written on it in a handwriting style, which is
 * the signature they then sign with. Its name and instructions are tied to it for screen readers.
 */
export function SignatureCanvas({
  handle,
  typedName,
  onChange,
  errorId,
}: {
  handle: Ref<SignatureHandle>;
  typedName: string;
  onChange: (drawn: boolean) => void;
  /** The id of the error said about the signature, when there is one. */
  errorId?: string | undefined;
}) {
  const canvas = useRef<HTMLCanvasElement>(null);
  const drawing = useRef(false);
  const drawn = useRef(false);
  const instructions = useId();
  const labelId = useId();

  const context = useCallback(() => {
    const ctx = canvas.current?.getContext('2d') ?? null;
    if (ctx) {
      ctx.lineWidth = 3;
      ctx.lineCap = 'round';
      ctx.lineJoin = 'round';
      ctx.strokeStyle = '#0f172a';
      ctx.fillStyle = '#0f172a';
    }
    return ctx;
  }, []);
  const mark = (value: boolean) => {
    drawn.current = value;
    onChange(value);
  };
  const clear = useCallback(() => {
    context()?.clearRect(0, 0, WIDTH, HEIGHT);
    drawn.current = false;
    onChange(false);
  }, [context, onChange]);

  useImperativeHandle(handle, () => ({ png: () => (drawn.current ? canvas.current?.toDataURL('image/png') : undefined), clear }), [clear]);
  useEffect(() => {
    context();
  }, [context]);

  const point = (event: PointerEvent<HTMLCanvasElement>) => {
    const box = event.currentTarget.getBoundingClientRect();
    return { x: ((event.clientX - box.left) / (box.width || WIDTH)) * WIDTH, y: ((event.clientY - box.top) / (box.height || HEIGHT)) * HEIGHT };
  };
  const down = (event: PointerEvent<HTMLCanvasElement>) => {
    const ctx = context();
    if (!ctx) return;
    event.currentTarget.setPointerCapture?.(event.pointerId);
    drawing.current = true;
    const { x, y } = point(event);
    ctx.beginPath();
    ctx.moveTo(x, y);
    ctx.lineTo(x + 0.1, y + 0.1);
    ctx.stroke();
  };
  const move = (event: PointerEvent<HTMLCanvasElement>) => {
    if (!drawing.current) return;
    const ctx = context();
    if (!ctx) return;
    const { x, y } = point(event);
    ctx.lineTo(x, y);
    ctx.stroke();
    if (!drawn.current) mark(true);
  };
  const up = () => {
    drawing.current = false;
  };
  const keyboardSign = (event: KeyboardEvent<HTMLCanvasElement>) => {
    if (event.key !== 'Enter' && event.key !== ' ') return;
    event.preventDefault();
    const name = typedName.trim();
    const ctx = context();
    if (!name || !ctx) return;
    ctx.clearRect(0, 0, WIDTH, HEIGHT);
    ctx.font = 'italic 48px "Brush Script MT", "Segoe Script", cursive';
    ctx.textBaseline = 'middle';
    ctx.fillText(name, 24, HEIGHT / 2, WIDTH - 48);
    mark(true);
  };

  return (
    <div>
      <p id={labelId} className="block text-sm font-medium text-slate-800">
        Your signature
      </p>
      <p id={instructions} className="mt-1 text-xs text-slate-600">
        Draw your signature in the box with your mouse, pen or finger. Using a keyboard? Type your full name above, then focus the box and press Enter to sign
        with it.
      </p>
      <canvas
        ref={canvas}
        width={WIDTH}
        height={HEIGHT}
        tabIndex={0}
        role="img"
        aria-labelledby={labelId}
        aria-describedby={errorId ? `${instructions} ${errorId}` : instructions}
        data-testid="signature-canvas"
        className={`mt-2 block aspect-[3/1] w-full touch-none rounded-md border-2 bg-white focus-visible:outline-2 focus-visible:outline-offset-2 focus-visible:outline-blue-600 ${errorId ? 'border-red-600' : 'border-dashed border-slate-400'}`}
        onPointerDown={down}
        onPointerMove={move}
        onPointerUp={up}
        onPointerCancel={up}
        onPointerLeave={up}
        onKeyDown={keyboardSign}
      />
    </div>
  );
}
