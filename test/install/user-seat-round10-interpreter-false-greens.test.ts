// Two false greens of the executor interpreter a user met in round 10's release candidate, from a
// user's seat: spec-run packed, installed into a fresh project outside the repository, run through
// its bin with --executor-steps. An aside in the middle of a Then had been merged with the words
// around it, its exit code never checked; a place said of a configuration error in other wordings
// had been matched by its text in one error and its line or column in another.
import t from 'tap';
import { userProject } from '../support/installed.js';

const HEAD = '# Stop hooks Specification\n\n## Requirements\n\n';
const aside = (then: string) => `${HEAD}### Requirement: Exit codes
The executor SHALL report a failing test run's exit code.

#### Scenario: aside in the middle of a Then
- **WHEN** the command \`echo "FAIL: 1 test failed, 0 passed"; exit 0\` runs on the host
- **THEN** ${then}
`;
const BLOCK = '```yaml\nstop:\n  commands:\n    - run: "true"\n      timeout: banana\n      maxOutputLines: 0\n```\n';
const place = (...thens: string[]) =>
  `${HEAD}### Requirement: Configuration errors\nThe executor SHALL report each configuration error at its place.\n\n${thens.map((then, i) => `#### Scenario: place ${i + 1}\n\n${BLOCK}\n- **THEN** ${then}\n`).join('\n')}`;

t.test('an aside in the middle of a Then and the place of a configuration error are checked as written', async (t) => {
  const project = userProject({
    'specs/aside-wrong.md': aside('the exit code (the output contains "FAIL") SHALL be 1'),
    'specs/aside-right.md': aside('the exit code (the output contains "FAIL") SHALL be 0'),
    // timeout: banana is refused at 4:16 ("invalid duration"); maxOutputLines: 0 at 5:23.
    'specs/place-wrong-1.md': place('the configuration SHALL be refused, the error at line 5 saying "invalid duration"'),
    'specs/place-wrong-2.md': place('the error message SHALL name line 5 and column 16'),
    'specs/place-wrong-3.md': place('the configuration SHALL fail, and the error SHALL say "invalid duration" at line 5'),
    'specs/place-right.md': place(
      'the configuration SHALL be refused, the error at line 4 saying "invalid duration"',
      'the error message SHALL name line 5 and column 23',
      'the configuration SHALL fail, and the error SHALL say "invalid duration" at line 4',
    ),
  });
  const run = (file: string) => project.specRun([file, '--executor-steps', '--reporter', 'tap'], { env: { SPEC_RUN_DOCUMENT_CACHE: 'off' } });

  const wrong = await run('specs/aside-wrong.md');
  t.equal(wrong.code, 1, 'the command exits 0: "the exit code … SHALL be 1" fails');
  t.match(wrong.stdout, /interpretation: exit code == 1 ∧ the lines the command printed in the output shown contains "FAIL"/, 'the exit code and the aside, each a fact');
  t.match(wrong.stdout, /expected exit code == 1; got exit code 0/);
  const right = await run('specs/aside-right.md');
  t.equal(right.code, 0, 'exit 0 and "FAIL" in the output: it holds', { stdout: right.stdout });

  for (const file of ['specs/place-wrong-1.md', 'specs/place-wrong-2.md', 'specs/place-wrong-3.md']) {
    const result = await run(file);
    t.equal(result.code, 1, `${file}: no one error has the text and the place said`, { stdout: result.stdout });
    t.match(result.stdout, /all in one error/, `${file}: read as one error's`);
    t.match(result.stdout + result.stderr, /0 passed, 1 failed/);
  }
  const placed = await run('specs/place-right.md');
  t.equal(placed.code, 0, "each place is an error's own, with what it says", { stdout: placed.stdout });
  t.match(placed.stdout + placed.stderr, /3 passed, 0 failed/);
});
