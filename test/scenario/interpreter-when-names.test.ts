// What a When names by a literal: the configuration file (in the words "saved as", "in
// `x.yaml`", "the run is `spec-run exec …`", through a package runner), an image (after
// "on", after "names"/"uses"), a command by "another", a field said with "asks for" or
// "no … set". Paraphrases written for these tests (none from a batch), both ways: read
// right, and left unread or read otherwise where the words say something else.
import t from 'tap';
import { readThen } from '../../src/run/scenario/interpreter/then.js';
import { mergedSetup } from '../../src/run/scenario/interpreter/when.js';
import { readSetup as setupOf } from './when-readings.js';


t.test('a YAML file named after "in" is the configuration, never an image', (t) => {
  const read = setupOf('a container command in `ci/stop.yaml` sets `memory: "64m"` and runs `free -m`');
  t.ok(read, 'read');
  t.equal(read?.setup.invocation?.config, 'ci/stop.yaml');
  t.not(read?.setup.image, 'ci/stop.yaml', 'no image is made of a file name');
  const host = setupOf('a host command in `sub/hooks.yml` has `workdir: /var` and runs `ls`');
  t.match(host?.setup, { context: 'host', invocation: { config: 'sub/hooks.yml' }, fields: { workdir: '/var' }, run: 'ls' });
  t.notOk(/in a container/.test(host?.text ?? ''), 'a host command stays on the host', { got: host?.text });
  // An image reference after "in" is still where it runs.
  t.match(setupOf('a command in `ghcr.io/acme/tools:2` runs `make`')?.setup, { context: 'docker', image: 'ghcr.io/acme/tools:2', run: 'make' });
  t.end();
});

t.test('spec-run exec started through a package runner is spec-run exec, never a command it runs', (t) => {
  for (const sentence of ['it is started as `npx spec-run exec --log t.jsonl r.yaml`', 'the executor is invoked with `pnpm exec spec-run exec --log t.jsonl r.yaml`']) {
    const read = setupOf(sentence);
    t.match(read?.setup, { invocation: { config: 'r.yaml', log: 't.jsonl' } }, sentence, { got: read?.text });
    t.equal(read?.setup.run, undefined, `${sentence}: no command line`);
  }
  t.equal(setupOf('a command runs `npx prettier --check .`')?.setup.run, 'npx prettier --check .', 'another tool through npx is a command');
  t.end();
});

t.test('a configuration said saved or written under a name is that file; a file a command writes to is not what it prints', (t) => {
  t.match(setupOf('a host command `date` is saved as `conf/a.yaml`')?.setup, { run: 'date', context: 'host', invocation: { config: 'conf/a.yaml' } });
  t.match(setupOf('the configuration has a command `uname` with `timeout: 4s`, written to `b.yml`')?.setup, { run: 'uname', fields: { timeout: '4s' }, invocation: { config: 'b.yml' } });
  const written = setupOf('the command `make` writes its log to `build.txt`');
  t.notOk(written?.setup.says.some((s) => s.text === 'build.txt'), 'the file it writes to is not a line it prints', { got: written?.text });
  t.match(setupOf('a command writes `ready` to stderr')?.setup.says, [{ stream: 'stderr', text: 'ready' }], 'what it writes, before "to" a stream, is still printed');
  t.end();
});

t.test('an image with a tag after "on", or named by "names"/"uses", is where the command runs', (t) => {
  t.match(setupOf('a command `uname -a` on `debian:12`')?.setup, { run: 'uname -a', context: 'docker', image: 'debian:12' });
  t.match(setupOf('a command `hostname` runs on `registry.local/base:7` with `network: none`')?.setup, { run: 'hostname', image: 'registry.local/base:7', fields: { network: 'none' } });
  t.match(setupOf('the command names `ruby:3.3`')?.setup, { fields: { image: 'ruby:3.3' } });
  t.equal(setupOf('the command names `ruby:3.3`')?.setup.run, undefined, 'an image is never a command line');
  t.match(setupOf('a command uses `golang:1.22` and runs `go version`')?.setup, { run: 'go version', fields: { image: 'golang:1.22' } });
  // Not an image: a branch name after "on", a key written without a space.
  t.equal(setupOf('a command runs `git log` on `main`'), null, '"on `main`" is not read');
  t.match(setupOf('a command uses `timeout:9s` and runs `sleep 1`')?.setup, { run: 'sleep 1', fields: { timeout: '9s' } });
  t.end();
});

