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

/** A figure with the digits that matter: 3 below 1, 2 below 100, 1 above. */
export function round(n: number): string {
  if (Number.isInteger(n)) return String(n);
  return Math.abs(n) >= 100 ? n.toFixed(1) : Math.abs(n) >= 1 ? n.toFixed(2) : n.toFixed(3);
}

export function percentile(values: number[], p: number): number {
  const sorted = [...values].sort((a, b) => a - b);
  const index = Math.min(sorted.length - 1, Math.max(0, Math.ceil((p / 100) * sorted.length) - 1));
  return sorted[index];
}

export const median = (values: number[]) => percentile(values, 50);

/** One figure of spec-run beside the same figure of the alternative (a peer server, cucumber-js, plain sbcl). */
export interface ComparisonRow {
  metric: string;
  unit: string;
  ours: number;
  /** The alternative's figure; undefined when it was not measured (see peerProblem). */
  peer?: number;
  /** Absolute target for spec-run's figure. */
  target?: number;
  /** Goal for spec-run's figure as a multiple of the alternative's. */
  peerRatio?: number;
  /** Why spec-run's figure means nothing: the run it times failed. */
  problem?: string;
  /** Why the alternative's figure means nothing: its run failed. */
  peerProblem?: string;
  /** Why the alternative was not measured here (not installed, cannot run). */
  peerMissing?: string;
  note?: string;
}

/** What a benchmark prints, and those of its figures that stand beside an alternative's. */
export interface BenchReport {
  text: string;
  sideBySide: ComparisonRow[];
}

/**
 * How `row` misses its aims, one phrase per aim missed (its target, its ratio to the
 * alternative's figure); none when it meets them, or when it has no figure to judge.
 */
export function missedAims(row: ComparisonRow): string[] {
  const misses: string[] = [];
  if (row.target !== undefined && row.ours > row.target) misses.push(`${round(row.ours)} ${row.unit} > ${round(row.target)} ${row.unit}`.replace(/ +/g, ' '));
  const ratio = row.peer === undefined || row.peer === 0 || row.peerProblem !== undefined ? undefined : row.ours / row.peer;
  if (ratio !== undefined && row.peerRatio !== undefined && ratio > row.peerRatio) misses.push(`${ratio.toFixed(2)}x the alternative > ${row.peerRatio}x`);
  return misses;
}

/** A line that says whether every row with an aim met it, naming each one that did not. */
export function aimsVerdict(rows: ComparisonRow[]): string {
  const judged = rows.filter((row) => row.problem === undefined && (row.target !== undefined || (row.peerRatio !== undefined && row.peer !== undefined)));
  const missed = judged.flatMap((row) => (missedAims(row).length ? [`- ${row.metric}: ${missedAims(row).join('; ')}`] : []));
  const failed = rows.filter((row) => row.problem !== undefined).map((row) => `- ${row.metric}: no figure, the run FAILED (${row.problem})`);
  if (missed.length === 0 && failed.length === 0) return `Aims: all ${judged.length} met.`;
  return [`Aims: ${missed.length} of ${judged.length} MISSED${failed.length ? `, ${failed.length} not measured` : ''}:`, ...missed, ...failed].join('\n');
}

/**
 * A table of spec-run's figures, their targets and, with the alternative, its figures, the
 * ratio ours/alternative and the goal for it. Columns no row fills are left out.
 */
export function formatComparison(title: string, rows: ComparisonRow[], withPeer: boolean): string {
  const verdict = (met: boolean) => (met ? 'met' : 'MISSED');
  const columns: [string, (r: ComparisonRow) => string][] = [
    ['metric', (r) => r.metric],
    ['spec-run', (r) => `${round(r.ours)} ${r.unit}`.trim()],
    ['target', (r) => (r.target === undefined ? '' : `<= ${round(r.target)} ${r.unit} ${verdict(r.ours <= r.target)}`)],
  ];
  if (withPeer) {
    const ratio = (r: ComparisonRow) => (r.peer === undefined || r.peer === 0 ? undefined : r.ours / r.peer);
    columns.push(
      ['alternative', (r) => (r.peer === undefined ? '' : `${round(r.peer)} ${r.unit}`.trim())],
      ['ratio', (r) => (ratio(r) === undefined ? '' : `${ratio(r)!.toFixed(2)}x`)],
      ['goal', (r) => (ratio(r) === undefined || r.peerRatio === undefined ? '' : `<= ${r.peerRatio}x ${verdict(ratio(r)! <= r.peerRatio)}`)],
    );
  }
  const notes = (r: ComparisonRow) => [r.problem && `FAILED: ${r.problem}`, r.peerProblem && `the alternative FAILED: ${r.peerProblem}`, r.peerMissing && `the alternative was not measured: ${r.peerMissing}`, r.note];
  columns.push(['note', (r) => notes(r).filter(Boolean).join('; ')]);
  const shown = columns.filter(([name, cell]) => name === 'metric' || name === 'spec-run' || rows.some((r) => cell(r) !== ''));
  const header = shown.map(([name]) => name);
  const cells = rows.map((r) => shown.map(([, cell]) => cell(r)));
  const widths = header.map((h, i) => Math.max(h.length, ...cells.map((c) => c[i].length)));
  const line = (c: string[]) => `| ${c.map((x, i) => x.padEnd(widths[i])).join(' | ')} |`;
  return [`## ${title}`, line(header), `|${widths.map((w) => '-'.repeat(w + 2)).join('|')}|`, ...cells.map(line)].join('\n');
}

/**
 * The TAP points of the side-by-side figures (numbered by the caller): each says that the figure
 * was produced, by a run that succeeded. How fast is a machine's: a figure past its aim is a
 * TODO point that says so (not ok, and no failure of the suite), never a passing one. An
 * alternative that cannot run here (not installed) is a skip that says why.
 */
export function comparisonPoints(rows: ComparisonRow[]): string[] {
  return rows.flatMap((row) => [
    !Number.isFinite(row.ours) || row.problem !== undefined
      ? `not ok - spec-run: ${row.metric}: not produced (${row.problem ?? 'no figure'})`
      : missedAims(row).length
        ? `not ok - spec-run: ${row.metric}: ${round(row.ours)} ${row.unit}, past its aim (${missedAims(row).join('; ')}) # TODO a speed aim missed on this machine`
        : `ok - spec-run: ${row.metric}: ${round(row.ours)} ${row.unit}`,
    row.peerMissing !== undefined
      ? `ok - the alternative: ${row.metric} # SKIP not measured here: ${row.peerMissing}`
      : row.peer !== undefined && Number.isFinite(row.peer) && row.peerProblem === undefined
        ? `ok - the alternative: ${row.metric}: ${round(row.peer)} ${row.unit}`
        : `not ok - the alternative: ${row.metric}: not produced (${row.peerProblem ?? 'no figure'})`,
  ]);
}
