/** A centred status line while the session or a page's code loads. */
export function FullPageStatus({ text = 'Loading…' }: { text?: string }) {
  return (
    <div role="status" className="flex min-h-[50vh] items-center justify-center text-sm text-slate-600">
      {text}
    </div>
  );
}
