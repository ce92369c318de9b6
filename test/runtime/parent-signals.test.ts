// Code evaluated in the runtime signals the processes it can name without knowing any: its
// parent (getppid) and its process group (kill 0). Neither may be the process that serves the
// session, or spec-run running the document: a worker runs in a process group of its own, and
// its parent is outside its PID namespace (getppid() is 0) or, where there is no namespace (an
// unprivileged user), a process of its own that ignores SIGTERM and SIGINT. The server answers
// on; the evaluation that signalled ends as the worker does, or goes on.
import { execFileSync } from 'node:child_process';
import { chmodSync } from 'node:fs';
import t from 'tap';
import { Client } from '@modelcontextprotocol/sdk/client/index.js';
import { StdioClientTransport } from '@modelcontextprotocol/sdk/client/stdio.js';
import { SERVER_BIN } from './helpers.js';
import { scratchDirectory } from '../support/scratch.js';

// Read once SB-POSIX is loaded: a form naming its symbols is read whole before it runs.
const SIGNALS_PARENT_AND_GROUP = `(progn
  (sb-posix:kill (sb-posix:getppid) sb-posix:sigterm)
  (sb-posix:kill (sb-posix:getppid) sb-posix:sigint)
  (sleep 0.5)
  (sb-posix:kill 0 sb-posix:sigterm)
  (sleep 0.5)
  :still-running)`;

async function answerText(client: Client, code: string): Promise<string> {
  const result = await client.callTool({ name: 'evaluate-lisp', arguments: { code } }, undefined, { timeout: 300_000 });
  return (result.content as { text: string }[]).map((item) => item.text).join('\n');
}

for (const user of ['root', 'nobody'] as const) {
  t.test(`as ${user}: user code that signals its parent and its process group ends no more than its own evaluation`, async (t) => {
    const cache = scratchDirectory('spec-run-cache-');
    chmodSync(cache, 0o777);
    const id = (flag: string) => execFileSync('id', [flag, user], { encoding: 'utf8' }).trim();
    const [command, args] =
      user === 'root'
        ? [process.execPath, [SERVER_BIN]]
        : ['setpriv', [`--reuid=${id('-u')}`, `--regid=${id('-g')}`, '--clear-groups', process.execPath, SERVER_BIN]];
    const transport = new StdioClientTransport({ command, args, env: { ...(process.env as Record<string, string>), HOME: cache, SPEC_RUN_CACHE: cache }, stderr: 'pipe' });
    const client = new Client({ name: 'parent-signals', version: '1.0.0' });
    await client.connect(transport);
    t.teardown(() => client.close());
    const serverPid = transport.pid!;
    t.match(await answerText(client, '(require :sb-posix)'), /^=> /);
    const signalled = await answerText(client, SIGNALS_PARENT_AND_GROUP);
    t.notMatch(signalled, /=> :STILL-RUNNING/, 'the signal to its own process group ended the worker');
    t.equal(await answerText(client, '(+ 1 2 3)'), '=> 6', 'the server answers on, from a fresh worker');
    t.doesNotThrow(() => process.kill(serverPid, 0), 'the server process is alive');
  });
}
