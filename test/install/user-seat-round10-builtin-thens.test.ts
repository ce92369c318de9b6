// What a user met in the built-in executor Thens (--executor-steps), from a user's seat: spec-run
// packed, installed into a fresh project outside the repository, run through its bin. A Then
// claiming success ran a probe of its own beside the block's failing command and passed; in a
// container the Thens compared host paths with the container's, ran the host's node, and one
// always failed on a file written before its directory existed; a tab-indented block was "0
// commands" in a run, with the yaml library's warning on stderr, and one column off in the editor.
import t from 'tap';
import { join } from 'node:path';
import { LOCAL_IMAGE } from '../../src/executor/local-image.js';
import { userEnvironment, userProject } from '../support/installed.js';
import { startLspClient } from '../support/lsp-client.js';

const requirement = (name: string, scenarios: string) => `### Requirement: ${name}\nThe executor SHALL run the configured command.\n\n${scenarios}`;
const scenario = (name: string, block: string, ...thens: string[]) => `#### Scenario: ${name}\n\n\`\`\`yaml\n${block}\`\`\`\n\n${thens.map((then) => `- **THEN** ${then}\n`).join('')}\n`;
const command = (run: string, more = '') => `stop:\n  commands:\n    - run: "${run}"\n${more}`;
const inNode = (run: string) => command(run, '      image: node:20\n');
const TAB_BLOCK = 'stop:\n  commands:\n\t- run: "echo hi"\n';

t.test("a built-in Then observes the block's command, judges a container in its terms, and a block that is not valid YAML is said alike everywhere", async (t) => {
  const project = userProject({
    // node:20 stands for the local image, as the user's project maps it.
    'spec-run.config.json': JSON.stringify({ images: { 'node:20': LOCAL_IMAGE } }),
    'specs/host-exit3.md': requirement('Host commands', scenario('the configured command fails', command('exit 3'), 'the command SHALL execute successfully regardless of working directory')),
    'specs/container.md': requirement(
      'Commands in a container',
      scenario('the working directory', inNode('pwd'), 'the command SHALL execute with cwd set to /workspace') +
        scenario('any working directory', inNode('pwd'), 'the command SHALL execute successfully regardless of working directory') +
        scenario('the configuration directory', inNode('echo hi'), 'the environment variable SPEC_RUN_CONFIG_DIR SHALL be set', 'its value SHALL be the absolute path to the directory containing hooks.yaml') +
        scenario('relative files', inNode('echo hi'), 'the command SHALL have access to project files relative to the config directory') +
        '#### Scenario: no block\n- **GIVEN** a command executes\n- **THEN** the command SHALL have access to project files relative to the config directory\n',
    ),
    'specs/elsewhere.md': requirement('Elsewhere', scenario('a host directory claimed in a container', inNode('pwd'), 'the command SHALL execute with cwd set to /project')),
    'specs/tab.md': requirement('Tabs', scenario('a tab indents the command list', TAB_BLOCK, 'the exit code SHALL be 0')),
    'specs/key.md': requirement('Keys', scenario('a list as a key', command('true', '      ? [x]\n      : y\n'), 'the configuration SHALL be accepted')),
    'tab.yaml': TAB_BLOCK,
  });

  const failing = await project.specRun(['specs/host-exit3.md', '--executor-steps', '--reporter', 'tap']);
  t.equal(failing.code, 1, 'the configured command exits 3: no success to claim');
  t.match(failing.stdout, /not ok 1 - THEN the command SHALL execute successfully regardless of working directory\n[^]*?`exit 3` with spec-run exec started from[^]*?Exit Code: 3/);
  t.notMatch(failing.stdout, /process\.exit|node -e/, 'no probe of its own');

  const container = await project.specRun(['specs/container.md', '--executor-steps', '--reporter', 'tap']);
  t.equal(container.code, 0, `${container.stdout}\n${container.stderr}`);
  t.match(container.stderr, /^7 passed, 0 failed, 0 skipped/m, "each claim holds of the container's own paths");
  t.notMatch(container.stdout, /ENOENT|\/usr\/bin\/node|spec-run-subject-[^/\s]*\/project'/);

  const elsewhere = await project.specRun(['specs/elsewhere.md', '--executor-steps', '--reporter', 'tap']);
  t.equal(elsewhere.code, 1, 'the container starts the command at /workspace, not /project');
  t.match(elsewhere.stdout, /not ok 1 - THEN the command SHALL execute with cwd set to \/project\n[^]*?the command started in \/workspace in its container/);

  // The tab is on the document's line 9, column 1 (the fence on line 6).
  const check = await project.specRun(['check', 'specs/tab.md', '--executor-steps']);
  t.match(check.stdout, /^specs\/tab\.md:9:1: error: the YAML block of scenario 'a tab indents the command list' is not valid YAML: Tabs are not allowed as indentation/m);
  const run = await project.specRun(['specs/tab.md', '--executor-steps', '--reporter', 'tap']);
  t.equal(run.code, 1);
  t.match(run.stdout, /not ok 1 - THEN the exit code SHALL be 0\n[^]*?the scenario's YAML block is not valid YAML: Tabs are not allowed as indentation \(specs\/tab\.md:9:1\)/, 'the same message and place as check');
  t.notMatch(run.stdout, /configures 0 commands/);
  const exec = await project.specRun(['exec', 'tab.yaml']);
  t.equal(exec.code, 2);
  t.match(`${exec.stdout}${exec.stderr}`, /tab\.yaml:3:1: \(yaml\): Tabs are not allowed as indentation/);
  const key = await project.specRun(['specs/key.md', '--executor-steps', '--reporter', 'tap']);
  t.match(key.stdout, /unknown key '\[ x \]'/, 'a list as a key is refused by the executor, named');
  for (const [what, result] of Object.entries({ check, run, exec, key })) t.notMatch(result.stderr, /Warning|collection values/, `${what}: no library warning on stderr`);

  const editor = await startLspClient(['env', '-u', 'NODE_OPTIONS', join(project.dir, 'node_modules/.bin/spec-run'), 'lsp', '--stdio'], project.dir, userEnvironment());
  t.teardown(() => editor.close());
  const diagnostics = await editor.diagnostics(editor.open(join(project.dir, 'specs/tab.md')));
  t.same(
    diagnostics.map((d) => [d.range.start.line + 1, d.range.start.character + 1, /Tabs are not allowed as indentation/.test(typeof d.message === 'string' ? d.message : d.message.value)]),
    [[9, 1, true]],
    'the editor places it where check does',
  );
});
