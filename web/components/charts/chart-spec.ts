/** What a chart draws: one label per point on the x axis and one or more series of numbers. */
export interface ChartSeries {
  label: string;
  /** A CSS colour (hex) for the bars or the line. */
  color: string;
  values: number[];
}
export interface ChartSpec {
  kind: 'bars' | 'line';
  /** Short labels for the axis. */
  labels: string[];
  /** Longer labels for the table, when the axis's would say too little ("22 Nov" for "Monthly cycle to 31 Oct"). */
  rowLabels?: string[];
  series: ChartSeries[];
  /** How a value reads on the axis and in the text alternative. */
  format: (n: number) => string;
}

/** A spec from its kind, labels, format and each series as [label, colour, values]. */
export function chartSpec(kind: ChartSpec['kind'], labels: string[], format: ChartSpec['format'], ...series: [string, string, number[]][]): ChartSpec {
  return { kind, labels, format, series: series.map(([label, color, values]) => ({ label, color, values })) };
}
