/** What a chart draws: one label per point on the x axis and one or more series of numbers. */
export interface ChartSeries {
  label: string;
  /** A CSS colour (hex) for the bars or the line. */
  color: string;
  values: number[];
  /** 'right': drawn against the right-hand axis, in the spec's second unit (issue 30: ₹ and BV never share an axis). */
  side?: 'left' | 'right';
}
/** The right-hand axis of a chart with two units: its unit's name and how its values read. */
export interface ChartRightAxis {
  unit: string;
  format: (n: number) => string;
}
export interface ChartSpec {
  kind: 'bars' | 'line';
  /** Short labels for the axis. */
  labels: string[];
  /** Longer labels for the table, when the axis's would say too little ("22 Nov" for "Monthly cycle to 31 Oct"). */
  rowLabels?: string[];
  series: ChartSeries[];
  /** How a value reads on the (left) axis and in the text alternative. */
  format: (n: number) => string;
  /** The left axis's unit ("₹"), named on the axis when the chart has two. */
  unit?: string;
  /** A second unit on its own axis, on the right: the series with `side: 'right'` are drawn and read against it. */
  right?: ChartRightAxis;
}

/** A spec from its kind, labels, format and each series as [label, colour, values]. */
export function chartSpec(kind: ChartSpec['kind'], labels: string[], format: ChartSpec['format'], ...series: [string, string, number[]][]): ChartSpec {
  return { kind, labels, format, series: series.map(([label, color, values]) => ({ label, color, values })) };
}

/**
 * A chart of two units (issue 30: "Sales and BV per day" drew ₹ and BV on one 0–30,000 axis): the first series on the
 * left axis in `left`'s unit, the second on its own right-hand axis in `right`'s.
 */
export function dualAxisSpec(
  kind: ChartSpec['kind'],
  labels: string[],
  left: { unit: string; format: (n: number) => string; series: [string, string, number[]] },
  right: { unit: string; format: (n: number) => string; series: [string, string, number[]] },
): ChartSpec {
  const [ll, lc, lv] = left.series;
  const [rl, rc, rv] = right.series;
  return {
    kind,
    labels,
    format: left.format,
    unit: left.unit,
    right: { unit: right.unit, format: right.format },
    series: [
      { label: ll, color: lc, values: lv, side: 'left' },
      { label: rl, color: rc, values: rv, side: 'right' },
    ],
  };
}

/** How one series' values read: the right axis's format for a series drawn against it. */
export const seriesFormat = (spec: ChartSpec, s: ChartSeries) => (s.side === 'right' && spec.right ? spec.right.format : spec.format);

/** The legend's words for a series: with two units, which axis it is read against. */
export const seriesLegend = (spec: ChartSpec, s: ChartSeries) => (spec.right ? `${s.label} (${s.side === 'right' ? `${spec.right.unit}, right axis` : `${spec.unit ?? ''}, left axis`})` : s.label);
