// The part of autocannon's API that run.ts uses (the package ships no types).
declare module 'autocannon' {
  interface Options {
    url: string;
    connections: number;
    duration: number;
    requests: { method: 'GET'; path: string }[];
  }
  interface Result {
    requests: { average: number };
    latency: { p99: number };
    errors: number;
    non2xx: number;
  }
  export default function autocannon(options: Options): Promise<Result>;
}
