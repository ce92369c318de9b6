// `spec-run exec` as a user runs it: a real process, a host and a Docker command that time out.
import t from 'tap';
import { execFile, execFileSync } from 'node:child_process';
import { existsSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import { dirname, join, resolve } from 'node:path';
import { dockerEngine } from '../../src/executor/docker.js';

const cli = join(resolve(dirname(fileURLToPath(import.meta.url)), '../../..'), 'dist/src/cli/main.js');

/** One command's timeout report, without the lines that rightly differ: its header, notes and measured duration. */
function report(section: string): string {
  return section
    .split('\n')
    .filter((line) => !/^\[\d\/\d\]|^ {2}note:|^Duration:/.test(line))
    .join('\n')
    .trim();
}

const engine = await dockerEngine();

t.test('host and Docker commands that time out show the same message, and no container is left', { skip: engine.ok ? false : `no Docker engine: ${engine.error}` }, async (t) => {
  const dir = t.testdir({
    'stop.yaml': `stop:
  commands:
    - run: "echo partial; sleep 30"
      timeout: "1s"
    - run: "echo partial; sleep 30"
      image: "alpine"
      timeout: "1s"
`,
  });
  const child = execFile(process.execPath, [cli, 'exec', join(dir, 'stop.yaml'), '--image-alias', 'alpine=spec-run/busybox:local'], { encoding: 'utf8' });
  let stdout = '';
  child.stdout!.on('data', (chunk: string) => (stdout += chunk));
  const code = await new Promise<number | null>((done) => child.on('close', done));
  t.equal(code, 124, 'a timeout is exit status 124');
  const [host, docker] = stdout.split(/^(?=\[2\/2\])/m);
  t.match(host, /^\[1\/2\] host: /);
  t.match(docker, /^\[2\/2\] docker alpine: .*\n {2}note: image alpine mapped to local spec-run\/busybox:local/);
  t.match(report(host), /^Error: Command execution timed out after 1s\n\nCommand: echo partial; sleep 30\nTimeout: 1s/);
  t.match(report(host), /Partial Output:\npartial\n/);
  t.equal(report(docker), report(host), 'the same message for both');
  const left = execFileSync('docker', ['ps', '-a', '-q', '--filter', `name=spec-run-${child.pid}-`], { encoding: 'utf8' }).trim();
  t.equal(left, '', 'docker ps -a shows no container of this run');
});

t.test("a reader that stops early (`| head -1`): no crash, every command still runs, the exit status is the run's", async (t) => {
  const dir = t.testdir({
    'stop.yaml': `stop:
  commands:
    - run: "seq 1 2000"
    - run: "sleep 1; touch second-ran; exit 3"
`,
  });
  const child = execFile(process.execPath, [cli, 'exec', join(dir, 'stop.yaml')], { encoding: 'utf8' });
  let stderr = '';
  child.stderr!.on('data', (chunk: string) => (stderr += chunk));
  // As `head -1` does: read the first chunk, then close the pipe.
  child.stdout!.once('data', () => child.stdout!.destroy());
  const code = await new Promise<number | null>((done) => child.on('close', done));
  t.equal(code, 3, "the second command's failure is the exit status");
  t.ok(existsSync(join(dir, 'second-ran')), 'the second command ran after the reader went away');
  t.equal(stderr, '', 'nothing on stderr: no EPIPE stack trace');
});
