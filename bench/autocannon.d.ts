// The part of autocannon's API the benchmarks use (the package ships no types).
declare module "autocannon" {
  import type { EventEmitter } from "node:events";

  type RequestData = { method?: string; path?: string; headers?: Record<string, string> };
  type Options = {
    url: string;
    connections?: number;
    duration?: number;
    amount?: number;
    pipelining?: number;
    /** Seconds to wait for a response (default 10). */
    timeout?: number;
    headers?: Record<string, string>;
    requests?: (RequestData & { setupRequest?: (request: RequestData) => RequestData })[];
  };
  type Result = {
    requests: { average: number; total: number };
    throughput: { average: number };
    latency: { p50: number; p90: number; p99: number; average: number };
    non2xx: number;
    errors: number;
    timeouts: number;
    duration: number;
  };
  interface Instance extends EventEmitter {
    on(event: "response", listener: (client: unknown, statusCode: number, bytes: number, responseTime: number) => void): this;
    on(event: "done", listener: (result: Result) => void): this;
  }
  function autocannon(options: Options): Instance;
  export default autocannon;
  export type { Options, Result, Instance };
}
