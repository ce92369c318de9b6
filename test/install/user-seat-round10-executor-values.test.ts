// What round 13's held-out writers met in `spec-run exec`, from a user's seat: spec-run packed,
// installed into a fresh project outside the repository, run through its bin. A value no
// process can be given (a NUL character) is refused with the file's other problems; it had
// been announced and then ended the run on stderr, with no report and the commands after it
// never run.
import t from 'tap';
import { existsSync } from 'node:fs';
import { join } from 'node:path';
import { userProject } from '../support/installed.js';

t.test('spec-run exec refuses a NUL character in a command line or a variable, and a signed user id, before anything runs', async (t) => {
  const project = userProject({
    'plus.yaml': 'stop:\n  commands:\n    - run: "touch ran-before"\n    - run: "id -u"\n      image: alpine\n      user: "+2147483648"\n',
    'nul.yaml': 'stop:\n  commands:\n    - run: "touch ran-before"\n    - run: "echo a\\0b"\n    - run: "echo after"\n      env:\n        X: "a\\0"\n',
  });
  const nul = await project.specRun(['exec', 'nul.yaml']);
  t.equal(nul.code, 2, 'refused as a configuration');
  const said = nul.stdout + nul.stderr;
  t.match(said, /^ {2}nul\.yaml:4:12: stop\.commands\[1\]\.run: must not contain a NUL character/m, 'the command line, at its place');
  t.match(said, /^ {2}nul\.yaml:7:12: stop\.commands\[2\]\.env\.X: must not contain a NUL character/m, 'the variable, in the same run');
  t.notMatch(said, /args\[|null bytes/, "no crash of Node's spawn");
  t.notOk(existsSync(join(project.dir, 'ran-before')), 'the command before it never ran');
  const plus = await project.specRun(['exec', 'plus.yaml']);
  t.equal(plus.code, 2, 'a signed id, which Docker reads as an id out of range, is refused as a configuration');
  t.match(plus.stdout + plus.stderr, /plus\.yaml:6:13: stop\.commands\[1\]\.user: must be a user name or uid\[:gid\]/);
  t.notOk(existsSync(join(project.dir, 'ran-before')), 'and nothing ran before it');
});