t.test('"one command … and another `x` …", "both on …": two commands, each in the image said of both', (t) => {
  const read = setupOf('one command `uptime` uses `user: "0:0"` and another `id` uses `user: daemon`, both on `busybox:1.36`');
  t.ok(read, 'read');
  const [first, second] = [0, 1].map((i) => mergedSetup(read!.setup, read!.setup.byCommand?.[i]));
  t.match(first, { run: 'uptime', fields: { user: '0:0' }, image: 'busybox:1.36' });
  t.match(second, { run: 'id', fields: { user: 'daemon' }, image: 'busybox:1.36' });
  t.match(setupOf('the configuration has one command `df -h` with `image: alpine:3`')?.setup, { run: 'df -h', fields: { image: 'alpine:3' } }, '"has one command" alone is a command');
  t.end();
});

t.test('settings said with "asks for", a list named `stop.commands`, a field said not set', (t) => {
  t.match(setupOf('a configuration asks for `timeout: 4s` and runs `sleep 9`')?.setup, { run: 'sleep 9', fields: { timeout: '4s' } });
  t.match(setupOf('`stop.commands` holds one host command `true` with `timeout: 2s`')?.setup, { run: 'true', context: 'host', fields: { timeout: '2s' } });
  t.match(setupOf('the host command is `sleep 2` and has no timeout set')?.setup, { run: 'sleep 2', omitTimeout: true });
  t.match(setupOf('a command runs `sleep 2` and no timeout is specified')?.setup, { run: 'sleep 2', omitTimeout: true });
  // "no timeout" alone may mean `timeout: null` as well: not read.
  t.equal(setupOf('the command `sleep 2` has no timeout'), null);
  t.match(setupOf('a command runs `seq 1 9` with `maxOutputLines: 2` and `keepOutput: tail`')?.setup, { run: 'seq 1 9', fields: { maxOutputLines: 2, keepOutput: 'tail' } });
  t.end();
});

t.test('spec-run exec given a file that the sentence names again, or written out as "the run is …"', (t) => {
  t.match(setupOf('`spec-run exec s.yaml` runs a `s.yaml` whose only stop command is `ls` with `timeout: 3s`')?.setup, { run: 'ls', invocation: { config: 's.yaml' }, fields: { timeout: '3s' } });
  t.match(setupOf('`spec-run exec s.yaml` reads `stop:` with `commands: []`')?.setup, { noCommands: true, invocation: { config: 's.yaml' } });
  t.equal(setupOf('`spec-run exec s.yaml` runs a `t.yaml` with a command `ls`'), null, 'two different files: which is run is not said');
  t.match(setupOf('the command names `node:22` and the run is `spec-run exec p/s.yaml --image-alias node:22=busybox:1.36`')?.setup, { fields: { image: 'node:22' }, invocation: { config: 'p/s.yaml', imageAliases: { 'node:22': 'busybox:1.36' } } });
  t.end();
});

t.test('a range of many thousand lines in a Then is read without exhausting the stack', (t) => {
  t.doesNotThrow(() => readThen('the report shows the first 250000 lines, `1` to `250000`'));
  t.end();
});

t.test('"the exit code shown and returned" is the code, not a command that ran to its end', (t) => {
  for (const sentence of ['the exit code shown and returned is 7', 'the exit code reported and returned is 7']) {
    const reading = readThen(sentence);
    t.ok(reading.ok && reading.parts.every((p) => !/completed/.test(p.text)) && reading.parts.some((p) => /exit code == 7/.test(p.text)), sentence, { got: reading.ok ? reading.parts.map((p) => p.text) : reading.notUnderstood });
  }
  t.end();
});

t.test('a condition paragraph whose subject is "a file" described by its keys and commands restates its block', async (t) => {
  const { conditionUse } = await import('../../src/run/scenario/interpreter/condition.js');
  const use = (text: string, yaml: string) => conditionUse({ text: text.replace(/`/g, ''), code: [...text.matchAll(/`([^`]+)`/g)].map((m) => m[1]), yaml });
  const block = 'stop:\n  commands:\n    - run: "ls"\n      workdir: gone/away\n    - timeout: 5s\n';
  // Said as the configuration's, "a file has …" is checked against the block where each item is of a shape described (round 29): this block has no unknown key.
  t.equal(use('When a file has two commands and an unknown key:', block).kind, 'unsaid');
  t.equal(use('When a file has two commands and an unknown key:', `${block}      timout: 5s\n`).kind, 'read');
  for (const text of ['When the file holds a `run` without a timeout and one unknown key:']) t.equal(use(text, block).kind, 'restates', text);
  // A file named, or said to hold what no configuration holds, or placed somewhere: still beyond the block.
  for (const text of ['When a file has a line reading hello:', 'When a directory `data` that does not exist is named:', 'When a file next to the configuration has two commands:']) t.equal(use(text, block).kind, 'unsaid', text);
  t.not(use('When a file holds the text `hello`:', block).kind, 'read', '"the text `hello`" a file holds is no failure message');
  t.end();
});
