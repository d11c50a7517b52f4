/** Spec 000 section 1: shown beside the organisation name when the API reports is_demo. */
export function DemoBadge() {
  return <span className="shrink-0 whitespace-nowrap rounded-full bg-yellow-300 px-2 py-0.5 text-xs font-semibold text-yellow-950">Demo Mode</span>;
}
