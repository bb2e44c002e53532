import type { FastifyInstance, FastifyRequest } from 'fastify';

/**
 * Request counts and latencies of this process, for `/metrics` (Prometheus text format). Kept in
 * memory: each app process answers for itself, as Prometheus expects of a scrape target.
 */
const BUCKETS = [0.005, 0.01, 0.025, 0.05, 0.1, 0.25, 0.5, 1, 2.5, 5];

interface Series {
  count: number;
  sum: number;
  buckets: number[];
}

const requests = new Map<string, Series>();

const esc = (v: string) => v.replace(/\\/g, '\\\\').replace(/"/g, '\\"').replace(/\n/g, '\\n');

export function installRequestMetrics(app: FastifyInstance) {
  app.addHook('onResponse', (req, reply, done) => {
    const route = req.routeOptions.url ?? 'unmatched';
    // The web client's pages share one series; API routes keep their pattern (never the raw URL).
    const key = `${req.method}\u0000${route === '/*' ? '/*' : route}\u0000${reply.statusCode}`;
    let s = requests.get(key);
    if (!s) requests.set(key, (s = { count: 0, sum: 0, buckets: BUCKETS.map(() => 0) }));
    const seconds = reply.elapsedTime / 1000;
    s.count++;
    s.sum += seconds;
    for (let i = 0; i < BUCKETS.length; i++) if (seconds <= BUCKETS[i]) s.buckets[i]++;
    done();
  });
}

export interface Gauge {
  name: string;
  help: string;
  type?: 'gauge' | 'counter';
  values: { labels?: Record<string, string>; value: number }[];
}

/** The exposition text: the request series of this process, then the gauges given. */
export function renderMetrics(gauges: Gauge[]): string {
  const out: string[] = ['# HELP http_requests_total HTTP requests answered by this process.', '# TYPE http_requests_total counter'];
  const sorted = [...requests.entries()].sort(([a], [b]) => a.localeCompare(b));
  const labels = (key: string) => {
    const [method, route, status] = key.split('\u0000');
    return `method="${esc(method)}",route="${esc(route)}",status="${status}"`;
  };
  for (const [key, s] of sorted) out.push(`http_requests_total{${labels(key)}} ${s.count}`);
  out.push('# HELP http_request_duration_seconds Time to answer, from the request to the last byte handed to the socket.');
  out.push('# TYPE http_request_duration_seconds histogram');
  for (const [key, s] of sorted) {
    const l = labels(key);
    BUCKETS.forEach((b, i) => out.push(`http_request_duration_seconds_bucket{${l},le="${b}"} ${s.buckets[i]}`));
    out.push(`http_request_duration_seconds_bucket{${l},le="+Inf"} ${s.count}`);
    out.push(`http_request_duration_seconds_sum{${l}} ${Math.round(s.sum * 1e6) / 1e6}`);
    out.push(`http_request_duration_seconds_count{${l}} ${s.count}`);
  }
  for (const g of gauges) {
    out.push(`# HELP ${g.name} ${g.help}`, `# TYPE ${g.name} ${g.type ?? 'gauge'}`);
    for (const v of g.values) {
      const l = v.labels
        ? `{${Object.entries(v.labels)
            .map(([k, x]) => `${k}="${esc(x)}"`)
            .join(',')}}`
        : '';
      out.push(`${g.name}${l} ${v.value}`);
    }
  }
  return `${out.join('\n')}\n`;
}

/** A scrape from this machine (no proxy in between) needs no session. */
export function isLocalScrape(req: FastifyRequest) {
  const direct = req.socket.remoteAddress ?? '';
  const local = direct === '127.0.0.1' || direct === '::1' || direct === '::ffff:127.0.0.1';
  return local && !req.headers['x-forwarded-for'];
}
