// The load generator, run by public-pages.ts as a child process so it does not share the
// server's event loop (it does share the machine's cores). Takes one JSON argument:
//   { url, connections, seconds, headers? }
// and prints one JSON line: requests/s, latency percentiles (ms, from exact per-response timings),
// errors, timeouts and non-2xx responses.
import autocannon from 'autocannon';

type LoadOptions = { url: string; connections: number; seconds: number; headers?: Record<string, string> };

export type LoadResult = {
  url: string;
  connections: number;
  seconds: number;
  requests: number;
  requestsPerSecond: number;
  bytesPerSecond: number;
  latencyMs: { p50: number; p90: number; p99: number; max: number; mean: number };
  errors: number;
  timeouts: number;
  non2xx: number;
  statusCodes: Record<string, number>;
};

function percentile(sorted: Float64Array, p: number): number {
  if (sorted.length === 0) return 0;
  const rank = Math.min(sorted.length - 1, Math.max(0, Math.ceil((p / 100) * sorted.length) - 1));
  return sorted[rank]!;
}

const round = (n: number, digits = 2) => Math.round(n * 10 ** digits) / 10 ** digits;

async function run({ url, connections, seconds, headers = {} }: LoadOptions): Promise<LoadResult> {
  // autocannon's own histogram keeps whole milliseconds; a sub-millisecond server needs finer.
  let times = new Float64Array(1 << 16);
  let count = 0;
  const instance = autocannon({ url, connections, duration: seconds, pipelining: 1, timeout: 10, headers });
  instance.on('response', (_client: unknown, statusCode: number, _bytes: number, responseTime: number) => {
    if (statusCode < 200 || statusCode >= 300) return;
    if (count === times.length) {
      const grown = new Float64Array(times.length * 2);
      grown.set(times);
      times = grown;
    }
    times[count++] = responseTime;
  });
  const result = await instance;
  const sorted = times.subarray(0, count).sort();
  let sum = 0;
  for (const t of sorted) sum += t;
  const elapsed = result.duration || seconds;
  return {
    url,
    connections,
    seconds: elapsed,
    requests: result.requests.total,
    // Completed responses over the measured wall time (autocannon's per-second average drops partial seconds).
    requestsPerSecond: round(result.requests.total / elapsed, 1),
    bytesPerSecond: Math.round(result.throughput.total / elapsed),
    latencyMs: {
      p50: round(percentile(sorted, 50)),
      p90: round(percentile(sorted, 90)),
      p99: round(percentile(sorted, 99)),
      max: round(sorted.length ? sorted[sorted.length - 1]! : 0),
      mean: round(count ? sum / count : 0),
    },
    errors: result.errors,
    timeouts: result.timeouts,
    non2xx: result.non2xx,
    statusCodes: Object.fromEntries(Object.entries(result.statusCodeStats ?? {}).map(([code, s]) => [code, s.count])),
  };
}

const options = JSON.parse(process.argv[2] ?? '{}') as LoadOptions;
if (!options.url?.startsWith('http://127.0.0.1:')) {
  console.error('load.ts only sends traffic to http://127.0.0.1');
  process.exit(2);
}
process.stdout.write(`${JSON.stringify(await run(options))}\n`);
