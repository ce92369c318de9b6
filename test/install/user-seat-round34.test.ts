// From a user's seat, round 34 through the packed package in a fresh project: a memory limit written as a bare YAML
// integer is that many bytes in the container (it had been refused as "not a positive integer"), and an executor
// specification whose setups say the launch in a writer's own words (a fresh directory named, the block under the
// name the command line runs, its report sent to a file) runs through the installed CLI: the true scenario passes,
// its false copy fails, each step bound and its reading shown.
import t from 'tap';
import { Parser } from 'tap-parser';
import { userProject } from '../support/installed.js';

const IMAGE = 'spec-run/busybox:local';
/** The memory limit the container's cgroup holds, on cgroup v2 or v1. */
const CGROUP_LIMIT = 'cat /sys/fs/cgroup/memory.max 2>/dev/null || cat /sys/fs/cgroup/memory/memory.limit_in_bytes';

t.test('spec-run exec: memory: 67108864 is 64 MiB in the container; memory: 512 is refused as below Docker\'s least', async (t) => {
  const project = userProject({
    'bytes.yaml': `stop:\n  commands:\n    - run: "${CGROUP_LIMIT}"\n      image: ${IMAGE}\n      memory: 67108864\n`,
    'few.yaml': `stop:\n  commands:\n    - run: "true"\n      image: ${IMAGE}\n      memory: 512\n`,
  });
  const bytes = await project.specRun(['exec', 'bytes.yaml']);
  t.equal(bytes.code, 0, bytes.stdout + bytes.stderr);
  t.match(bytes.stdout, /Output:\n67108864\n/, 'the cgroup holds 64 MiB');
  const few = await project.specRun(['exec', 'few.yaml']);
  t.equal(few.code, 2);
  t.match(few.stdout, /few\.yaml:5:15: stop\.commands\[0\]\.memory: must be at least 6m \(Docker's smallest memory limit\), not "512"/);
});

/** The leaf points of a TAP stream: name, ok, todo, and the YAML diagnostics. */
function points(tap: string): { name: string; ok: boolean; todo: unknown; diag: Record<string, unknown> | null }[] {
  const found: { name: string; ok: boolean; todo: unknown; diag: Record<string, unknown> | null }[] = [];
  const walk = (parser: Parser) => {
    let child = false;
    parser.on('child', (sub: Parser) => {
      child = true;
      walk(sub);
    });
    parser.on('assert', (a: { name: string; ok: boolean; todo: unknown; diag: Record<string, unknown> | null }) => {
      if (child) child = false;
      else found.push({ name: a.name, ok: a.ok, todo: a.todo, diag: a.diag });
    });
  };
  const parser = new Parser();
  walk(parser);
  parser.end(tap);
  return found;
}

const scenario = (title: string, run: string) => `#### Scenario: ${title}
When you run \`npx spec-run exec gate.yaml > report.txt\` in a fresh \`lab/first/\` with this yaml:

\`\`\`yaml
stop:
  commands:
    - run: "${run}"
\`\`\`

Then:
1. The exit code is 3.
2. After the run, the file \`report.txt\` in the project directory contains \`checked-by-gate\`.
`;

t.test('spec-run specs/ --executor-steps: a launch said in a writer\'s words is set up as said, both ways', async (t) => {
  const project = userProject({
    'specs/gate.spec.md': `# Gate\n\n## Purpose\n\nThe gate's checks.\n\n## Requirements\n\n### Requirement: The gate fails loudly\nThe gate SHALL fail with its own code.\n\n${scenario('Gate fails', 'echo checked-by-gate; exit 3')}\n${scenario('Gate fails (a false copy)', 'echo checked-elsewhere; exit 3')}`,
  });
  const dry = await project.specRun(['specs/', '--executor-steps', '--dry-run', '--reporter', 'tap']);
  const read = points(dry.stdout).filter((p) => /^Then /.test(p.name));
  t.equal(read.length, 4, JSON.stringify(read.map((p) => p.name)));
  t.same(read.filter((p) => typeof p.diag?.interpretation !== 'string').map((p) => p.name), [], 'every step bound, its reading shown');
  const run = await project.specRun(['specs/', '--executor-steps', '--reporter', 'tap']);
  t.equal(run.code, 1, 'the false copy fails the run');
  const ran = points(run.stdout).filter((p) => /^Then /.test(p.name));
  t.same(ran.filter((p) => p.todo).map((p) => p.name), [], 'none undefined');
  t.same(ran.map((p) => p.ok), [true, true, true, false], 'the true scenario passes; its false copy fails on the report it wrote');
});
