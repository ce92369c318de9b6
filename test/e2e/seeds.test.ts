// The seed documents, end to end: one run of the real CLI (see corpus-run.ts), which
// also writes an HTML page and a JUnit file that scripts/test.mjs hands to
// test/reporters/seeds-report-check.js once this file is done, and the terminal view,
// whose requirements of the OpenSpec seed are checked here against the JSON stream.
//
// The documents run one at a time, the load-sensitive ones first: as soon as they have
// ended this file tells scripts/test.mjs (by the file named in SPEC_RUN_SUITE_QUIET_DONE),
// which then starts the tests that do not measure time beside the rest of the run. What
// remains bounds timeouts of seconds with a second or more of slack, and is mostly
// waiting for those timeouts (about two of its two and a half minutes).
import { existsSync, readFileSync, writeFileSync } from 'node:fs';
import { basename, join, relative } from 'node:path';
import t from 'tap';
import { findDocuments } from '../../src/cli/discover.js';
import { SEED_DIR } from '../parse/seed-files.js';
import type { RunEvent } from '../../src/model/events.js';
import { checkCorpusRun, root, type Point, type TapTest } from './corpus-run.js';

/** Seeds whose checks a loaded machine can fail, and why; they run before anything else may start. */
const LOAD_SENSITIVE: Record<string, string> = {
  'timing-isolation.md': 'compares timings to half a millisecond, a 0.1 s sleep to 5 ms',
  'command-timeouts.spec.md': 'bounds host commands stopped at their timeout to half a second',
};

/**
 * The checks of a seed this machine can fail though the runtime does what it says:
 * timeout-protection's slow code includes two finite computations ("Expensive
 * computation": a hundred million random numbers summed, a million lists of 1000
 * elements), which the runtime really does (it keeps every call the code asks for) in
 * about a second on a fast machine, so some runs finish one inside the 1 s timeout the
 * seed expects it to meet (seen: "=> NIL" after 958 ms, "=> 4950288243" after 993 ms).
 * Accepted only from the point's own numbers: one of those requests, answered with a
 * value, without an error, within the timeout and the answer's way back (ANSWER_SLACK_MS:
 * the point's clock runs on the test's side, so an evaluation that ended at 999 ms by the
 * runtime's own clock arrives a few milliseconds later; CI saw one such, unexplained).
 */
const TIMEOUT_MS = 1000;
const ANSWER_SLACK_MS = 100;
const FINITE_SLOW_CODE = ['(loop repeat 100000000 sum (random 100))', '(dotimes (i 1000000) (make-list 1000))'];
function explainFastMachine(point: Point): string | undefined {
  const diagnostics = point.diagnostics as
    | { request?: { params?: { arguments?: { code?: unknown } } }; response?: { result?: { isError?: unknown; content?: { text?: unknown }[] } }; answeredAfterMs?: unknown }
    | undefined;
  if (!point.at?.file.endsWith('timeout-protection.test.md')) return undefined;
  const code = diagnostics?.request?.params?.arguments?.code;
  const result = diagnostics?.response?.result;
  if (typeof code !== 'string' || !FINITE_SLOW_CODE.includes(code) || result?.isError !== false) return undefined;
  const value = result.content?.[0]?.text;
  const ms = diagnostics?.answeredAfterMs;
  if (typeof value !== 'string' || !value.startsWith('=> ') || typeof ms !== 'number' || ms >= TIMEOUT_MS + ANSWER_SLACK_MS) return undefined;
  return `${code} was evaluated in full (${value}) and answered after ${ms} ms, inside the 1 s timeout the seed expects it to exceed`;
}

/** The OpenSpec seed, whose requirement headings the run traces. */
const OPENSPEC_SEED = 'command-timeouts.spec.md';
const SPEC_VIEW = '.tap/artefacts/seeds-spec.txt';

const escapeRegExp = (text: string) => text.replace(/[.*+?^${}()|[\]\\]/g, '\\$&');

/** The OpenSpec seed's requirements: each in the terminal view with the status the JSON stream gives it, which its units' points explain. */
function checkOpenSpecRequirements(t: TapTest, events: RunEvent[], specView: string): void {
  const end = events.at(-1);
  const results = (end?.type === 'run-end' ? (end.requirements ?? []) : []).filter((result) => basename(result.file) === OPENSPEC_SEED);
  t.equal(results.length, 11, `every requirement heading of ${OPENSPEC_SEED}`);
  for (const result of results) {
    t.match(specView, new RegExp(`^  . ${escapeRegExp(result.name)} \\S+:\\d+ ${result.status.replace('-', ' ')}`, 'm'), `${result.name} in the terminal view`);
    const points = events.filter((e) => e.type === 'point' && result.units.includes(e.unitId)) as Extract<RunEvent, { type: 'point' }>[];
    const failed = points.some((p) => !p.ok && p.todo === undefined && p.skip === undefined);
    const skipped = points.some((p) => p.skip !== undefined);
    t.equal(result.status, failed ? 'failing' : skipped ? 'untested' : 'verified', `${result.name}: status from its points`);
  }
  t.equal(results.find((r) => r.name === 'Timeout Grace Period')?.status, 'untested', 'its future-extension scenario is skipped, so it is not verified');
}

const present = existsSync(SEED_DIR);
t.test('spec-run ../shared/seed-specs', { skip: present ? false : `${relative(root, SEED_DIR)} is not beside the project` }, async (t) => {
  const seeds = findDocuments([SEED_DIR]).files;
  const sensitive = seeds.filter((file) => basename(file) in LOAD_SENSITIVE);
  t.same(sensitive.map((file) => basename(file)).sort(), Object.keys(LOAD_SENSITIVE).sort(), 'the load-sensitive seeds are among the seeds');
  const paths = [...sensitive, ...seeds.filter((file) => !sensitive.includes(file))].map((file) => relative(root, file));

  const quietDone = process.env.SPEC_RUN_SUITE_QUIET_DONE;
  const pending = new Set(sensitive.map((file) => relative(root, file)));
  const run = await checkCorpusRun(t, {
    paths,
    jobs: 1,
    explain: explainFastMachine,
    reports: ['html:.tap/artefacts/seeds-report.html', 'junit:.tap/artefacts/seeds-junit.xml', `spec:${SPEC_VIEW}`],
    onEvent: (event) => {
      if (event.type !== 'document-end' || !pending.delete(event.file) || pending.size > 0) return;
      t.comment(`the load-sensitive seeds ended: ${Object.entries(LOAD_SENSITIVE).map(([seed, why]) => `${seed} (${why})`).join('; ')}`);
      if (quietDone) writeFileSync(quietDone, '');
    },
  });
  checkOpenSpecRequirements(t, run.events, readFileSync(join(root, SPEC_VIEW), 'utf8'));
});
