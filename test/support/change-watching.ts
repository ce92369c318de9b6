// `spec-run openspec/ --change triple-logout --watch` through a session of saves, each made
// as `sed -i` and an editor's safe save make one (a new file renamed over the old), beside a
// fresh `--change` run after each: the same from this checkout and from an installed package.
import type t from 'tap';
import { existsSync, mkdirSync, readFileSync, renameSync, rmSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import type { RunEvent } from '../../src/model/events.js';
import type { Watching } from './watching.js';

const DELTA = 'openspec/changes/triple-logout/specs/auth/spec.md';
const AUTH = 'openspec/specs/auth/spec.md';
const CART = 'openspec/specs/cart/spec.md';
const STEPS = 'steps/app.steps.mjs';

const requirement = (name: string, says: string, scenario: string, x: number, does: string, expected: number) =>
  `### Requirement: ${name}\nThe system SHALL ${says}.\n\n#### Scenario: ${scenario}\n- **GIVEN** x is ${x}\n- **WHEN** x is ${does}\n- **THEN** x SHALL be ${expected}\n`;

/** Two capabilities, auth and cart, and a change that MODIFIES auth's Logout alone. */
export const CHANGE_PROJECT = {
  [AUTH]: `# auth Specification\n\n## Purpose\nAuthentication.\n\n## Requirements\n${requirement('Login', 'double x on login', 'Login doubles', 2, 'doubled', 4)}\n${requirement('Logout', 'double x on logout', 'Logout', 1, 'doubled', 2)}`,
  [CART]: `# cart Specification\n\n## Purpose\nThe cart.\n\n## Requirements\n${requirement('Cart', 'double x in the cart', 'Cart doubles', 5, 'doubled', 10)}`,
  [DELTA]: `## MODIFIED Requirements\n${requirement('Logout', 'triple x on logout', 'Logout', 1, 'tripled', 3)}`,
  'openspec/changes/triple-logout/proposal.md': '# Triple logout\n\n## Why\nMore x.\n',
  [STEPS]: "import assert from 'node:assert/strict';\nimport { Given, When, Then } from 'spec-run/steps';\nGiven('x is {int}', function (n) { this.x = n; });\nWhen('x is doubled', function () { this.x *= 2; });\nWhen('x is tripled', function () { this.x *= 3; });\nThen('x SHALL be {int}', function (n) { assert.equal(this.x, n); });\n",
};

/** The saves of the session, in order, each a file and what it becomes: each of them but the cart's runs the change again. */
const SAVES: { file: string; edit: (text: string) => string; runs: boolean }[] = [
  { file: DELTA, edit: (text) => text.replace('x SHALL be 3\n', 'x SHALL be 30\n'), runs: true },
  { file: DELTA, edit: (text) => text.replace('x SHALL be 30\n', 'x SHALL be 31\n'), runs: true },
  { file: AUTH, edit: (text) => text.replace('double x on login.', 'double x on every login.'), runs: true },
  { file: STEPS, edit: (text) => `${text}// edited\n`, runs: true },
  { file: CART, edit: (text) => text.replace('in the cart.', 'in the whole cart.'), runs: false },
  { file: DELTA, edit: (text) => text.replace('x SHALL be 31\n', 'x SHALL be 3\n'), runs: true },
];

/** FILE in DIR replaced by what EDIT makes of its text, written beside it and renamed over it. */
function save(dir: string, file: string, edit: (text: string) => string): void {
  const path = join(dir, file);
  writeFileSync(`${path}.saving`, edit(readFileSync(path, 'utf8')));
  renameSync(`${path}.saving`, path);
}

/** What a run showed, without its timings: the documents it ran, each point with its place and verdict, each requirement's status. */
export interface RunShown {
  documents: string[];
  points: string[];
  requirements: string[];
}

/** The runs of a JSON report on stdout, one per run-start. */
export function runsShown(stdout: string): RunShown[] {
  const events = stdout.split('\n').filter((line) => line.startsWith('{')).map((line) => JSON.parse(line) as RunEvent);
  const runs: RunShown[] = [];
  for (const event of events) {
    if (event.type === 'run-start') runs.push({ documents: [], points: [], requirements: [] });
    const run = runs.at(-1);
    if (!run) continue;
    if (event.type === 'document-start') run.documents.push(event.name);
    if (event.type === 'point') run.points.push(`${event.name} ${event.at?.file}:${event.at?.line} ${event.ok ? 'ok' : 'failed'}`);
    if (event.type === 'run-end') run.requirements.push(...(event.requirements ?? []).map((r) => `${r.id} ${r.status}`));
  }
  return runs;
}

export interface ChangeWatchSession {
  /** The watch's runs: the first, then one per save that runs. */
  runs: RunShown[];
  /** A fresh `--change` run's, before the first save and after each save that runs. */
  fresh: RunShown[];
  stderr: string;
}

/**
 * The session in DIR: START begins `spec-run ARGS --watch`, FRESH runs `spec-run ARGS` once
 * and gives its stdout. Each save waits for the run it starts (or, for the cart's, for the
 * watch to say it runs nothing).
 */
export async function saveUnderChangeWatch(dir: string, start: (args: string[]) => Watching, fresh: (args: string[]) => Promise<string>): Promise<ChangeWatchSession> {
  const args = ['openspec/', '--change', 'triple-logout', '--reporter', 'json'];
  const watching = start(args);
  const freshRuns: RunShown[] = [];
  /** Waits until PATTERN has matched the watch's stderr COUNT times; fails past a deadline no run needs (a save the watch missed starts none). */
  const stderrSays = async (pattern: RegExp, count: number, what: string) => {
    for (const deadline = Date.now() + 15_000; (watching.stderr().match(pattern) ?? []).length < count; await new Promise((r) => setTimeout(r, 50))) {
      if (Date.now() > deadline) throw new Error(`${what}: not within 15 s; stderr:\n${watching.stderr()}`);
    }
  };
  const SUMMARY = /^\d+ passed, \d+ failed, \d+ skipped, \d+ todo$/gm;
  try {
    await stderrSays(/watching for changes/g, 1, 'the first run');
    freshRuns.push(...runsShown(await fresh(args)));
    let runs = 1;
    for (const { file, edit, runs: starts } of SAVES) {
      save(dir, file, edit);
      if (starts) {
        await stderrSays(SUMMARY, ++runs, `the run after saving ${file}`);
        freshRuns.push(...runsShown(await fresh(args)));
      } else await stderrSays(/touches nothing of what changed; nothing runs/g, 1, `a word that saving ${file} runs nothing`);
    }
  } finally {
    await watching.stop();
  }
  return { runs: runsShown(watching.stdout()), fresh: freshRuns, stderr: watching.stderr() };
}

type TapTest = Parameters<Parameters<typeof t.test>[0]>[0];

/** What the session must have shown: every run the change applied to auth alone, as a fresh --change run gives it. */
export function checkChangeWatchSession(t: TapTest, { runs, fresh, stderr }: ChangeWatchSession): void {
  const starting = SAVES.filter((s) => s.runs).length;
  t.equal(runs.length, starting + 1, `a run first, then one for each save but the cart's: ${runs.length}`);
  t.equal(fresh.length, runs.length, 'a fresh --change run beside each');
  for (const [i, run] of runs.entries()) {
    t.same(run.documents, ['auth (after change triple-logout)'], `run ${i + 1}: auth with the change applied, nothing else`);
    t.same(run, fresh[i], `run ${i + 1} shows what a fresh --change run shows`);
  }
  const logout = (run: RunShown | undefined) => run?.points.find((p) => p.startsWith('THEN x SHALL be 3'));
  t.match(logout(runs[1]), /^THEN x SHALL be 30 openspec\/changes\/triple-logout\/specs\/auth\/spec\.md:\d+ failed$/, 'the first save of the delta fails its scenario');
  t.match(logout(runs[2]), /^THEN x SHALL be 31 .* failed$/, 'the second save of the delta runs it again');
  t.match(logout(runs[3]), /^THEN x SHALL be 31 .* failed$/, "a save of the capability's spec runs it with the change still applied");
  t.match(logout(runs[4]), /^THEN x SHALL be 31 .* failed$/, 'a save of the steps runs the change, not the plain tree');
  t.match(logout(runs[5]), /^THEN x SHALL be 3 .* ok$/, 'the delta put right passes');
  t.match(stderr, /changed: openspec\/specs\/cart\/spec\.md\nspec-run: change 'triple-logout' touches nothing of what changed; nothing runs/, "the cart's save runs nothing, and says so");
}

/** Resolves once WATCH's stderr matches PATTERN (checked every 100 ms). */
async function said(watch: Watching, pattern: RegExp): Promise<void> {
  while (!pattern.test(watch.stderr())) await new Promise((r) => setTimeout(r, 100));
}

/**
 * A change leaving the tree under --watch, as archiving moves it (its directory into
 * archive/) and as deleting its delta does, in DIR holding CHANGE_PROJECT: START begins
 * `spec-run ARGS --watch`. The change's result leaves the JUnit report at once; under
 * --change, a later save of the capability's spec says the change no longer applies
 * rather than keep the change's green result.
 */
export async function changeLeavesUnderWatch(t: TapTest, dir: string, start: (args: string[]) => Watching): Promise<void> {
  const suites = () => readFileSync(join(dir, 'j.xml'), 'utf8').match(/testsuite name="[^"]*"/g) ?? [];
  const tree = start(['openspec/', '--reporter', 'junit:j.xml']);
  await tree.summaries(1);
  t.ok(suites().some((s) => s.includes('(change triple-logout)')), "the change's delta is reported");
  mkdirSync(join(dir, 'openspec/changes/archive'), { recursive: true });
  renameSync(join(dir, 'openspec/changes/triple-logout'), join(dir, 'openspec/changes/archive/2026-11-30-triple-logout'));
  await said(tree, new RegExp(`deleted: ${DELTA}`));
  await tree.summaries(2);
  await tree.stop();
  t.notOk(suites().some((s) => s.includes('triple-logout')), 'archived, the change leaves the report');
  renameSync(join(dir, 'openspec/changes/archive/2026-11-30-triple-logout'), join(dir, 'openspec/changes/triple-logout'));

  const change = start(['openspec/', '--change', 'triple-logout', '--reporter', 'junit:j.xml']);
  await change.summaries(1);
  t.ok(suites().some((s) => s.includes('(after change triple-logout)')), 'the change applied is reported');
  rmSync(join(dir, DELTA));
  await said(change, new RegExp(`deleted: ${DELTA}`));
  await change.summaries(2);
  t.notOk(suites().some((s) => s.includes('triple-logout')), "its only delta deleted, the applied capability's result leaves the report");
  save(dir, AUTH, (text) => text.replace('x SHALL be 4\n', 'x SHALL be 40\n'));
  await said(change, /change 'triple-logout' has no delta left among the documents \(archived, or its deltas deleted\): a fresh --change run refuses it; nothing runs/);
  await change.stop();
  t.notOk(existsSync(join(dir, 'j.xml')), 'nor does it come back green: refused as a fresh run is, the save leaves no report');
}

/** The last line WATCH printed on stderr. */
const lastLine = (watch: Watching) => watch.stderr().trimEnd().split('\n').at(-1);
const INTERRUPTED_SUMMARY = /^\d+ passed, \d+ failed, \d+ skipped, \d+ todo \(interrupted by SIGINT\)$/;

/**
 * Saves that make the change impossible to apply (its MODIFIED requirement without a
 * scenario), under `--watch --change` with a JUnit report, in DIR holding CHANGE_PROJECT:
 * START begins `spec-run ARGS --watch`. A fresh run of such a save is refused and writes no
 * report, so the report goes as the save is refused, comes back with the next run that
 * runs, and is not there after Ctrl-C; a watch ended by Ctrl-C, idle or after a refusal,
 * ends with the summary line, interrupted by SIGINT.
 */
export async function refusedUnderWatch(t: TapTest, dir: string, start: (args: string[]) => Watching): Promise<void> {
  const report = join(dir, 'j.xml');
  const idle = start(['openspec/', '--change', 'triple-logout', '--reporter', 'junit:j.xml']);
  await idle.summaries(1);
  await idle.stop();
  t.match(lastLine(idle), /^[1-9]\d* passed, 0 failed, 0 skipped, 0 todo \(interrupted by SIGINT\)$/, 'an idle watch ended by Ctrl-C closes with its summary line');

  const change = start(['openspec/', '--change', 'triple-logout', '--reporter', 'junit:j.xml']);
  await change.summaries(1);
  t.match(readFileSync(report, 'utf8'), /<testsuite name="auth \(after change triple-logout\)"[^>]* failures="0"/, 'the first run reports the change applied, green');
  const scenarioless = (text: string) => text.replace(/\n#### Scenario: Logout\n[\s\S]*$/, '\n');
  save(dir, DELTA, scenarioless);
  await said(change, /MODIFIED requirement 'Logout' has no '#### Scenario:'[^\n]*; nothing runs\nspec-run: --watch: the report files \(j\.xml\) are removed until a run runs again/);
  t.notOk(existsSync(report), 'the save the change cannot be applied after removes the report, as a fresh run writes none');
  save(dir, DELTA, () => CHANGE_PROJECT[DELTA]);
  await change.summaries(2);
  t.match(readFileSync(report, 'utf8'), /<testsuite name="auth \(after change triple-logout\)"[^>]* failures="0"/, 'put right, the next run writes it again');
  save(dir, DELTA, scenarioless);
  await said(change, /nothing runs\nspec-run: --watch: the report files \(j\.xml\) are removed[^\n]*\n[\s\S]*nothing runs\nspec-run: --watch: the report files \(j\.xml\) are removed/);
  await change.stop();
  t.notOk(existsSync(report), 'after Ctrl-C too');
  t.match(change.stderr(), /spec-run: the last save ran nothing: --change: change 'triple-logout' cannot be applied/, 'the close says the last save ran nothing');
  t.match(lastLine(change), INTERRUPTED_SUMMARY, 'and ends with the summary line, interrupted by SIGINT');
}
