// --watch from a user's seat: spec-run packed, installed into a fresh project, started
// through node_modules/.bin/spec-run; a steps file edited while it watches.
import t from 'tap';
import { join } from 'node:path';
import { userEnvironment, userProject } from '../support/installed.js';
import { checkWatchSession, editUnderWatch, watchProcess, WATCHED_PROJECT } from '../support/watching.js';

t.test('an edited steps file is loaded anew, with the modules it imports; the documents keep their names', async (t) => {
  const project = userProject(WATCHED_PROJECT);
  const bin = join(project.dir, 'node_modules', '.bin', 'spec-run');
  checkWatchSession(t, await editUnderWatch(project.dir, (args) => watchProcess([bin, ...args, '--watch'], project.dir, userEnvironment())));
});
