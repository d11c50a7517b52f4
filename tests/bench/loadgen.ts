/** Latency figures of one benchmark case. */
export interface LoadResult {
  requests: number;
  seconds: number;
  rps: number;
  p50: number;
  p95: number;
  p99: number;
  errors: number;
}

/**
 * Sends `requests` GETs to `url` from `concurrency` loops over keep-alive connections and
 * measures each request's latency (ms). Bounded in count: it stops by itself.
 */
export async function runLoad(url: string, headers: Record<string, string>, requests: number, concurrency: number): Promise<LoadResult> {
  const latencies: number[] = [];
  let next = 0;
  let errors = 0;
  const started = performance.now();
  const worker = async () => {
    while (next < requests) {
      next++;
      const t0 = performance.now();
      const response = await fetch(url, { headers });
      await response.arrayBuffer();
      latencies.push(performance.now() - t0);
      if (!response.ok) errors++;
    }
  };
  await Promise.all(Array.from({ length: concurrency }, worker));
  const seconds = (performance.now() - started) / 1000;
  return { requests: latencies.length, seconds, rps: latencies.length / seconds, ...percentiles(latencies), errors };
}

/** The 50th, 95th and 99th percentiles of latencies (ms), sorted in place. */
export function percentiles(latencies: number[]): { p50: number; p95: number; p99: number } {
  latencies.sort((a, b) => a - b);
  const at = (q: number) => latencies[Math.min(latencies.length - 1, Math.floor(q * latencies.length))] ?? NaN;
  return { p50: at(0.5), p95: at(0.95), p99: at(0.99) };
}
