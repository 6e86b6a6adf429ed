// The part of autocannon's programmatic API the benchmark uses (the package ships no types).
declare module 'autocannon' {
  import type { EventEmitter } from 'node:events';

  type Histogram = { average: number; mean: number; stddev: number; min: number; max: number; total: number; p50: number; p99: number };

  export type Result = {
    duration: number;
    errors: number;
    timeouts: number;
    non2xx: number;
    statusCodeStats?: Record<string, { count: number }>;
    latency: Histogram;
    requests: Histogram & { sent: number };
    throughput: Histogram;
  };

  export type Options = { url: string; connections?: number; duration?: number; pipelining?: number; timeout?: number; headers?: Record<string, string> };

  export type Instance = EventEmitter & PromiseLike<Result> & { stop(): void };

  export default function autocannon(options: Options): Instance;
}
