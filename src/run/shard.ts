// --shard i/n: the share of the documents that job i of n in a CI matrix runs. Every
// job computes the same split from the same inputs (the documents, and the durations
// of the run record when there is one), so the n shares cover each document exactly
// once. With durations the split is balanced by time (longest first, each to the
// least loaded shard), without them by count.
import type { DocumentPlan, TestPlan } from '../model/plan.js';
import { documentKey } from './unit-identity.js';

export interface Shard {
  /** 1-based. */
  index: number;
  count: number;
}

export function parseShard(text: string): Shard {
  const match = /^(\d+)\/(\d+)$/.exec(text.trim());
  const index = Number(match?.[1]);
  const count = Number(match?.[2]);
  if (!match || count < 1 || index < 1 || index > count) throw new Error(`expected i/n with 1 <= i <= n, such as 1/4; got '${text}'`);
  return { index, count };
}

/** The documents of `plan` in shard `shard`, in plan order. */
export function shardPlan(plan: TestPlan, shard: Shard, projectRoot: string, durations: Record<string, number> = {}): TestPlan {
  const keyed = plan.documents.map((document) => ({ document, key: documentKey(document.file, projectRoot) })).sort((a, b) => (a.key < b.key ? -1 : a.key > b.key ? 1 : 0));
  const known = keyed.map(({ key }) => durations[key]).filter((ms): ms is number => typeof ms === 'number' && ms >= 0);
  const chosen = new Set<DocumentPlan>();
  if (known.length === 0) {
    keyed.forEach(({ document }, i) => i % shard.count === shard.index - 1 && chosen.add(document));
  } else {
    // A document never timed is assumed to take the mean of those that were.
    const assumed = known.reduce((sum, ms) => sum + ms, 0) / known.length;
    const cost = (key: string) => (typeof durations[key] === 'number' && durations[key] >= 0 ? durations[key] : assumed);
    const loads = new Array<number>(shard.count).fill(0);
    const byCost = [...keyed].sort((a, b) => cost(b.key) - cost(a.key) || (a.key < b.key ? -1 : a.key > b.key ? 1 : 0));
    for (const { document, key } of byCost) {
      const lightest = loads.indexOf(Math.min(...loads));
      loads[lightest] += cost(key);
      if (lightest === shard.index - 1) chosen.add(document);
    }
  }
  return { documents: plan.documents.filter((document) => chosen.has(document)) };
}
