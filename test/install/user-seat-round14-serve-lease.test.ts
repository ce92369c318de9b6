// `spec-run serve` as a user runs it, installed into a fresh project, through the MCP SDK's
// own client: with the worker reading stdin itself between Node's turns (the lease), the
// client sees what it saw before: every tool answered, evaluate-lisp's answers of the same
// shape, a cancelled long evaluation cancelled, the session's state kept across all of it.
import { existsSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import t from 'tap';
import { Client } from '@modelcontextprotocol/sdk/client/index.js';
import { StdioClientTransport } from '@modelcontextprotocol/sdk/client/stdio.js';
import { userEnvironment, userProject } from '../support/installed.js';

t.test('the MCP SDK client, as a user has it, sees the same server with the lease as without', async (t) => {
  const project = userProject();
  const log = join(project.dir, 'lease.log');
  const transport = new StdioClientTransport({
    command: join(project.dir, 'node_modules', '.bin', 'spec-run'),
    args: ['serve'],
    cwd: project.dir,
    env: { ...(userEnvironment() as Record<string, string>), SPEC_RUN_SERVE_LEASE: '1', SPEC_RUN_SERVE_LEASE_LOG: log },
    stderr: 'pipe',
  });
  const client = new Client({ name: 'user-seat', version: '1' });
  await client.connect(transport);
  t.teardown(() => client.close());
  const text = (result: Awaited<ReturnType<Client['callTool']>>) => (result.content as { text: string }[])[0].text;
  const tools = await client.listTools();
  t.same(tools.tools.map((tool) => tool.name).sort(), ['configure-limits', 'evaluate-lisp', 'time-execution']);
  const first = await client.callTool({ name: 'evaluate-lisp', arguments: { code: '(defvar *n* 0) (incf *n*)' } });
  t.equal(text(first), '=> 1');
  t.same(first.structuredContent, { values: ['1'], stdout: '', stderr: '', warnings: [] });
  // Many calls in a row: the worker answers those it reads itself, the shape the same.
  for (let i = 2; i <= 40; i++) {
    const result = await client.callTool({ name: 'evaluate-lisp', arguments: { code: '(incf *n*)' } });
    t.equal(text(result), `=> ${i}`);
    t.equal(result.isError, false);
  }
  const failed = await client.callTool({ name: 'evaluate-lisp', arguments: { code: '(error "no ~A" "way")' } });
  t.equal(failed.isError, true);
  t.match(text(failed), /^\[ERROR\] SIMPLE-ERROR\nno way/);
  const limits = await client.callTool({ name: 'configure-limits', arguments: { timeout: 2 } });
  t.match(text(limits), /timeout/i);
  const timed = await client.callTool({ name: 'time-execution', arguments: { code: '(+ 1 2)' } });
  t.equal(JSON.parse(text(timed)).result, '3');
  // A long one cancelled through the SDK (notifications/cancelled): it gets no answer, the session stays.
  const controller = new AbortController();
  const long = client.callTool({ name: 'evaluate-lisp', arguments: { code: '(sleep 1.5) :slept' } }, undefined, { signal: controller.signal });
  setTimeout(() => controller.abort('enough'), 300);
  await t.rejects(long, 'the cancelled call is given up');
  const timeout = await client.callTool({ name: 'evaluate-lisp', arguments: { code: '(loop)' } });
  t.match(text(timeout), /^\[ERROR\] TIMEOUT/);
  t.equal(text(await client.callTool({ name: 'evaluate-lisp', arguments: { code: '*n*' } })), '=> 40', 'the session state kept');
  await client.close();
  const lines = existsSync(log) ? readFileSync(log, 'utf8').trim().split('\n') : [];
  const grants = lines.filter((line) => line.startsWith('grant')).length;
  const backs = lines.filter((line) => line.startsWith('back')).length;
  t.ok(grants > 0 && grants - backs <= 1, `stdin was leased and taken back (${lines.join('; ')})`);
  t.ok(grants < 30, 'the worker answered runs of calls under one lease');
});
