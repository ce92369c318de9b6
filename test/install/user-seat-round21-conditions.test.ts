// What a team found from a user's seat, through the installed package: "When the build runs with
// NODE_ENV set to production:" over a YAML block that does not set NODE_ENV was read as the block
// alone (its words "build", "NODE_ENV" dropped), its THENs passed on a run without the setting, and
// `check` said nothing; "as a non-root user" ran as root. A word of a phrase that says how the run is
// made is never dropped now: read and set up, checked against the block, or the steps stay undefined.
import t from 'tap';
import { userProject } from '../support/installed.js';

const scenario = (name: string, condition: string, block: string, then = 'the output SHALL contain "mode="') => `#### Scenario: ${name}
${condition}
\`\`\`yaml
stop:
  commands:
${block}
\`\`\`
- **THEN** ${then}
`;

const host = '    - run: "echo mode=${NODE_ENV:-development}"\n      timeout: 10s';

const BUILD = `### Requirement: Production build
The build SHALL run in production mode.

${scenario('Production mode', 'When the build runs with NODE_ENV set to production:', host, 'the output SHALL contain "mode=production"')}
${scenario('Offline', 'When the build runs without network access:', host)}
${scenario('Unprivileged', 'When the build runs as a non-root user:', host)}
${scenario('Release mode', 'When the build runs in release mode:', host)}
`;

const BULLET = `### Requirement: Production build two
The build SHALL run in production mode.

#### Scenario: Production mode step
- **WHEN** the build runs as a non-root user:
  \`\`\`yaml
  stop:
    commands:
      - run: "echo mode=\${NODE_ENV:-development}"
        timeout: 10s
  \`\`\`
- **THEN** the output SHALL contain "mode="
`;

t.test('the installed CLI: a condition that states a setting is set up, or its steps stay undefined naming it, in the run and in check', async (t) => {
  const project = userProject({ 'build.spec.md': BUILD, 'bullet.spec.md': BULLET });

  const run = await project.specRun(['run', 'build.spec.md', '--executor-steps', '--reporter', 'tap']);
  t.equal(run.code, 1, 'the run fails: three conditions are not read');
  // Read: the writer's name set aside, the variable set up for the run, which then prints it.
  t.match(run.stdout, /ok 1 - THEN the output SHALL contain "mode=production"\n/);
  t.notMatch(run.stdout, /not ok 1 - THEN the output SHALL contain "mode=production"/);
  for (const [line, words] of [[22, /without, network access/], [32, /non-root/], [42, /release mode|release|mode/]] as const) {
    t.match(run.stdout, new RegExp(String.raw`not ok 1 - THEN the output SHALL contain "mode="\n\s+---\n(?:\s+\S.*\n)*?\s+at: build\.spec\.md:${line}\n`), `line ${line} is undefined`);
    t.match(run.stdout, words);
  }
  t.match(run.stdout, /which the YAML block does not hold/);
  t.notMatch(run.stdout, /condition not read, the YAML block alone set up/);

  const check = await project.specRun(['check', 'build.spec.md', '--executor-steps']);
  t.equal(check.code, 1, 'check agrees with the run');
  for (const line of [22, 32, 42]) t.match(check.stdout, new RegExp(String.raw`^build\.spec\.md:${line}:1: error: .*which the YAML block does not hold`, 'm'), `check names line ${line}`);
  t.notMatch(check.stdout, /^build\.spec\.md:12:1: error/m, 'the condition read is no error');

  const bullet = await project.specRun(['run', 'bullet.spec.md', '--executor-steps', '--reporter', 'tap']);
  t.equal(bullet.code, 1);
  t.match(bullet.stdout, /not ok 1 - WHEN the build runs as a non-root user:/);
  t.notMatch(bullet.stdout, /the YAML block alone, which the step introduces/);
});
