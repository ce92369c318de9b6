// A When step that introduces its scenario's YAML block, from a user's seat (rules round 25): written in a
// team's own words and not read, it stands where it only restates the block (the block alone is the setup,
// and --dry-run says which words were not read); where it adds to the run (a setting the block lacks), it
// stays undefined (strict: the run fails), and its Then is not run.
import t from 'tap';
import { userProject } from '../support/installed.js';

const spec = (when: string, code: number) => `# Hooks Specification

## Requirements

### Requirement: Hook exit codes
The hook runner SHALL exit with the code of its first failing hook.

#### Scenario: A failing second hook
- **WHEN** ${when}
  \`\`\`yaml
  stop:
    commands:
      - run: "echo warming up"
      - run: "exit ${code}"
  \`\`\`
- **THEN** the second command exits with code 3
`;

t.test('a restating When binds to its block, and the Then is checked on the block', async (t) => {
  const project = userProject({
    'specs/hooks.spec.md': spec('the warm-up hook is harmless and the second one gives up:', 3),
    'specs/wrong.spec.md': spec('the warm-up hook is harmless and the second one gives up:', 4),
  });
  const dry = await project.specRun(['specs/hooks.spec.md', '--executor-steps', '--dry-run', '--reporter', 'tap']);
  t.match(dry.stdout, /the YAML block alone, which the step introduces \(words not read: [^)]*harmless/, '--dry-run shows the reading and the words not read');
  const run = await project.specRun(['specs/hooks.spec.md', '--executor-steps', '--reporter', 'tap']);
  t.equal(run.code, 0, run.stderr);
  t.match(run.stderr, /2 passed, 0 failed/);
  const wrong = await project.specRun(['specs/wrong.spec.md', '--executor-steps', '--reporter', 'tap']);
  t.equal(wrong.code, 1, 'the block exits 4: the Then fails');
  t.match(wrong.stdout, /not ok \d+ - THEN the second command exits with code 3/);
});

t.test('a When that says what the block lacks stays undefined (strict: the run fails), and its Then is not run', async (t) => {
  const project = userProject({ 'specs/hooks.spec.md': spec('the second one gives up under a timeout of 7 seconds:', 3) });
  const run = await project.specRun(['specs/hooks.spec.md', '--executor-steps', '--reporter', 'tap']);
  t.not(run.code, 0, 'not green');
  t.match(run.stdout, /not ok \d+ - WHEN the second one gives up under a timeout of 7 seconds:?\n\s+---\n\s+at: specs\/hooks\.spec\.md:9\n\s+reason: "no step definition matches this step/, 'the When is undefined (strict by default: it fails the run)');
  t.match(run.stdout, /ok \d+ - THEN the second command exits with code 3 # SKIP an earlier step is undefined/, 'the Then is not run on a setup other than the one written');
});
