/** A list that asked nothing because a required filter is unset: 'No date range selected' and what to do. */
export function ListBlocked({ title, text }: { title: string; text: string }) {
  return (
    <div role="status" className="rounded-md border border-dashed border-slate-300 p-8 text-center">
      <p className="text-sm font-semibold text-slate-800">{title}</p>
      <p className="mt-1 text-sm text-slate-500">{text}</p>
    </div>
  );
}
