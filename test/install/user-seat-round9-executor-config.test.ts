// What the ninth round's held-out writers met in `spec-run exec`, from a user's seat: spec-run
// packed, installed into a fresh project outside the repository, run through its bin. A
// configuration error is placed where its cause is, and a user Docker cannot take is refused
// before any command runs.
import t from 'tap';
import { existsSync } from 'node:fs';
import { join } from 'node:path';
import { userProject } from '../support/installed.js';

t.test('spec-run exec places a broken configuration where its cause is, and refuses a user Docker cannot take', async (t) => {
  const project = userProject({
    'unclosed.yaml': 'stop:\n  commands:\n    - run: "echo hi\n      timeout: 5s\n',
    'no-commands.yaml': 'stop:\n  defaultTimeout: 5m\n',
    'user.yaml': 'stop:\n  commands:\n    - run: "touch ran-before"\n    - run: "id -u"\n      image: alpine\n      user: "root user"\n',
    'id.yaml': 'stop:\n  commands:\n    - run: "touch ran-before"\n    - run: "id -u"\n      image: alpine\n      user: "1000:-1"\n',
  });
  const unclosed = await project.specRun(['exec', 'unclosed.yaml']);
  t.equal(unclosed.code, 2);
  t.match(unclosed.stdout + unclosed.stderr, /^ {2}unclosed\.yaml:3:12: \(yaml\): a quoted value opened here is never closed/m, 'at the quote, not at line 5 past the last');
  const noCommands = await project.specRun(['exec', 'no-commands.yaml']);
  t.equal(noCommands.code, 2);
  t.match(noCommands.stdout + noCommands.stderr, /^ {2}no-commands\.yaml:1:1: stop\.commands: the `commands:` list is missing/m, 'at `stop:`, which lacks it');
  const user = await project.specRun(['exec', 'user.yaml']);
  t.equal(user.code, 2, 'refused as a configuration, not exit 125 from docker create');
  t.match(user.stdout + user.stderr, /^ {2}user\.yaml:6:13: stop\.commands\[1\]\.user: must be a user name or uid\[:gid\] \(ids from 0 to 2147483647\), not "root user"/m);
  const id = await project.specRun(['exec', 'id.yaml']);
  t.equal(id.code, 2, 'a group id Docker refuses is refused as a configuration too');
  t.match(id.stdout + id.stderr, /id\.yaml:6:13: stop\.commands\[1\]\.user: must be a user name or uid\[:gid\] \(ids from 0 to 2147483647\), not "1000:-1"/);
  t.notOk(existsSync(join(project.dir, 'ran-before')), 'the command before them never ran');
});
