// Misreadings of round 13's fresh measurement, from a user's seat: spec-run packed, installed into
// a fresh project outside the repository, run through its bin with --executor-steps. A comparison
// with another place (", as on the host") had been read as the host command's claim; a quoted
// `stdout: ...` omission notice as any text starting "stdout: "; "all N lines are shown in the
// report" as a search for the number N. Each true sentence passes, its false twin fails.
import t from 'tap';
import { userProject } from '../support/installed.js';
import { LOCAL_IMAGE } from '../../src/executor/local-image.js';

const HEAD = '# Output Specification\n\n## Requirements\n\n### Requirement: Reports\nThe executor SHALL report what its commands did.\n\n';
const scenario = (yaml: string, then: string) => `${HEAD}#### Scenario: one\nWhen the hook runs:\n\`\`\`yaml\nstop:\n  commands:\n${yaml}\`\`\`\n\nThen:\n1. ${then}\n`;

t.test('comparisons with another place, quoted omission notices and counts of lines shown are read as written', async (t) => {
  const hidden = '    - run: "seq 1 10; echo e >&2"\n      showStdout: false\n      maxOutputLines: 2\n';
  const shown = '    - run: "seq 1 10; echo e >&2"\n      maxOutputLines: 2\n';
  const project = userProject({
    'spec-run.config.json': JSON.stringify({ images: { alpine: LOCAL_IMAGE } }),
    'specs/as-on-host.md': scenario('    - run: "echo begin; sleep 30"\n      image: alpine\n      timeout: 2s\n', 'The exit code is 124, as on the host'),
    'specs/as-on-host-false.md': scenario('    - run: "echo begin; sleep 30"\n      image: alpine\n      timeout: 2s\n', 'The exit code is 137, as on the host'),
    'specs/notice-hidden.md': scenario(hidden, 'No `stdout: ...` omission notice appears'),
    'specs/notice-cut.md': scenario(shown, 'No `stdout: ...` omission notice appears'),
    'specs/all-shown.md': scenario('    - run: "seq 1 1500"\n', 'All 1500 lines are shown in the report'),
    'specs/all-shown-false.md': scenario('    - run: "seq 1 1500"\n      maxOutputLines: 10\n', 'All 1500 lines are shown in the report'),
  });
  const run = (file: string) => project.specRun([file, '--executor-steps', '--reporter', 'tap'], { env: { SPEC_RUN_DOCUMENT_CACHE: 'off' } });
  for (const [file, code, why] of [
    ['specs/as-on-host.md', 0, 'the container command exits 124, as a host command would'],
    ['specs/as-on-host-false.md', 1, 'neither exits 137'],
    ['specs/notice-hidden.md', 0, 'a hidden stdout has no lines-omitted notice, only its placeholder'],
    ['specs/notice-cut.md', 1, 'stdout cut at 2 lines has its notice'],
    ['specs/all-shown.md', 0, 'no limit: all 1500 lines shown'],
    ['specs/all-shown-false.md', 1, '10 of 1500 shown, whatever the report says of 1500'],
  ] as const) {
    const result = await run(file);
    t.equal(result.code, code, `${file}: ${why}`, { stdout: result.stdout });
    t.notMatch(result.stdout, /# TODO|undefined step/, `${file}: bound`);
  }
});
