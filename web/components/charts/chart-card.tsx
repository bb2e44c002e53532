import { Component, lazy, Suspense, useEffect, useRef, useState, type ReactNode, type RefObject } from 'react';
import { Card, CardContent, CardDescription, CardHeader, CardTitle } from '../ui/card';
import { seriesFormat, seriesLegend, type ChartSpec } from './chart-spec';

// The charting library is its own chunk, fetched when the first chart renders (after the dashboard's first paint),
// never part of a page's first load (scripts/bundle-budget.mjs).
const UPlotChart = lazy(() => import('./uplot-chart'));

// Keyed: React never turns the pulsing placeholder into the empty state in place (Chrome counted that node's change
// as a layout shift from the top of the viewport: CLS 0.2 on the admin dashboard, issue 14).
const placeholder = <div key="placeholder" className="h-full w-full animate-pulse rounded-xl bg-slate-100" aria-hidden="true" />;
// A chart whose figures are here but which waits to be drawn (out of view, or the main thread busy): a still box, not
// an endless pulse for a chart no one has scrolled to.
const waiting = <div key="waiting" className="h-full w-full rounded-xl bg-slate-50" aria-hidden="true" />;

type IdleWindow = Window & { requestIdleCallback?: (cb: () => void, opts?: { timeout: number }) => number; cancelIdleCallback?: (id: number) => void };

/** Runs `fn` when the main thread is idle (or soon, where the browser has no requestIdleCallback); answers the cancel. */
function whenIdle(fn: () => void): () => void {
  const w = window as IdleWindow;
  if (w.requestIdleCallback && w.cancelIdleCallback) {
    const id = w.requestIdleCallback(fn, { timeout: 1500 });
    return () => w.cancelIdleCallback!(id);
  }
  const id = window.setTimeout(fn, 50);
  return () => window.clearTimeout(id);
}

/**
 * True once the box has come near the viewport and the main thread has had a moment to spare: the chart's chunk and its
 * drawing (tens of milliseconds a chart on a phone) wait for both, so they neither block the dashboard's first render
 * nor run for charts nobody scrolled to (issue 14). Charts drawn once stay drawn.
 */
function useDrawWhenSeen(box: RefObject<HTMLElement | null>, enabled: boolean): boolean {
  const [ready, setReady] = useState(false);
  useEffect(() => {
    const el = box.current;
    if (!enabled || ready || !el) return;
    if (typeof IntersectionObserver === 'undefined') return whenIdle(() => setReady(true));
    let cancel: (() => void) | undefined;
    const seen = new IntersectionObserver(
      (entries) => {
        if (!entries.some((e) => e.isIntersecting)) return;
        seen.disconnect();
        cancel = whenIdle(() => setReady(true));
      },
      { rootMargin: '100px 0px' },
    );
    seen.observe(el);
    return () => {
      seen.disconnect();
      cancel?.();
    };
  }, [box, enabled, ready]);
  return ready;
}

/** When the chart chunk cannot load (offline, a new deploy), the text alternative below still says everything. */
class ChartBoundary extends Component<{ children: ReactNode }, { failed: boolean }> {
  override state = { failed: false };
  static getDerivedStateFromError() {
    return { failed: true };
  }
  override render() {
    return this.state.failed ? <p className="text-sm text-slate-500">The chart could not be drawn; the figures are in the table.</p> : this.props.children;
  }
}

/**
 * A chart in a card with its text alternative: a one-sentence summary under the chart for everyone, and the figures as
 * a table for screen readers (the canvas itself is hidden from them).
 */
export function ChartCard({
  title,
  description,
  spec,
  summary,
  loading,
  empty,
}: {
  title: string;
  description?: string;
  spec: ChartSpec | undefined;
  summary: string | undefined;
  loading: boolean;
  /** Shown instead of the chart when every value is zero. */
  empty?: string;
}) {
  const allZero = spec ? spec.series.every((s) => s.values.every((v) => v === 0)) : false;
  const box = useRef<HTMLDivElement>(null);
  const drawable = !loading && Boolean(spec) && !(allZero && empty);
  const draw = useDrawWhenSeen(box, drawable);
  return (
    <Card>
      <CardHeader>
        <CardTitle>{title}</CardTitle>
        {description ? <CardDescription>{description}</CardDescription> : null}
      </CardHeader>
      <CardContent className="pt-3">
        <figure className="m-0">
          <div ref={box} className="h-52 w-full" aria-hidden="true">
            {loading || !spec ? (
              placeholder
            ) : allZero && empty ? (
              <div key="empty" data-chart-empty className="flex h-full items-center justify-center rounded-xl border border-dashed border-slate-200 text-sm text-slate-500">
                {empty}
              </div>
            ) : !draw ? (
              waiting
            ) : (
              <ChartBoundary key="chart">
                <Suspense fallback={placeholder}>
                  <UPlotChart spec={spec} />
                </Suspense>
              </ChartBoundary>
            )}
          </div>
          {/* The legend and the summary keep their room while the figures load: the page does not shift when they arrive. */}
          {!spec ? <div className="mt-3 min-h-16" aria-hidden="true" /> : null}
          {spec ? (
            <>
              <div className="mt-3 flex min-h-4 flex-wrap items-center gap-x-4 gap-y-1 text-xs text-slate-600" aria-hidden="true">
                {spec.series.map((s) => (
                  <span key={s.label} className="inline-flex items-center gap-1.5">
                    <span className="inline-block size-2.5 rounded-sm" style={{ background: s.color }} />
                    {seriesLegend(spec, s)}
                  </span>
                ))}
              </div>
              <figcaption className="mt-2 min-h-10 text-sm text-slate-600">{summary}</figcaption>
              {/* A table does not clip what overflows it: its sr-only box grew to its rows' width and widened the page
                  by 2 px at 390 px (issue 30). The block around it clips, as sr-only expects. */}
              <div className="sr-only">
                <table>
                  <caption>{title}</caption>
                  <thead>
                    <tr>
                      <th scope="col">Period</th>
                      {spec.series.map((s) => (
                        <th key={s.label} scope="col">
                          {seriesLegend(spec, s)}
                        </th>
                      ))}
                    </tr>
                  </thead>
                  <tbody>
                    {spec.labels.map((label, i) => (
                      <tr key={`${i}-${label}`}>
                        <th scope="row">{spec.rowLabels?.[i] ?? label}</th>
                        {spec.series.map((s) => (
                          <td key={s.label}>{seriesFormat(spec, s)(s.values[i] ?? 0)}</td>
                        ))}
                      </tr>
                    ))}
                  </tbody>
                </table>
              </div>
            </>
          ) : null}
        </figure>
      </CardContent>
    </Card>
  );
}
