// The part of autocannon's API that the benchmarks use (the package ships no types).
declare module 'autocannon' {
  interface Request {
    method: 'GET' | 'POST';
    path: string;
    headers?: Record<string, string>;
    body?: string;
    /** Called before each request when given: answers the request to send. */
    setupRequest?: (request: Request) => Request;
  }
  interface Options {
    url: string;
    connections: number;
    duration: number;
    requests: Request[];
    /** Requests per second over all connections (0: as fast as possible). */
    overallRate?: number;
    timeout?: number;
  }
  interface Result {
    requests: { average: number; total: number };
    latency: { p50: number; p99: number; max: number };
    errors: number;
    timeouts: number;
    non2xx: number;
    statusCodeStats: Record<string, { count: number }>;
  }
  export default function autocannon(options: Options): Promise<Result>;
}
