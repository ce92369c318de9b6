// `--watch --change`: every run is the change applied, whichever file a save replaced (the
// change's delta, the capability's spec, a steps file), as a fresh `--change` run gives it,
// from this checkout through a real watching process.
import t from 'tap';
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
