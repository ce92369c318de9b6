// A command the shell could not start is named in plain words only where the shell's message
// and the exit status agree: a program may exit 127 or 126 for reasons of its own.
import t from 'tap';
import { notStarted } from '../../src/executor/not-started.js';
import type { CapturedOutput } from '../../src/executor/output.js';

const output = (stderr: string[], stdout: string[] = []): CapturedOutput => ({
  lines: [...stdout.map((text) => ({ text, stream: 'stdout' as const })), ...stderr.map((text) => ({ text, stream: 'stderr' as const }))],
  totalLines: stderr.length + stdout.length,
  streams: { stdout: { total: stdout.length, kept: stdout.length, cut: 0, cutBytes: 0 }, stderr: { total: stderr.length, kept: stderr.length, cut: 0, cutBytes: 0 } },
  hidden: [],
  byteCapReached: false,
  keep: 'head',
});

t.test("the shells' words for a program not found or not executable, with the status that agrees", async (t) => {
  for (const line of ['sh: 1: tool: not found', 'bash: line 1: tool: command not found', 'sh: tool: not found', '/bin/sh: 1: tool: not found']) {
    t.match(notStarted(127, output([line]), 'host'), { program: 'tool', problem: /^it is not installed on this machine, or not on the PATH/, fixes: ['Install tool on this machine', /absolute path/, /PATH/] }, line);
  }
  t.match(notStarted(127, output(['sh: no-such: not found']), 'docker'), { problem: /not installed in the image/, fixes: ['Install no-such in the image', /./, /./] });
  t.match(notStarted(127, output(['sh: 1: ./bin/tool: not found']), 'host'), { program: './bin/tool', problem: /^there is no such file where the command ran/ });
  t.match(notStarted(126, output(['sh: 1: ./run.sh: Permission denied']), 'host'), { program: './run.sh', problem: /found but could not be executed \(exit 126: Permission denied\)/, fixes: ['Make it executable (chmod +x ./run.sh)', /interpreter/] });
});

t.test('no words where status and message disagree, or the message is the program\'s own', async (t) => {
  t.equal(notStarted(127, output([]), 'host'), null, 'a program exiting 127 by itself');
  t.equal(notStarted(1, output(['sh: 1: tool: not found']), 'host'), null, "the shell's line under another status");
  t.equal(notStarted(126, output(['sh: 1: tool: not found']), 'host'), null, 'a not-found line under 126');
  t.equal(notStarted(127, output([], ['sh: 1: tool: not found']), 'host'), null, 'the words on stdout, printed by the program');
  t.equal(notStarted(127, output(['grep: config.txt: No such file or directory']), 'host'), null, "another program's complaint about a file");
});
