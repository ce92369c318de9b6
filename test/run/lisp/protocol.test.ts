// The driver protocol as both sides speak it: every command kind encoded by
// protocol.ts is read and run by a real driver (SBCL from the driver image), and
// every message kind the driver emits is decoded by the same module's schemas.
// Malformed lines are refused with a clear error that fails the unit, not the run.
import fc from 'fast-check';
import { existsSync, readFileSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import t from 'tap';
import { Driver, type PointMessage, type RequestMessage } from '../../../src/run/lisp/driver.js';
import { asLispText, driverLineDecoder, DriverProtocolError, encodeCommand, type DriverCommand } from '../../../src/run/lisp/protocol.js';
import { jsonToLisp, lispString } from '../../../src/run/lisp/sexp.js';
import { frontmatter, lisp, options, runMarkdown } from './helpers.js';
import { scratchDirectory } from '../../support/scratch.js';

const TOOLS_LIST = '{"jsonrpc":"2.0","id":1,"method":"tools/list"}';
const TOOLS_ANSWER = '{"jsonrpc":"2.0","id":1,"result":{"tools":[]}}';

t.test('every command kind runs in a real driver, and every message kind it sends decodes', async (t) => {
  const driver = await Driver.start(options().projectRoot);
  t.teardown(() => driver.stop());
  const points: PointMessage[] = [];
  const requests: RequestMessage[] = [];
  const handlers = {
    point: (message: PointMessage) => points.push(message),
    request: async (message: RequestMessage) => {
      requests.push(message);
      switch (message.op) {
        case 'start-server':
          return asLispText('1');
        case 'stop-server':
          return asLispText('NIL');
        case 'send':
          if (message.raw !== undefined) throw new Error('no raw lines here');
          return asLispText(jsonToLisp(TOOLS_ANSWER));
        case 'parse-json':
          return asLispText(jsonToLisp(message.text, message.objects));
      }
    },
  };
  const run = async (command: DriverCommand) => {
    points.length = 0;
    return { done: await driver.run(command, handlers), points: [...points] };
  };

  const vocabularyFile = join(scratchDirectory('spec-run-protocol-'), 'helpers.lisp');
  writeFileSync(vocabularyFile, '(defun protocol-helper () 7)\n');
  const loaded = await run({ kind: 'load-file', path: vocabularyFile, file: 'helpers.lisp' });
  t.same(loaded.done, { type: 'done', points: 0, slept: 0, reached: [], seq: 2 }, 'load-file: done, no points');

  // Sent before the definitions load, as spec-run does: a test defined that is no unit fails where it is defined.
  const unitTests = await run({ kind: 'unit-tests', testNames: ['protocol-test'], plannedTestNames: ['protocol-test'] });
  t.same(unitTests.done, { type: 'done', points: 0, slept: 0, reached: [], seq: 3 }, 'unit-tests: done, no points');
  const definitions = `(fiveam:test protocol-test
  (fiveam:is (= (protocol-helper) 7))
  (fiveam:skip "not today"))
(defun verify-protocol () (= (protocol-helper) 7))`;
  t.same((await run({ kind: 'load', file: 'protocol.md', line: 3, text: definitions, seed: 1 })).done.points, 0, 'load: the definitions load');

  const test = await run({ kind: 'test', testName: 'protocol-test', seed: 2, name: 'protocol test', file: 'protocol.md', line: 3 });
  t.same(
    test.points.map((p) => [p.ok, p.skip ?? null]),
    [
      [true, null],
      [true, 'not today'],
    ],
    'test: a passing point and a skipped one',
  );
  t.equal(test.points[0].file, 'protocol.md');

  const rerun = await run({ kind: 'block', file: 'protocol.md', line: 9, text: "(fiveam:run 'protocol-test)", seed: 2, name: 'rerun' });
  t.same(rerun.points.map((p) => [p.ok, p.name]), [[true, 'rerun runs without error']], "a block running a unit's test does not report its checks again");

  const verify = await run({ kind: 'verify', functionName: 'verify-protocol', seed: 3, name: 'verify', file: 'protocol.md', line: 7 });
  t.same(
    verify.points.map((p) => [p.ok, p.name]),
    [[true, '(verify-protocol) returns true']],
  );

  const block = `(let ((server (make-test-server :initialize t)))
  (assert (equal (request-method input) "tools/list"))
  (assert (result-response-p (send-request server input)))
  (assert (equal (gethash "a" (spec-run::parse-json-text "{\\"a\\": 1}" :hash-tables t)) 1))
  (stop-test-server server)
  (send-raw-line (make-test-server :initialize nil) "not json"))`;
  const input = { value: asLispText(jsonToLisp(TOOLS_LIST)), keySpellings: [] };
  const ran = await run({ kind: 'block', file: 'protocol.md', line: 10, text: block, seed: 4, name: 'block', input });
  t.same(
    requests.map((r) => [r.op, 'initialize' in r ? r.initialize : null, 'raw' in r ? r.raw : null]),
    [
      ['start-server', true, null],
      ['send', null, null],
      ['parse-json', null, null],
      ['stop-server', null, null],
      ['start-server', false, null],
      ['send', null, 'not json'],
    ],
    'block: every request op, in order',
  );
  t.match(requests[1], { op: 'send', server: 1, message: { jsonrpc: '2.0', id: 1, method: 'tools/list' } }, 'the Input block bound to input is sent back as JSON');
  t.match(requests[2], { op: 'parse-json', objects: 'tagged' });
  t.same(
    ran.points.map((p) => p.ok),
    [true, true, true, false],
    'three assertions pass; the refused request fails the block',
  );
  t.match(ran.points[3].diagnostics, { condition: { message: /no raw lines here/ } }, 'an error reply reaches spec code as the host explanation');
  t.equal(ran.done.points, 4);
});

t.test("a fresh driver's first load carries the unit tests; exit ends a driver that has answered, its exit hooks run", async (t) => {
  const driver = await Driver.start(options().projectRoot);
  const points: PointMessage[] = [];
  const handlers = {
    point: (message: PointMessage) => points.push(message),
    request: async (): Promise<never> => {
      throw new Error('no requests here');
    },
  };
  const definitions = '(fiveam:test carried (fiveam:is t))\n(fiveam:test not-carried (fiveam:is t))';
  await driver.run({ kind: 'load', file: 'p.md', line: 3, text: definitions, seed: 1, unitTests: { testNames: ['carried'], plannedTestNames: ['carried'] } }, handlers);
  t.same(
    points.map((p) => [p.ok, p.name, p.line]),
    [[false, 'FiveAM test not-carried runs', 4]],
    'the test the carried lists name loads as a unit; the other fails where it is defined',
  );
  const marker = join(scratchDirectory('spec-run-protocol-exit-'), 'exited');
  const hook = `(push (lambda () (with-open-file (out ${lispString(marker)} :direction :output) (write-line "hook ran" out))) sb-ext:*exit-hooks*)`;
  await driver.run({ kind: 'block', file: 'p.md', line: 6, text: hook, seed: 2, name: 'hook' }, handlers);
  t.notOk(existsSync(marker), 'no hook has run while the driver lives');
  await driver.stop();
  t.equal(readFileSync(marker, 'utf8'), 'hook ran\n', "the driver told to exit ran the document's exit hooks before it ended");
});

t.test('a command sent while the one before it waits for a reply runs once that one is done, each answered in order', async (t) => {
  const driver = await Driver.start(options().projectRoot);
  t.teardown(() => driver.stop());
  const points: PointMessage[] = [];
  const handlers = {
    point: (message: PointMessage) => points.push(message),
    request: async (message: RequestMessage) => asLispText(message.op === 'parse-json' ? jsonToLisp(message.text, message.objects) : 'NIL'),
  };
  // The second command is on the driver's input before the reply the first one waits for: read first, it waits its turn.
  const asks = driver.send({ kind: 'block', file: 'p.md', line: 1, text: '(assert (equal (gethash "a" (spec-run::parse-json-text "{\\"a\\": 1}" :hash-tables t)) 1))', seed: 1, name: 'asks' });
  const next = driver.send({ kind: 'block', file: 'p.md', line: 2, text: '(assert (= 2 (+ 1 1)))', seed: 2, name: 'next' });
  const asked = await driver.finish(asks, handlers);
  t.same(points.map((p) => [p.ok, p.line]), [[true, 1]], 'the first command got its reply and passed');
  const after = await driver.finish(next, handlers);
  t.same(points.map((p) => [p.ok, p.line]), [[true, 1], [true, 2]], 'the command read while it waited ran after it');
  t.same([asked.points, after.points], [1, 1]);
});

t.test('decoding refuses anything that is not a message of the protocol, with what is wrong', async (t) => {
  const decode = driverLineDecoder();
  t.same(decode('{"type":"ready","seq":1}'), { type: 'ready', seq: 1 });
  t.same(decode('{"type":"done","points":2,"slept":0.5,"reached":["a.md:3"],"seq":2}'), { type: 'done', points: 2, slept: 0.5, reached: ['a.md:3'], seq: 2 });
  t.same(decode('{"type":"exiting","file":"a.md","line":12,"seq":3}'), { type: 'exiting', file: 'a.md', line: 12, seq: 3 });
  // Each refused line is checked on a fresh reader, as the first message (seq 1).
  const refused: [string, RegExp][] = [
    ['not json', /not JSON/],
    ['{"type":"exiting","file":"a.md","seq":1}', /malformed message.*line/],
    ['{"type":"bogus","seq":1}', /malformed message.*bogus/],
    ['{"type":"point","ok":"yes","name":"x","file":null,"line":null,"seq":1}', /malformed message.*ok/],
    ['{"type":"request","rid":1,"op":"echo","seq":1}', /malformed message.*op/],
    ['{"type":"request","rid":1,"op":"stop-server","seq":1}', /malformed message.*server/],
    ['{"type":"done","points":1,"slept":0,"reached":[],"extra":true,"seq":1}', /malformed message.*extra/],
    ['{"type":"ready"}', /carries no sequence number where 1 was due/],
    ['[1,2]', /no sequence number/],
  ];
  for (const [line, reason] of refused) t.throws(() => driverLineDecoder()(line), reason, line);
  const isProtocolError = (line: string) => {
    try {
      driverLineDecoder()(line);
      return false;
    } catch (error) {
      if (error instanceof DriverProtocolError) return true;
      throw error;
    }
  };
  for (const [line] of refused) t.ok(isProtocolError(line), `a DriverProtocolError: ${line}`);
  fc.assert(
    // Any line either decodes or is refused as a protocol error: never another exception.
    fc.property(fc.oneof(fc.string(), fc.json()), (line) => {
      isProtocolError(line);
    }),
  );
});

t.test('encoding writes integers as integers only', async (t) => {
  t.equal(encodeCommand({ kind: 'load', file: 'a "b".md', line: 3, text: 'x\\y', seed: 9 }), '(:load "a \\"b\\".md" 3 "x\\\\y" 9)');
  t.equal(
    encodeCommand({ kind: 'load', file: 'd.md', line: 3, text: 'x', seed: 9, unitTests: { testNames: ['a'], plannedTestNames: ['a', 'b'] } }),
    '(:load "d.md" 3 "x" 9 (("a") ("a" "b")))',
    'a first load carries the unit tests as the unit-tests command does',
  );
  t.equal(encodeCommand({ kind: 'unit-tests', testNames: ['a'], plannedTestNames: ['a', 'b'] }), '(:unit-tests ("a") ("a" "b"))');
  t.equal(encodeCommand({ kind: 'reply', rid: 4, outcome: { ok: false, message: 'why' } }), '(:reply 4 (:error "why"))');
  t.throws(() => encodeCommand({ kind: 'reply', rid: 1.5, outcome: { ok: true, value: asLispText('NIL') } }), /not an integer/);
});

t.test("a test command carries its definition's reader conditional only when it has one", async (t) => {
  const test = { kind: 'test' as const, testName: 'x', seed: 1, name: 'x', file: 'd.md', line: 4 };
  t.equal(encodeCommand(test), '(:test "x" 1 "x" "d.md" 4)');
  t.equal(encodeCommand({ ...test, feature: '#+(or ccl "x")' }), '(:test "x" 1 "x" "d.md" 4 "#+(or ccl \\"x\\")")');
});

t.test('a malformed line from the driver fails its unit with the reason; the next unit runs in a fresh driver', async (t) => {
  const md = `${frontmatter()}## Bad\n\n${lisp(`(spec-run::send-to-host '((:type . "bogus")))`)}\n## Good\n\n${lisp('(assert (= 1 1))')}`;
  const r = await runMarkdown(md);
  t.equal(r.failed.length, 1);
  t.match(r.failed[0].diagnostics?.reason, /malformed message.*bogus/);
  t.same(
    r.points.filter((p) => p.ok).map((p) => p.name),
    ['(= 1 1)'],
  );
});

t.test("a line out of the driver's sequence is refused: a forged line, or the driver's own after a forged one took its number", async (t) => {
  const decode = driverLineDecoder();
  t.match(decode('{"type":"ready","seq":1}'), { type: 'ready' });
  // Spec code writing a well-formed point without a number, or with a number not due.
  t.throws(() => decode('{"type":"point","ok":true,"name":"(= 1 2)","file":"a.md","line":3}'), /no sequence number where 2 was due/);
  t.throws(() => decode('{"type":"point","ok":true,"name":"(= 1 2)","file":"a.md","line":3,"seq":7}'), /sequence number 7 where 2 was due/);
  // A forger that guesses the number takes it; the driver's own message then repeats it.
  t.match(decode('{"type":"point","ok":true,"name":"(= 1 2)","file":"a.md","line":3,"seq":2}'), { type: 'point' });
  t.throws(() => decode('{"type":"point","ok":false,"name":"(= 1 2)","file":"a.md","line":3,"seq":2}'), /sequence number 2 where 3 was due/);
});

t.test('a well-formed point or done written on fd 4 by spec code fails its unit; the next unit keeps its own check', async (t) => {
  const forge = `(let ((s (sb-sys:make-fd-stream 4 :output t :buffering :full :external-format :utf-8)))
  (format s "{\\"type\\":\\"point\\",\\"ok\\":true,\\"name\\":\\"(= 1 2)\\",\\"file\\":\\"d.md\\",\\"line\\":9}~%")
  (format s "{\\"type\\":\\"done\\",\\"points\\":1,\\"slept\\":0,\\"reached\\":[]}~%")
  (finish-output s))
(sleep 0.3)
(assert (= 1 2))`;
  const md = `${frontmatter()}## Forge\n\n${lisp(forge)}\n## Later\n\n${lisp('(assert (= 1 1))')}`;
  const r = await runMarkdown(md);
  t.notOk(r.points.some((p) => p.ok && p.name === '(= 1 2)'), 'the forged pass is not counted');
  t.equal(r.failed.length, 1, 'the forging unit fails');
  t.match(r.failed[0].diagnostics?.reason, /did not write in turn/);
  t.same(
    r.points.filter((p) => p.ok && !p.skip).map((p) => p.name),
    ['(= 1 1)'],
    "the next unit reports its own check, not the forging unit's",
  );
});
