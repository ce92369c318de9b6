// What the tenth round's user-seat session found in `--watch --change`, from a user's seat:
// spec-run packed, installed into a fresh project outside the repository, started through
// its bin, the files saved as `sed -i` saves them while it watches.
import t from 'tap';
import { join } from 'node:path';
import { userEnvironment, userProject } from '../support/installed.js';
import { watchProcess } from '../support/watching.js';
import { checkChangeWatchSession, CHANGE_PROJECT, saveUnderChangeWatch } from '../support/change-watching.js';

t.test('--watch --change: a save of the delta (twice), of the capability\'s spec or of the steps runs the capability with the change applied, as a fresh --change run does; a save of a capability it leaves alone runs nothing', async (t) => {
  const project = userProject(CHANGE_PROJECT);
  const bin = join(project.dir, 'node_modules', '.bin', 'spec-run');
  const session = await saveUnderChangeWatch(
    project.dir,
    (args) => watchProcess([bin, ...args, '--watch'], project.dir, userEnvironment()),
    async (args) => (await project.specRun(args)).stdout,
  );
  checkChangeWatchSession(t, session);
});
