// `spec-run exec FILE` as a record: a file it cannot read is said so, runs nothing and
// exits with 2; a file it reads is run as its configuration.
import t from 'tap';
import { rmSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { recordFile } from '../../src/executor/record.js';
import { scratchDirectory } from '../support/scratch.js';

t.test('a configuration file that does not exist: the reason, nothing run, status 2', async (t) => {
  const dir = scratchDirectory('record-file-');
  t.teardown(() => rmSync(dir, { recursive: true, force: true }));
  const shown: string[] = [];
  const record = await recordFile(path.join(dir, 'absent.yaml'), { configDir: dir, configName: 'absent.yaml', write: (text) => shown.push(text) });
  t.equal(record.exitStatus, 2);
  t.same(record.commands, []);
  t.match(record.messages, [/^Error: cannot read absent\.yaml: ENOENT: no such file or directory/]);
  t.same(shown, record.messages, 'what it records is what it shows');
});

t.test('a configuration file it reads is run', async (t) => {
  const dir = scratchDirectory('record-file-');
  t.teardown(() => rmSync(dir, { recursive: true, force: true }));
  const file = path.join(dir, 'stop.yaml');
  writeFileSync(file, 'stop:\n  commands:\n    - run: "exit 3"\n');
  const record = await recordFile(file, { configDir: dir });
  t.equal(record.commands.length, 1);
  t.equal(record.commands[0].exitCode, 3);
  t.equal(record.exitStatus, 3);
});
