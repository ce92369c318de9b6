// Seeds of units: a Lisp unit's *random-state* and a scenario's random source (its
// steps' Math.random and this.random()) are seeded from the run seed and the unit's identity: its document's file name and its place in it (not the path
// as typed, so `spec-run specs/x.md` and `spec-run ./specs/x.md` agree; never the
// document's position in the run, so other documents, --jobs, --grep, --watch and
// the order of paths change nothing). Run k > 0
// of a property-level unit (--runs) uses a seed derived from the unit's seed and
// k: a failure on run k is reproduced by the same --seed with --runs k+1.
import { basename } from 'node:path';
import type { Unit } from '../model/plan.js';
import { unitPlace } from './unit-identity.js';

/** FNV-1a, 32 bits: small, stable across platforms and versions. */
function fnv1a(text: string): number {
  let hash = 0x811c9dc5;
  for (const byte of Buffer.from(text, 'utf8')) {
    hash ^= byte;
    hash = Math.imul(hash, 0x01000193) >>> 0;
  }
  return hash;
}

export function unitSeed(runSeed: number, unit: Pick<Unit, 'id' | 'file'>): number {
  return fnv1a(`${runSeed}:${basename(unit.file)}${unitPlace(unit.id)}`);
}

export function runSeed(seedOfUnit: number, run: number): number {
  return run === 0 ? seedOfUnit : fnv1a(`${seedOfUnit}/${run}`);
}
