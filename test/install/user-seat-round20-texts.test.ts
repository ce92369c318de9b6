// Round 20 from a user's seat (spec-run packed, installed into a fresh project outside the
// repository, a team's specification run through its bin with the executor's steps): the texts a
// command printed. A text named a line is a whole line the command printed, "or" is any of the
// texts, "neither … nor" says and checks none of them, and a clause that leaves its subject out is
// of the output, never the executor's report; each both ways, in sentences written for this test.
import t from 'tap';
import { userProject } from '../support/installed.js';

const scenario = (title: string, command: string, then: string) => [`#### Scenario: ${title}`, `- **WHEN** the command \`${command}\` runs on the host`, `- **THEN** ${then}`, ''];

t.test('whole lines, "or", "neither … nor" and an elided subject: each passes where true and fails where false', async (t) => {
  const spec = [
    '# Release hooks',
    '',
    '### Requirement: Hook output',
    'The release hook SHALL print what its scenarios say.',
    '',
    ...scenario('line true', 'echo ready', 'the output SHALL contain the line "ready"'),
    ...scenario('line false', 'echo already-done', 'the output SHALL contain the line "ready"'),
    ...scenario('shown false', 'echo DEGRADED', 'the line "OK" SHALL be shown'),
    ...scenario('or true', 'echo delta', 'the output SHALL contain "alpha" or "delta"'),
    ...scenario('or false', 'echo gamma', 'the output SHALL contain "alpha" or "delta"'),
    ...scenario('neither true', 'echo hello', 'the output SHALL contain neither "token" nor "password"'),
    ...scenario('neither false', 'echo password', 'the output SHALL contain neither "token" nor "password"'),
    ...scenario('elided true', 'printf "started\\nsucceeded\\n"', 'stdout SHALL contain "started" and SHALL contain "succeeded"'),
    ...scenario('elided false', 'echo started', 'stdout SHALL contain "started" and SHALL contain "succeeded"'),
  ].join('\n');
  const project = userProject({ 'hooks.spec.md': spec });
  const run = await project.specRun(['hooks.spec.md', '--executor-steps', '--dry-run']);
  t.match(run.stdout, /contains none of "token"[^\n]*"password"/, 'the reading says what is checked: none of them');
  t.notMatch(run.stdout, /not \([^\n]*"token"[^\n]* and "password"/, 'never "not (both)"');
  const real = await project.specRun(['hooks.spec.md', '--executor-steps', '--reporter', 'tap']);
  const verdict = (title: string, ok: string) => new RegExp(`# Subtest: Hook output / ${title}\\n(?:(?! {4}# Subtest).*\\n)*? {8}${ok} \\d+ - THEN `);
  for (const title of ['line true', 'or true', 'neither true', 'elided true']) t.match(real.stdout, verdict(title, 'ok'), `${title}: it passes`);
  for (const title of ['line false', 'shown false', 'or false', 'neither false', 'elided false']) t.match(real.stdout, verdict(title, 'not ok'), `${title}: it fails`);
  t.equal(real.code, 1);
});
