/** Medians with their spread, and the number formats of the benchmark tables. */

export interface Spread {
  median: number;
  min: number;
  max: number;
  runs: number;
}

export function spread(values: readonly number[]): Spread {
  if (values.length === 0) return { median: Number.NaN, min: Number.NaN, max: Number.NaN, runs: 0 };
  const sorted = [...values].sort((a, b) => a - b);
  const middle = Math.floor(sorted.length / 2);
  const median =
    sorted.length % 2 === 1 ? (sorted[middle] as number) : ((sorted[middle - 1] as number) + (sorted[middle] as number)) / 2;
  return { median, min: sorted[0] as number, max: sorted[sorted.length - 1] as number, runs: sorted.length };
}

/** "12.3" style: one decimal under 100, none above. */
export function round(value: number): string {
  if (!Number.isFinite(value)) return '–';
  if (Number.isInteger(value)) return value.toLocaleString('en-US');
  return Math.abs(value) < 100 ? value.toFixed(1) : Math.round(value).toLocaleString('en-US');
}

/** "median (min–max)", or just the value for a single run. */
export function formatSpread(value: Spread, unit = ''): string {
  if (value.runs === 0) return '–';
  if (value.runs === 1) return `${round(value.median)}${unit}`;
  return `${round(value.median)}${unit} (${round(value.min)}–${round(value.max)})`;
}

export function kilobytes(bytes: number): string {
  return `${(bytes / 1000).toFixed(1)} KB`;
}

export function bytesWithCommas(bytes: number): string {
  return bytes.toLocaleString('en-US');
}

/** "×12.3" — how many times `other` is `ours` (other / ours). */
export function ratio(other: number, ours: number): string {
  if (!Number.isFinite(other) || !Number.isFinite(ours) || ours === 0) return '–';
  const times = other / ours;
  return `×${times >= 100 ? Math.round(times).toLocaleString('en-US') : times.toFixed(times >= 10 ? 1 : 2)}`;
}
