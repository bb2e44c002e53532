/** Sends `total` GET requests with `concurrency` in flight and reports exact percentiles in ms. */
export async function measure(url: string, headers: Record<string, string>, total: number, concurrency: number) {
  const times: number[] = [];
  let next = 0;
  let failures = 0;
  const worker = async () => {
    while (next < total) {
      next++;
      const started = performance.now();
      const res = await fetch(url, { headers });
      await res.arrayBuffer();
      times.push(performance.now() - started);
      if (!res.ok) failures++;
    }
  };
  const began = performance.now();
  await Promise.all(Array.from({ length: concurrency }, worker));
  const seconds = (performance.now() - began) / 1000;
  times.sort((a, b) => a - b);
  const pct = (p: number) => Math.round(times[Math.min(times.length - 1, Math.floor((p / 100) * times.length))] * 10) / 10;
  return { rps: Math.round(total / seconds), p50: pct(50), p95: pct(95), p99: pct(99), failures };
}
