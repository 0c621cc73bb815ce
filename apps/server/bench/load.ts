import { Worker } from "node:worker_threads";

export interface LoadOptions {
  concurrency: number;
  /** measured time; a warm-up of a fifth of it (at most 1 s) runs first and is not counted */
  durationMs: number;
}

export interface LoadStats {
  requests: number;
  /** the calls of the warm-up and the measured time together */
  callsWithWarmUp: number;
  errors: number;
  firstError: string | null;
  rps: number;
  p50: number;
  p95: number;
  p99: number;
}

export interface HttpLoadRequest extends LoadOptions {
  url: string;
  headers: Record<string, string>;
}

/**
 * `concurrency` loops each calling `call` back to back until the deadline, so the load is
 * bounded and the run stops by itself. Latencies in ms.
 */
export async function runLoad(options: LoadOptions, call: () => Promise<void>): Promise<LoadStats> {
  let errors = 0;
  let firstError: string | null = null;
  const loop = async (until: number, latencies: number[]) => {
    while (performance.now() < until) {
      const start = performance.now();
      try {
        await call();
      } catch (error) {
        errors += 1;
        firstError ??= error instanceof Error ? error.message : String(error);
      }
      latencies.push(performance.now() - start);
    }
  };
  const loops = (ms: number, latencies: number[]) => {
    const until = performance.now() + ms;
    return Promise.all(Array.from({ length: options.concurrency }, () => loop(until, latencies)));
  };

  const warmUp: number[] = [];
  await loops(Math.min(1000, options.durationMs / 5), warmUp);
  const latencies: number[] = [];
  const start = performance.now();
  await loops(options.durationMs, latencies);
  const seconds = (performance.now() - start) / 1000;
  latencies.sort((a, b) => a - b);
  return {
    requests: latencies.length,
    callsWithWarmUp: warmUp.length + latencies.length,
    errors,
    firstError,
    rps: latencies.length / seconds,
    p50: percentile(latencies, 0.5),
    p95: percentile(latencies, 0.95),
    p99: percentile(latencies, 0.99),
  };
}

/** Of two measurements of the same thing, the faster one (other load on the machine only slows), with all errors. */
export function faster<Stats extends LoadStats>(a: Stats | null, b: Stats): Stats {
  const best = a && a.rps >= b.rps ? a : b;
  return { ...best, errors: (a?.errors ?? 0) + b.errors, firstError: a?.firstError ?? b.firstError };
}

export function percentile(sorted: number[], fraction: number): number {
  if (sorted.length === 0) return Number.NaN;
  return sorted[Math.min(sorted.length - 1, Math.floor(sorted.length * fraction))] ?? Number.NaN;
}

/**
 * A worker thread running a TypeScript file of bench/ (its URL), loaded through tsx, which Node
 * 20 does not pass on to workers.
 */
export function startTsWorker(file: string, workerData: unknown): Worker {
  const bootstrap = `import("tsx/esm/api").then(({ tsImport }) => tsImport(${JSON.stringify(file)}, ${JSON.stringify(import.meta.url)}));`;
  return new Worker(bootstrap, { eval: true, workerData });
}

/**
 * HTTP load from a worker thread, so the client's own work does not share the server's event
 * loop.
 */
export function runHttpLoad(request: HttpLoadRequest): Promise<LoadStats> {
  const worker = startTsWorker(new URL("./http-worker.ts", import.meta.url).href, request);
  return new Promise<LoadStats>((resolve, reject) => {
    worker.once("message", (stats: LoadStats) => resolve(stats));
    worker.once("error", reject);
    worker.once("exit", (code) => reject(new Error(`load worker exited with code ${code}`)));
  }).finally(() => worker.terminate());
}
