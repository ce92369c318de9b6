// Benchmarks print one table each: metric, measured figure, target, and the ratio
// of figure to target (<= 1 meets it). Figures are measured side by side in one run.

export interface BenchRow {
  metric: string;
  value: number;
  unit: string;
  /** Target the value must not exceed, in the same unit. */
  target?: number;
  note?: string;
}

export function formatTable(title: string, rows: BenchRow[]): string {
  const cells = rows.map((r) => [
    r.metric,
    `${round(r.value)} ${r.unit}`,
    r.target === undefined ? '' : `<= ${round(r.target)} ${r.unit}`,
    r.target === undefined ? '' : `${(r.value / r.target).toFixed(2)}${r.value <= r.target ? '' : ' MISSED'}`,
    r.note ?? '',
  ]);
  const header = ['metric', 'measured', 'target', 'ratio', 'note'];
  const widths = header.map((h, i) => Math.max(h.length, ...cells.map((c) => c[i].length)));
  const line = (c: string[]) => `| ${c.map((x, i) => x.padEnd(widths[i])).join(' | ')} |`;
  return [`## ${title}`, line(header), `|${widths.map((w) => '-'.repeat(w + 2)).join('|')}|`, ...cells.map(line)].join('\n');
}

function round(n: number): string {
  if (Number.isInteger(n)) return String(n);
  return Math.abs(n) >= 100 ? n.toFixed(1) : Math.abs(n) >= 1 ? n.toFixed(2) : n.toFixed(3);
}

export function percentile(values: number[], p: number): number {
  const sorted = [...values].sort((a, b) => a - b);
  const index = Math.min(sorted.length - 1, Math.max(0, Math.ceil((p / 100) * sorted.length) - 1));
  return sorted[index];
}

export const median = (values: number[]) => percentile(values, 50);

/** One figure of spec-run beside the same figure of a peer server. */
export interface ComparisonRow {
  metric: string;
  unit: string;
  ours: number;
  peer?: number;
  /** Absolute target for spec-run's figure. */
  target?: number;
  /** Goal for spec-run's figure as a multiple of the peer's. */
  peerRatio?: number;
}

/** A table of spec-run's figures, their targets and, with a peer, the peer's figures and the ratio ours/peer. */
export function formatComparison(title: string, rows: ComparisonRow[], withPeer: boolean): string {
  const verdict = (met: boolean) => (met ? 'met' : 'MISSED');
  const cells = rows.map((r) => {
    const row = [r.metric, `${round(r.ours)} ${r.unit}`];
    row.push(r.target === undefined ? '' : `<= ${round(r.target)} ${r.unit} ${verdict(r.ours <= r.target)}`);
    if (withPeer) {
      const ratio = r.peer === undefined || r.peer === 0 ? undefined : r.ours / r.peer;
      row.push(r.peer === undefined ? '' : `${round(r.peer)} ${r.unit}`);
      row.push(ratio === undefined ? '' : `${ratio.toFixed(2)}x`);
      row.push(ratio === undefined || r.peerRatio === undefined ? '' : `<= ${r.peerRatio}x ${verdict(ratio <= r.peerRatio)}`);
    }
    return row;
  });
  const header = ['metric', 'spec-run', 'target', ...(withPeer ? ['peer', 'ratio', 'goal'] : [])];
  const widths = header.map((h, i) => Math.max(h.length, ...cells.map((c) => c[i].length)));
  const line = (c: string[]) => `| ${c.map((x, i) => x.padEnd(widths[i])).join(' | ')} |`;
  return [`## ${title}`, line(header), `|${widths.map((w) => '-'.repeat(w + 2)).join('|')}|`, ...cells.map(line)].join('\n');
}
