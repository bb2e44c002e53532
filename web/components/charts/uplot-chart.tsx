import { useEffect, useRef } from 'react';
import uPlot, { type AlignedData, type Options } from 'uplot';
import 'uplot/dist/uPlot.min.css';
import type { ChartSpec } from './chart-spec';

/** Whole steps only: counts never read "1, 1, 2, 2", rupees and BV step by round amounts. */
const INCRS = [1, 2, 5].flatMap((m) => Array.from({ length: 10 }, (_, e) => m * 10 ** e)).sort((a, b) => a - b);
const fromZero = (_u: uPlot, _min: number, max: number): [number, number] => [0, max > 0 ? max * 1.1 : 1];
/** The unit's name along an axis of a two-unit chart. */
const LABEL = { labelSize: 18, labelFont: 'bold 11px system-ui, sans-serif' };
const AXIS = { stroke: '#475569', grid: { stroke: '#e2e8f0', width: 1 }, ticks: { stroke: '#cbd5e1', width: 1 }, font: '11px system-ui, sans-serif' };

function options(spec: ChartSpec, width: number, height: number): Options {
  const n = spec.series.length;
  const bars = spec.kind === 'bars';
  const right = spec.right;
  return {
    width,
    height,
    legend: { show: false },
    cursor: { show: true, x: true, y: false, points: { show: !bars } },
    scales: {
      x: { time: false, range: (_u, min, max) => [min - 0.6, max + 0.6] },
      y: { range: fromZero },
      // A second unit has its own scale and axis (issue 30: ₹ and BV on one 0–30,000 axis read as the same thing).
      ...(right ? { y2: { range: fromZero } } : {}),
    },
    axes: [
      { ...AXIS, values: (_u, splits) => splits.map((v) => (Number.isInteger(v) ? (spec.labels[v] ?? '') : '')), space: 60, incrs: INCRS, grid: { show: false } },
      { ...AXIS, scale: 'y', values: (_u, splits) => splits.map((v) => spec.format(v)), size: 64, incrs: INCRS, ...(right ? { label: spec.unit, ...LABEL } : {}) },
      ...(right
        ? [
            {
              ...AXIS,
              scale: 'y2',
              side: 1 as const,
              values: (_u: uPlot, splits: number[]) => splits.map((v) => right.format(v)),
              size: 64,
              incrs: INCRS,
              grid: { show: false },
              label: right.unit,
              ...LABEL,
            },
          ]
        : []),
    ],
    series: [
      {},
      ...spec.series.map((s, i) => ({
        label: s.label,
        scale: right && s.side === 'right' ? 'y2' : 'y',
        stroke: s.color,
        fill: bars ? s.color : `${s.color}22`,
        width: bars ? 0 : 2,
        points: { show: !bars && spec.labels.length <= 16 },
        // One series: a bar centred on its label; two: side by side, the first to the left of the label, the second to the right.
        paths: bars ? uPlot.paths.bars!({ size: [n > 1 ? 0.4 : 0.7, 48], align: n > 1 ? (i === 0 ? -1 : 1) : 0 }) : undefined,
      })),
    ],
  };
}

/** A bar or line chart drawn with uPlot on a canvas, as wide as its box. */
export default function UPlotChart({ spec }: { spec: ChartSpec }) {
  const box = useRef<HTMLDivElement>(null);
  useEffect(() => {
    const el = box.current;
    if (!el) return;
    const data: AlignedData = [spec.labels.map((_, i) => i), ...spec.series.map((s) => s.values)];
    const plot = new uPlot(options(spec, el.clientWidth || 300, el.clientHeight || 200), data, el);
    const resize = new ResizeObserver(() => plot.setSize({ width: el.clientWidth || 300, height: el.clientHeight || 200 }));
    resize.observe(el);
    return () => {
      resize.disconnect();
      plot.destroy();
    };
  }, [spec]);
  return <div ref={box} className="h-full w-full" />;
}
