// A new project's first minutes, as a user has them: spec-run installed from its
// packed tarball into a fresh project outside the repository, then init, doctor, the
// scaffolded documents, serve and exec through node_modules/.bin/spec-run, as root and
// as an unprivileged user.
import t from 'tap';
import { toolsServer } from '../support/tools-server.js';
import { spawn } from 'node:child_process';
import { chmodSync, existsSync, readFileSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { LOCAL_IMAGE } from '../../src/executor/local-image.js';
import { userProject } from '../support/installed.js';
import { scratchDirectory } from '../support/scratch.js';

const summary = (stderr: string) => stderr.trim().split('\n').at(-1);

t.test('init scaffolds a project that passes at once, and never overwrites', async (t) => {
  const project = userProject();
  const init = await project.specRun(['init']);
  t.equal(init.code, 0, init.stderr);
  t.match(init.stdout, /runs specs\/ \(both documents should pass\)/, 'a new project: its first run passes');
  for (const file of ['spec-run.config.json', 'specs/evaluation.test.md', 'specs/project.spec.md', 'steps/project.steps.mjs', '.github/workflows/spec-run.yml', '.gitignore']) {
    t.match(init.stdout, new RegExp(`(created|updated) +${file.replace(/\./g, '\\.')}`), `${file} written`);
  }
  t.match(readFileSync(join(project.dir, '.gitignore'), 'utf8'), /^\.spec-run\/$/m, '.spec-run/ ignored');
  const doctor = await project.specRun(['doctor']);
  t.equal(doctor.code, 0, `doctor finds what the documents need: ${doctor.stdout}`);
  t.match(doctor.stdout, /^ok +Lisp library bordeaux-threads/m);
  t.match(doctor.stderr, /2 documents: 1 Lisp, 1 OpenSpec;/);
  const run = await project.specRun([]);
  t.equal(run.code, 0, `npx spec-run passes: ${run.stderr}`);
  t.equal(summary(run.stderr), '6 passed, 0 failed, 0 skipped, 0 todo', 'both documents ran: the Lisp one (4 checks) and the OpenSpec one with steps found by convention (2)');
  t.match(run.stdout, /^ok \d+ - evaluation \(specs\/evaluation\.test\.md\)/m, 'documents named by their paths in the project');
  t.match(run.stderr, /^requirements: 2 verified/m, "the Lisp document's requirement (covers:) and the OpenSpec one: --require-verified gates both");
  writeFileSync(join(project.dir, 'specs/project.spec.md'), '# mine\n');
  const again = await project.specRun(['init']);
  t.match(again.stdout, /kept +specs\/project\.spec\.md \(it exists; spec-run init never overwrites\)/);
  t.equal(readFileSync(join(project.dir, 'specs/project.spec.md'), 'utf8'), '# mine\n', 'the user\'s file is untouched');
  t.match(again.stdout, /kept +\.gitignore \(it already ignores \.spec-run\/\)/);
  t.notMatch(again.stdout, /should pass/, 'documents were there before: no promise for them');
  t.match(again.stdout, /runs specs\/ \(the documents that were there, and those init wrote\)/);
  // A slip in the configuration a user edits by hand: refused, with the key meant.
  const config = join(project.dir, 'spec-run.config.json');
  writeFileSync(config, readFileSync(config, 'utf8').replace('"paths"', '"path"'));
  const slip = await project.specRun([]);
  t.equal(slip.code, 2, 'a usage error');
  t.match(slip.stderr, /spec-run\.config\.json: unknown key 'path' \(did you mean 'paths'\?\)/);
});

t.test("init in a project configured in YAML or package.json writes no second configuration, and the project runs; its workflow's shards do not cancel each other", async (t) => {
  for (const [file, text, name] of [
    ['spec-run.config.yaml', 'paths: [specs/]\n', 'spec-run.config.yaml'],
    ['package.json', JSON.stringify({ name: 'configured', private: true, 'spec-run': { paths: ['specs/'] } }), 'the "spec-run" key of package.json'],
  ]) {
    const project = userProject({ [file]: text });
    const init = await project.specRun(['init']);
    t.match(init.stdout, `kept     ${name} (the project's configuration; init writes no other)`);
    t.notOk(existsSync(join(project.dir, 'spec-run.config.json')), `${file}: no spec-run.config.json beside it`);
    const run = await project.specRun(['specs/project.spec.md']);
    t.equal(run.code, 0, `${file}: the project runs (${run.stderr.slice(-200)})`);
    t.match(readFileSync(join(project.dir, '.github/workflows/spec-run.yml'), 'utf8'), /strategy:\n(?: +#.*\n)* +fail-fast: false\n/, 'merge needs every shard: one failing cancels none');
  }
  const kept = userProject({ 'steps/project.steps.mjs': 'export {};\n' });
  const init = await kept.specRun(['init']);
  t.notMatch(init.stdout, /both documents should pass/, 'a steps file of the user\'s was kept: no promise');
});

t.test('an unprivileged user: the scaffolded project passes with a cache of their own; without one, doctor and the run say SPEC_RUN_CACHE', async (t) => {
  const project = userProject();
  await project.specRun(['init']);
  chmodSync(project.dir, 0o777);
  const cache = scratchDirectory('spec-run-cache-');
  chmodSync(cache, 0o777);
  const run = await project.specRun([], { asUser: 'nobody', env: { HOME: '/nonexistent', SPEC_RUN_CACHE: cache } });
  t.equal(run.code, 0, run.stderr);
  t.equal(summary(run.stderr), '6 passed, 0 failed, 0 skipped, 0 todo');
  const noCache = { HOME: '/nonexistent', SPEC_RUN_CACHE: '', XDG_CACHE_HOME: '' };
  const doctor = await project.specRun(['doctor'], { asUser: 'nobody', env: noCache });
  t.equal(doctor.code, 1, 'doctor: the Lisp document needs a cache');
  t.match(doctor.stdout, /MISSING +cache directory: \/nonexistent\/\.cache\/spec-run .*\n +fix: set SPEC_RUN_CACHE to a writable directory/);
  const failing = await project.specRun([], { asUser: 'nobody', env: noCache });
  t.equal(failing.code, 1);
  t.match(failing.stdout, /the cache directory \/nonexistent\/\.cache\/spec-run \(SBCL core images\) cannot be written \(EACCES\): set SPEC_RUN_CACHE to a writable directory/);
  // Node's recursive mkdir never returns under /proc: the containment probe's record there spun a core, deaf to SIGTERM.
  const proc = await project.specRun([], { env: { SPEC_RUN_CACHE: '/proc/spec-run-cache' } });
  t.equal(proc.code, 1, 'a cache under /proc: the run ends, failing');
  t.match(proc.stdout, /the cache directory \/proc\/spec-run-cache \(SBCL core images\) cannot be written \(ENOENT\)/);
});

t.test('serve answers an MCP client, and exec runs a stop-hook configuration, from the installed package', async (t) => {
  const project = userProject({ 'stop.yaml': 'stop:\n  commands:\n    - run: "echo hello from the hook"\n      timeout: "10s"\n    - run: "sleep 30"\n      timeout: "1s"\n' });
  const exec = await project.specRun(['exec', 'stop.yaml']);
  t.equal(exec.code, 124, 'the second command timed out: 124');
  t.match(exec.stdout, /hello from the hook/);
  t.match(exec.stdout, /timed out after 1s/);
  const lines = [
    { jsonrpc: '2.0', id: 1, method: 'initialize', params: { protocolVersion: '2025-06-18', capabilities: {}, clientInfo: { name: 'user', version: '1' } } },
    { jsonrpc: '2.0', method: 'notifications/initialized' },
    { jsonrpc: '2.0', id: 2, method: 'tools/call', params: { name: 'evaluate-lisp', arguments: { code: '(* 6 7)' } } },
  ];
  const answers = await new Promise<Record<string, unknown>[]>((done, fail) => {
    const child = spawn('env', ['-u', 'NODE_OPTIONS', join(project.dir, 'node_modules/.bin/spec-run'), 'serve'], { cwd: project.dir, stdio: ['pipe', 'pipe', 'inherit'] });
    let out = '';
    const timer = setTimeout(() => fail(new Error(`no answer in 60 s: ${out}`)), 60_000);
    child.stdout.setEncoding('utf8').on('data', (chunk: string) => {
      out += chunk;
      const got = out.split('\n').filter(Boolean).map((line) => JSON.parse(line) as Record<string, unknown>);
      if (got.some((answer) => answer.id === 2)) {
        clearTimeout(timer);
        child.stdin.end();
        done(got);
      }
    });
    for (const line of lines) child.stdin.write(`${JSON.stringify(line)}\n`);
  });
  t.match(answers.find((a) => a.id === 1), { result: { serverInfo: { name: String } } }, 'initialize answered');
  t.match(JSON.stringify(answers.find((a) => a.id === 2)), /=> 42/, 'evaluate-lisp answered (* 6 7) => 42');
});

t.test('exec from the installed package, as a hook runner is used: an empty list refused, a reader that stops early, the hooks directory in a container', async (t) => {
  const project = userProject({
    'empty.yaml': 'stop:\n  commands: []\n',
    'pipe.yaml': 'stop:\n  commands:\n    - run: "seq 1 5000"\n    - run: "sleep 1; touch second-ran"\n',
    'hooks/stop.yaml': 'stop:\n  commands:\n    - run: "sh $SPEC_RUN_CONFIG_DIR/lint.sh"\n      image: alpine\n',
    'hooks/lint.sh': 'echo linted in $(pwd)\n',
  });
  const empty = await project.specRun(['exec', 'empty.yaml']);
  t.equal(empty.code, 2, 'an empty command list is a configuration error, not a pass');
  t.match(empty.stdout, /empty\.yaml:2:\d+: stop\.commands: is an empty list/);
  // `| head -1` through a real shell pipeline: PIPESTATUS keeps spec-run's own status.
  const piped = await new Promise<{ code: number | null; out: string; err: string }>((done) => {
    const bin = join(project.dir, 'node_modules/.bin/spec-run');
    const child = spawn('bash', ['-c', `env -u NODE_OPTIONS "${bin}" exec pipe.yaml | head -1; echo "status \${PIPESTATUS[0]}"`], { cwd: project.dir });
    let out = '';
    let err = '';
    child.stdout.setEncoding('utf8').on('data', (chunk: string) => (out += chunk));
    child.stderr.setEncoding('utf8').on('data', (chunk: string) => (err += chunk));
    child.on('close', (code) => done({ code, out, err }));
  });
  t.same(piped.out.split('\n'), ['[1/2] host: seq 1 5000 (timeout 5m, from built-in default)', 'status 0', ''], 'head saw the first line; spec-run went on and exited 0');
  t.equal(piped.err, '', 'no EPIPE trace');
  t.ok(existsSync(join(project.dir, 'second-ran')), 'the second command ran');
  const hooks = await project.specRun(['exec', 'hooks/stop.yaml', '--project', '.', '--image-alias', `alpine=${LOCAL_IMAGE}`]);
  t.equal(hooks.code, 0, hooks.stdout);
  t.match(hooks.stdout, /^linted in \/workspace$/m, "the script found through SPEC_RUN_CONFIG_DIR in the container, as on the host");
});

t.test('exec from the installed package lists every problem of a file at once, a repeated key among them, and says by which signal an interrupted command stopped', async (t) => {
  const project = userProject({
    'broken.yaml': 'stop:\n  defaultTimeout: "5 m"\n  commands:\n    - run: "echo a"\n      timeout: "10s"\n      timeout: "20s"\n    - run: "id -u"\n      memory: 64m\n',
    'slow.yaml': 'stop:\n  commands:\n    - run: "echo started; sleep 30"\n',
  });
  const broken = await project.specRun(['exec', 'broken.yaml']);
  t.equal(broken.code, 2, 'a configuration error');
  const lines = broken.stdout.split('\n').map((line) => line.trim()).filter((line) => line.startsWith('broken.yaml:'));
  t.match(lines, [/^broken\.yaml:2:\d+: stop\.defaultTimeout: .*no spaces are allowed/, /^broken\.yaml:6:7: stop\.commands\[0\]\.timeout: duplicated key 'timeout', first at line 5$/, /^broken\.yaml:8:\d+: stop\.commands\[1\]\.memory: .*applies in a container only/], broken.stdout);
  t.equal(lines.length, 3, 'three problems, one line each, in the order of the file');

  const interrupted = await new Promise<{ code: number | null; out: string }>((done) => {
    const child = spawn('env', ['-u', 'NODE_OPTIONS', join(project.dir, 'node_modules/.bin/spec-run'), 'exec', 'slow.yaml'], { cwd: project.dir });
    let out = '';
    let announced = false;
    child.stdout.setEncoding('utf8').on('data', (chunk: string) => {
      out += chunk;
      // The command is announced before it starts: Ctrl-C comes a second later, while it sleeps.
      if (!announced && out.includes('[1/1] host:')) setTimeout(() => child.kill('SIGINT'), 1000);
      announced ||= out.includes('[1/1] host:');
    });
    child.on('close', (code) => done({ code, out }));
  });
  t.equal(interrupted.code, 130);
  t.match(interrupted.out, /Exit Status: Interrupted by SIGINT \(the command was stopped with signal 15: SIGTERM\)\nExit Code: 130/);
});

t.test("doctor starts a configured runtime: server and asks for its tools, as a run's sessions will", async (t) => {
  const server = toolsServer(['evaluate-lisp']);
  const project = userProject({ 'server.mjs': server, 'spec-run.config.json': JSON.stringify({ paths: ['specs/'], runtime: ['node', 'server.mjs'] }) });
  await project.specRun(['init']);
  const doctor = await project.specRun(['doctor']);
  t.match(doctor.stdout, /^ok +runtime server: node server\.mjs: lists evaluate-lisp$/m);
  project.write({ 'spec-run.config.json': JSON.stringify({ paths: ['specs/'], runtime: ['node', 'no-such-server.mjs'] }) });
  const missing = await project.specRun(['doctor']);
  t.equal(missing.code, 1, 'every session would fail to start');
  t.match(missing.stdout, /^MISSING +runtime server: node no-such-server\.mjs: the runtime server ended \(exit code 1\) before answering/m);
});
