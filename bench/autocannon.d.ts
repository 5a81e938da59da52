// The few parts of autocannon 9 the benchmark uses (the package ships no types).
declare module "autocannon" {
  export interface Options {
    url: string;
    connections?: number;
    /** Seconds. */
    duration?: number;
    /** Stop after this many requests instead of a duration. */
    amount?: number;
    headers?: Record<string, string>;
    method?: "GET" | "POST";
    body?: string;
    /** Runs once per connection, e.g. to give each connection its own cookie. */
    setupClient?: (client: Client) => void;
    /** What each connection sends, in turn; `{}` repeats `url` with the options above. */
    requests?: Request[];
  }
  export interface Request {
    /** Called with each response; `headers` as the server named them, a repeated one as an array. */
    onResponse?: (status: number, body: string, context: Record<string, unknown>, headers: Record<string, string | string[]>) => void;
  }
  export interface Client {
    setHeaders(headers: Record<string, string>): void;
  }
  interface Histogram {
    average: number;
    p50: number;
    p99: number;
    max: number;
  }
  interface Result {
    /** Requests per second. */
    requests: Histogram;
    /** Milliseconds. */
    latency: Histogram;
    errors: number;
    timeouts: number;
    non2xx: number;
  }
  function autocannon(options: Options): Promise<Result>;
  export default autocannon;
}
