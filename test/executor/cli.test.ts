import t from 'tap';
import { existsSync } from 'node:fs';
import { readFile, rm } from 'node:fs/promises';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { execCommand, parseExecArgs } from '../../src/executor/cli.js';
import { parseLog } from '../../src/executor/log.js';
import { execa } from 'execa';

const cli = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../../src/cli/main.js');

function capture() {
  const lines: string[] = [];
  return { lines, write: (text: string) => lines.push(text) };
}

t.test('runs every command, logs the timeout, returns the first failure', async (t) => {
  const dir = t.testdir({
    'stop.yaml': `stop:
  defaultTimeout: "1s"
  commands:
    - run: "echo partial; sleep 30"
    - run: "echo fine"
      timeout: null
`,
  });
  const out = capture();
  const log = path.join(dir, 'session', 'limits.jsonl');
  const code = await execCommand({ config: path.join(dir, 'stop.yaml'), log, write: out.write });
  t.equal(code, 124);
  const text = out.lines.join('\n');
  t.match(text, /\[1\/2\] host: echo partial; sleep 30 \(timeout 1s, from defaultTimeout\)/);
  t.match(text, /Error: Command execution timed out after 1s/);
  t.match(text, /\[2\/2\] host: echo fine \(timeout none, from command\)\nOK: command succeeded/);
  const events = parseLog(await readFile(log, 'utf8'));
  t.equal(events.length, 1);
  t.match(events[0], { event: 'timeout', command: 'echo partial; sleep 30', timeout: '1s', exitCode: 124, signal: 'SIGTERM', partialOutput: ['partial'] });
  t.ok(!Number.isNaN(Date.parse(events[0].timestamp)));
});

t.test('a bad configuration prints each error with its place and returns 2', async (t) => {
  const dir = t.testdir({ 'bad.yaml': 'stop:\n  commands:\n    - run: a\n      timeout: "2h30m"\n' });
  const out = capture();
  t.equal(await execCommand({ config: path.join(dir, 'bad.yaml'), write: out.write }), 2);
  t.match(out.lines.join('\n'), /bad\.yaml:4:16: stop\.commands\[0\]\.timeout: invalid duration "2h30m".*Valid: '30s', '5m', '2h', null/);
});

t.test('argv: usage errors and image aliases', async (t) => {
  t.equal(await execCommand([]), 2);
  const dir = t.testdir({ 'ok.yaml': 'stop:\n  commands:\n    - run: "exit 0"\n' });
  t.equal(await execCommand([path.join(dir, 'ok.yaml'), '--image-alias', 'custom=spec-run/busybox:local']), 0);
});

t.test('argv: --log-failures adds a line for a plain failure to the --log file; without it there is none; alone it is a usage error', async (t) => {
  const dir = t.testdir({ 'stop.yaml': 'stop:\n  commands:\n    - run: "echo checking; exit 3"\n    - run: "touch ran"\n' });
  const config = path.join(dir, 'stop.yaml');
  const opted = path.join(dir, 'opted.jsonl');
  t.equal(await execCommand([config, '--log', opted, '--log-failures']), 3);
  t.match(parseLog(await readFile(opted, 'utf8')), [{ event: 'failed', command: 'echo checking; exit 3', exitCode: 3, partialOutput: ['checking'] }]);
  const plain = path.join(dir, 'plain.jsonl');
  t.equal(await execCommand([config, '--log', plain]), 3);
  t.notOk(existsSync(plain), '--log alone: a plain failure is not logged, no file');

  t.throws(() => parseExecArgs([config, '--log-failures']), { message: '--log-failures needs --log FILE: it adds failed, could-not-run and output-capped lines to that log' });
  const ran = path.join(dir, 'ran');
  await rm(ran);
  t.equal(await execCommand([config, '--log-failures']), 2, 'alone: exit 2');
  // Through the CLI, beside the option parser's own errors: the error and where to read the usage on stderr, nothing on stdout.
  for (const [args, said] of [
    [['--log-failures'], 'error: --log-failures needs --log FILE'],
    [['--image-alias', 'alpine'], 'error: --image-alias wants NAME=IMAGE, got alpine'],
    [['--no-such-option'], "error: unknown option '--no-such-option'"],
  ] as const) {
    const result = await execa(process.execPath, [cli, 'exec', config, ...args], { reject: false });
    t.same([result.exitCode, result.stdout], [2, ''], `${args.join(' ')}: exit 2, nothing on stdout`);
    const [first, hint, ...more] = result.stderr.split('\n');
    t.ok(first.startsWith(said), `${args.join(' ')}: ${said}`);
    t.same([hint, more], ['(run spec-run exec --help for usage)', []], `${args.join(' ')}: then where to read the usage`);
  }
  t.notOk(existsSync(ran), 'alone: no command ran');
});
