// `--watch --change`: every run is the change applied, whichever file a save replaced (the
// change's delta, the capability's spec, a steps file), as a fresh `--change` run gives it,
// from this checkout through a real watching process.
import t from 'tap';
import { existsSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { execa } from 'execa';
import { watching } from '../cli/spec-run.js';
import { changeLeavesUnderWatch, checkChangeWatchSession, CHANGE_PROJECT, refusedUnderWatch, saveUnderChangeWatch } from '../support/change-watching.js';
import { cli, project } from './user-project.js';

t.test('--watch --change: each save runs the capabilities it affects with the change applied, the same as a fresh --change run', async (t) => {
  const dir = project(CHANGE_PROJECT);
  const fresh = async (args: string[]) => (await execa(process.execPath, [cli, ...args], { cwd: dir, reject: false })).stdout;
  checkChangeWatchSession(t, await saveUnderChangeWatch(dir, (args) => watching(args, dir), fresh));
});

t.test('--watch follows a change leaving the tree: archived (its directory moved) or its only delta deleted, its result leaves the reports, and under --change a later save says the change no longer applies', async (t) => {
  const dir = project(CHANGE_PROJECT);
  await changeLeavesUnderWatch(t, dir, (args) => watching(args, dir));
});

t.test('--watch --change: a save the change cannot be applied after removes the report files as a refused run leaves none, until a run runs again; Ctrl-C closes with the summary line', async (t) => {
  const dir = project(CHANGE_PROJECT);
  await refusedUnderWatch(t, dir, (args) => watching(args, dir));
});

t.test('--watch of file:LINE: a save that takes away the unit the line chose selects nothing, which a run refuses, so it removes the report files rather than leave its earlier result green', async (t) => {
  const dir = project(CHANGE_PROJECT);
  const cart = 'openspec/specs/cart/spec.md';
  const line = CHANGE_PROJECT[cart].split('\n').findIndex((text) => text.startsWith('#### Scenario: Cart doubles')) + 1;
  const watch = watching([`${cart}:${line}`, '--reporter', 'junit:j.xml'], dir);
  await watch.summaries(1);
  t.ok(existsSync(join(dir, 'j.xml')), 'the first run writes the report');
  writeFileSync(join(dir, cart), CHANGE_PROJECT[cart].replace('#### Scenario: Cart doubles', '#### Scenario: Cart triples'));
  for (const deadline = Date.now() + 15_000; !/report files \(j\.xml\) are removed/.test(watch.stderr()) && Date.now() < deadline; ) await new Promise((r) => setTimeout(r, 100));
  await watch.stop();
  t.match(watch.stderr(), /the unit chosen by file:LINE \('Cart \/ Cart doubles'\) is no longer there; nothing of it runs\nspec-run: [^\n]*; nothing runs\nspec-run: --watch: the report files \(j\.xml\) are removed until a run runs again/);
  t.notOk(existsSync(join(dir, 'j.xml')), 'no report left green');
});
