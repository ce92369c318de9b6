// time-execution: one JSON object, timing measured inside Lisp.
import t from 'tap';
import { SdkSession } from './helpers.js';

const session = await SdkSession.open();
t.teardown(() => session.close());

interface Report {
  result: string;
  output: string;
  timing: Record<string, number>;
}

async function timed(code: string): Promise<Report> {
  const answer = await session.call('time-execution', { code });
  if (answer.isError) throw new Error(answer.text);
  return JSON.parse(answer.text);
}

t.test('the answer is one JSON object with result, output and timing', async (t) => {
  const report = await timed('(princ "hi") (+ 1 2 3)');
  t.equal(report.result, '6');
  t.equal(report.output, 'hi');
  t.same(Object.keys(report.timing), ['real-time-ms', 'run-time-ms', 'gc-time-ms', 'bytes-allocated', 'allocation-rate-mb-per-sec']);
  for (const value of Object.values(report.timing)) t.type(value, 'number');
});

t.test('an empty evaluation measures almost nothing; a sleep measures the sleep', async (t) => {
  // Bounds from the timing-isolation property; protocol overhead would break them.
  t.ok((await timed('(progn)')).timing['real-time-ms'] < 1);
  const sleep = (await timed('(sleep 0.1)')).timing['real-time-ms'];
  t.ok(sleep >= 100 && sleep < 105, `(sleep 0.1) measured ${sleep} ms`);
});

t.test('work asked for is done and counted, even when its values are unused', async (t) => {
  const report = await timed('(dotimes (i 1000) (make-list 1000))');
  t.ok(report.timing['bytes-allocated'] >= 1000 * 1000 * 16, `${report.timing['bytes-allocated']} bytes for a million conses`);
  t.ok(report.timing['allocation-rate-mb-per-sec'] > 0);
});

t.test('bytes-allocated counts to the byte, below the allocation region size too', async (t) => {
  // A cons is 16 bytes. Reading GET-BYTES-CONSED alone moved in ~32 KB steps: 1000 conses read as 0 or 32512.
  for (const conses of [10, 100, 1000, 5000, 11000, 50000]) {
    const bytes = (await timed(`(make-list ${conses})`)).timing['bytes-allocated'];
    t.ok(bytes >= conses * 16 && bytes <= conses * 16 + 1024, `(make-list ${conses}): ${bytes} bytes, ${conses * 16} for its conses`);
  }
  // The runtime's own reading and preparing of the form is not the code's.
  for (const code of ['(+ 1 2 3)', '(max 1 2 3)', "(length '(1 2 3))"]) {
    const bytes = (await timed(code)).timing['bytes-allocated'];
    t.ok(bytes <= 1024, `${code}: ${bytes} bytes`);
  }
});

t.test('errors answer like evaluate-lisp, with the timing so far', async (t) => {
  const answer = await session.call('time-execution', { code: '(princ "x") (/ 1 0)' });
  t.equal(answer.isError, true);
  t.match(answer.text, /^\[ERROR\] DIVISION-BY-ZERO\n[\s\S]*\[stdout\]\nx[\s\S]*; Timing: \d+\.\d{3}ms real/);
});

t.test('timeouts answer like evaluate-lisp', async (t) => {
  await session.configure({ timeout: 1 });
  const answer = await session.call('time-execution', { code: '(loop)' });
  t.equal(answer.isError, true);
  t.match(answer.text, /^\[ERROR\] TIMEOUT\n[\s\S]*; Timing: 1\d{3}\.\d{3}ms real/);
  await session.configure({ timeout: 30 });
});
