// Small statistics for benchmark figures: each figure is the median of several runs, with its spread.

export interface Figure {
  median: number;
  min: number;
  max: number;
  runs: number;
}

export function summarise(samples: readonly number[]): Figure {
  if (samples.length === 0) throw new Error('no samples to summarise');
  const sorted = [...samples].sort((a, b) => a - b);
  const middle = Math.floor(sorted.length / 2);
  const median = sorted.length % 2 ? sorted[middle]! : (sorted[middle - 1]! + sorted[middle]!) / 2;
  return { median, min: sorted[0]!, max: sorted.at(-1)!, runs: sorted.length };
}

export function formatFigure(figure: Figure, unit: string, digits = 1): string {
  const round = (value: number) => value.toFixed(digits);
  return `${round(figure.median)} ${unit} (${round(figure.min)}–${round(figure.max)}, ${figure.runs} runs)`;
}

/** The value at fraction `p` (0.99 for p99) of samples sorted in ascending order; NaN when there are none. */
export const percentile = (sorted: readonly number[], p: number): number =>
  sorted[Math.min(sorted.length - 1, Math.floor(p * sorted.length))] ?? Number.NaN;
