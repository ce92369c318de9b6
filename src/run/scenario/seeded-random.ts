// The random source of a scenario's code: `this.random()`, and `Math.random()` while
// the scenario's steps and hooks run (what helpers and libraries call), so that
// `--seed N` replays their choices as it replays a Lisp unit's. Each scenario draws from
// a generator seeded by its own seed (seeds.ts: the run seed and the scenario's place),
// found through the async context of the code calling: scenarios of documents running
// side by side (--jobs) never draw from each other's generator, so a scenario's draws are
// the same whatever --jobs, --grep or the other documents. While no document's scenarios
// run, Math.random is Node's own again; outside a scenario's code it always draws Node's.
import { AsyncLocalStorage } from 'node:async_hooks';
import { processWide } from '../../process/process-wide.js';

/** A generator of numbers in [0, 1), as Math.random gives them. */
export type RandomSource = () => number;

interface SeededRandomState {
  /** The generator of the scenario whose code is running. */
  current: AsyncLocalStorage<RandomSource>;
  /** Node's Math.random, restored when no document's scenarios run. */
  unseeded: RandomSource;
  /** Math.random while documents' scenarios run: the running scenario's generator, else Node's. */
  dispatching: RandomSource;
  /** Documents whose scenarios are running now. */
  running: number;
}

// One per process: the command line's bundle and the compiled modules must not each wrap Math.random.
const state = processWide('scenario.seeded-random', (): SeededRandomState => {
  const current = new AsyncLocalStorage<RandomSource>();
  const unseeded = Math.random;
  return { current, unseeded, dispatching: () => (current.getStore() ?? unseeded)(), running: 0 };
});

/**
 * A generator of [0, 1) seeded by SEED: sfc32, its state spread from the seed by
 * splitmix32, each number made of 53 bits as Node's own are. Small, fast and the same on
 * every platform and version.
 */
export function seededRandom(seed: number): RandomSource {
  let spread = seed >>> 0;
  const splitmix32 = () => {
    spread = (spread + 0x9e3779b9) >>> 0;
    let z = spread;
    z = Math.imul(z ^ (z >>> 16), 0x21f0aaad);
    z = Math.imul(z ^ (z >>> 15), 0x735a2d97);
    return (z ^ (z >>> 15)) >>> 0;
  };
  let [a, b, c, d] = [splitmix32(), splitmix32(), splitmix32(), splitmix32()];
  const sfc32 = () => {
    const t = (((a + b) >>> 0) + d) >>> 0;
    d = (d + 1) >>> 0;
    a = b ^ (b >>> 9);
    b = (c + (c << 3)) >>> 0;
    c = (c << 21) | (c >>> 11);
    c = (c + t) >>> 0;
    return t;
  };
  return () => ((sfc32() >>> 5) * 67108864 + (sfc32() >>> 6)) / 9007199254740992;
}

/** Runs FN, a scenario's code (or a document's BeforeAll and AfterAll hooks), with Math.random drawing from SOURCE. */
export function withRandomSource<T>(source: RandomSource, fn: () => T): T {
  return state.current.run(source, fn);
}

/**
 * Runs FN, a document's scenarios, with Math.random seeded in their code: installed before
 * the document's steps files load (a library keeping `Math.random` as it loads keeps the
 * seeded one), Node's own again once no document runs.
 */
export async function whileScenariosRun<T>(fn: () => Promise<T>): Promise<T> {
  if (state.running++ === 0) Math.random = state.dispatching;
  try {
    return await fn();
  } finally {
    if (--state.running === 0) Math.random = state.unseeded;
  }
}
