// `spec-run exec`'s own command line refused, as a fact of the run: an invocation its option parser
// refuses (`--log-failures` without `--log`, `--image-alias foo` without `=`, an unknown option, no
// configuration or two), or one whose `--log` names a place no event could be appended to (a
// directory, a path under a file). Such a run is never recorded by calling the executor's record
// functions: they sit behind the command line and would run what the CLI refuses. It is observed
// through the public face instead, the package's `spec-run` bin run as a child process in the
// scenario's directory, as a user's shell runs it: its exit status, its stdout lines (the report's
// place), its stderr lines (where exec says a mistake of its command line), and the files it left.
//
// Then, what a Then says of spec-run exec's own streams: "stderr is `error: …` followed by
// `(run spec-run exec --help for usage)`", "the diagnostics begin with the line `error: …`",
// "stderr ends with `(run spec-run exec --help for usage)`", "the only line printed is `…`",
// "its standard output is the single line …", "spec-run exec prints nothing on stdout".
import { execFile } from 'node:child_process';
import { readFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import path from 'node:path';
import { checkExecPlaces, parseExecArgs } from '../../../executor/cli.js';
import type { RunRecord } from '../../../executor/record.js';
import type { Observation } from './observation.js';
import type { Check } from './then.js';
import type { Reading } from './reading.js';

/** True where spec-run exec's option parser (or its own checks of the options) refuses ARGV before reading any file. */
export function argvRefused(argv: readonly string[]): boolean {
  try {
    parseExecArgs([...argv]);
    return false;
  } catch {
    return true;
  }
}

/** The message of the place check spec-run exec makes of `--log` (resolved in START), or null where it passes. */
export function logPlaceRefused(log: string | undefined, start: string): string | null {
  if (log === undefined) return null;
  try {
    checkExecPlaces({ log: path.resolve(start, log) });
    return null;
  } catch (e) {
    return (e as Error).message;
  }
}

/** The package's bin, as `npx spec-run` and the installed `spec-run` run it. */
function binPath(): string {
  const require = createRequire(import.meta.url);
  let dir = path.dirname(require.resolve('../../../executor/cli.js'));
  for (let i = 0; i < 8; i++) {
    try {
      const pkg = JSON.parse(readFileSync(path.join(dir, 'package.json'), 'utf8')) as { name?: string; bin?: Record<string, string> | string };
      if (pkg.name === 'spec-run' && pkg.bin) return path.join(dir, typeof pkg.bin === 'string' ? pkg.bin : pkg.bin['spec-run']);
    } catch {
      // no package.json here: one level up
    }
    dir = path.dirname(dir);
  }
  throw new Error("spec-run's package.json (its bin) was not found above the executor's module");
}

const lines = (text: string) => text.split('\n').filter((line, i, all) => !(line === '' && i === all.length - 1));

/**
 * Runs `spec-run exec ARGV` as a child process started in START, and records what it did: exit status,
 * stdout lines as the messages, stderr lines as the warnings (spec-run exec's own stderr).
 */
export function cliRecord(argv: readonly string[], start: string, env: NodeJS.ProcessEnv = process.env): Promise<RunRecord> {
  return new Promise((resolve, reject) => {
    execFile(process.execPath, [binPath(), 'exec', ...argv], { cwd: start, env, timeout: 60_000, maxBuffer: 1 << 24 }, (error, stdout, stderr) => {
      const status = error === null ? 0 : typeof (error as { code?: unknown }).code === 'number' ? ((error as { code: number }).code) : null;
      if (status === null) return reject(new Error(`spec-run exec ${argv.join(' ')} did not exit by itself: ${error?.message}`));
      resolve({ config: { defaultTimeout: { kind: 'inherit' }, commands: [] }, errors: [], commands: [], messages: lines(stdout), warnings: lines(stderr), exitStatus: status });
    });
  });
}

/** The texts exec prints of a mistake of its command line, on stderr: only these make a bare "stderr" spec-run exec's own. */
const OWN_STDERR = /^(?:error: |\(run spec-run exec --help for usage\)$|usage: spec-run exec )/;
const STREAM_OWNER = String.raw`(?:(?:\`?spec-run(?:\s+exec)?\`?|the\s+executor|the\s+runner|the\s+SUT)'s\s+|its\s+|the\s+)?`;
const STDERR = String.raw`(?:standard\s+error|stderr|error\s+output|diagnostics?|diagnostic\s+output)`;
const STDOUT = String.raw`(?:standard\s+output|stdout)`;
const TEXT = String.raw`\`([^\`]+)\``;
const MORE = String.raw`((?:\s*(?:,\s*(?:and\s+)?(?:then\s+)?|\s+(?:and\s+)?then\s+|,?\s+followed\s+by\s+|\s+and\s+)${TEXT})*)`;
/** "standard error (stderr)", "stdout (standard output)": the stream named again in parentheses. */
const STREAM_ALSO = String.raw`(?:\s*\((?:standard\s+error|stderr|standard\s+output|stdout)\))?`;
/** "the report (stdout)": the report named as the stream it is written on. */
const STREAM_ALSO_OUT = String.raw`(?=\s*\((?:standard\s+output|stdout)\))`;
const ON_LINES = String.raw`(?:\s*(?:the\s+)?(?:single\s+|one\s+|two\s+|three\s+)?lines?)?`;

/** A shape of a clause of spec-run exec's own streams, and the check it is. */
interface Shape {
  pattern: RegExp;
  /** A stream said to hold nothing, of no owner: spec-run exec's own only where no other clause of its sentence names a command. */
  empty?: true;
  build(m: RegExpExecArray): Check | null;
}

const quoted = (text: string): string[] => [...text.matchAll(/`([^`]+)`/g)].map((m) => m[1]);
/** A bare "stderr" (no owner said) is spec-run exec's own only where every text said of it is one of exec's own. */
const ownerSaid = (owner: string | undefined) => owner !== undefined && /spec-run|executor|runner|SUT/i.test(owner);
const diagnostics = (stream: string) => /diagnostic/i.test(stream);

function stderrOf(o: Observation): string[] {
  return o.record.warnings ?? [];
}

const SHAPES: Shape[] = [
  // "spec-run exec's stderr is `a` followed by `b`", "the diagnostics read `a`, then `b`", "stderr consists of exactly the lines `a` and `b`".
  {
    pattern: new RegExp(String.raw`^(${STREAM_OWNER})(${STDERR})\s+(?:(?:is|are|reads?|says?|consists\s+of|shows?)\s+(?:exactly\s+|only\s+)?)${ON_LINES}\s*${TEXT}${MORE}\s*\.?$`, 'i'),
    build(m) {
      const texts = [m[3], ...quoted(m[4] ?? '')];
      if (!ownerSaid(m[1]) && !diagnostics(m[2]) && !texts.every((x) => OWN_STDERR.test(x))) return null;
      return {
        text: `spec-run exec's stderr is exactly the line(s) ${texts.map((x) => JSON.stringify(x)).join(', ')}`,
        evaluate: (o) => {
          const got = stderrOf(o);
          return { ok: got.length === texts.length && got.every((line, i) => line === texts[i]), actual: `stderr: ${JSON.stringify(got)}` };
        },
      };
    },
  },
  // "stderr begins with the line `error: …`", "the diagnostics end with `(run spec-run exec --help for usage)`".
  {
    pattern: new RegExp(String.raw`^(${STREAM_OWNER})(${STDERR})\s+(begins?|starts?|opens?|ends?|finish(?:es)?|closes?)\s+with\s+(the\s+line\s+)?${TEXT}\s*\.?$`, 'i'),
    build(m) {
      const text = m[5];
      if (!ownerSaid(m[1]) && !diagnostics(m[2]) && !OWN_STDERR.test(text)) return null;
      const first = /^(?:begin|start|open)/i.test(m[3]);
      const whole = m[4] !== undefined;
      return {
        text: `spec-run exec's stderr ${first ? 'begins' : 'ends'} with ${whole ? 'the line ' : ''}${JSON.stringify(text)}`,
        evaluate: (o) => {
          const got = stderrOf(o);
          const joined = got.join('\n');
          const line = first ? got[0] : got.at(-1);
          const ok = whole ? line === text : first ? joined.startsWith(text) : joined.endsWith(text);
          return { ok, actual: `stderr: ${JSON.stringify(got)}` };
        },
      };
    },
  },
  // "the only line printed is `…`", "spec-run exec's standard output is the single line `…`", "stdout consists of the single line `…`",
  // "the report consists of the single line `Error: cannot read …`" (the report is what exec writes on its stdout).
  {
    pattern: new RegExp(String.raw`^(?:the\s+only\s+line\s+(?:printed|shown|written)(?:\s+on\s+${STDOUT})?\s+is|(${STREAM_OWNER})(?:${STDOUT}|(?<=the\s)report)\s+(?:is|consists\s+of)\s+(?:exactly\s+)?the\s+(?:single|one|only)\s+line)\s+${TEXT}\s*\.?$`, 'i'),
    build(m) {
      const text = m[2];
      // "the only line printed" of a run that runs commands may be of a pipe (`| head -n 1`): read only of a line exec prints
      // when it runs nothing (a configuration it cannot read, a mistake of its command line).
      if (m[1] === undefined && !/^(?:Error: cannot read |error: |--)/.test(text)) return null;
      return {
        text: `spec-run exec's stdout is the one line ${JSON.stringify(text)}`,
        evaluate: (o) => ({ ok: o.record.messages.length === 1 && o.record.messages[0] === text, actual: `stdout: ${JSON.stringify(o.record.messages.slice(0, 5))}` }),
      };
    },
  },
  // "spec-run exec prints nothing on stdout", "spec-run exec's stdout is empty", "nothing is printed on spec-run exec's stdout".
  {
    pattern: new RegExp(String.raw`^(?:\`?spec-run(?:\s+exec)?\`?\s+(?:prints|writes)\s+nothing\s+(?:on|to)\s+(?:its\s+)?${STDOUT}|\`?spec-run(?:\s+exec)?\`?'s\s+${STDOUT}\s+(?:is|stays|remains)\s+empty)\s*\.?$`, 'i'),
    build() {
      return {
        text: "spec-run exec's stdout is empty",
        evaluate: (o) => ({ ok: o.record.messages.length === 0, actual: `stdout: ${JSON.stringify(o.record.messages.slice(0, 5))}` }),
      };
    },
  },
  // "standard output consists of exactly the two lines `Error: invalid configuration stop.yaml:` and `  stop.yaml:3:13: …`": exec's
  // stdout line by line. A stream named by no owner is exec's only where its first text is the opening exec prints when it runs
  // no command (a configuration refused or not read, a mistake of its command line); a command's lines never open so.
  {
    pattern: new RegExp(String.raw`^(${STREAM_OWNER})(${STDOUT}|(?<=the\s)report)\s+(?:is|are|reads?|consists\s+of)\s+(?:exactly\s+|only\s+)?(?:the\s+)?(?:two|three|four|five|\d+)\s+lines\s*${TEXT}${MORE}\s*\.?$`, 'i'),
    build(m) {
      const texts = [m[3], ...quoted(m[4] ?? '')];
      if (!ownerSaid(m[1]) && !/^(?:Error: invalid configuration |Error: cannot read |error: )/.test(texts[0])) return null;
      const count = /\b(two|three|four|five|\d+)\s+lines\b/i.exec(m[0].replace(/`[^`]*`/g, ''))?.[1].toLowerCase();
      const said = count === undefined ? texts.length : (({ two: 2, three: 3, four: 4, five: 5 }) as Record<string, number>)[count] ?? Number(count);
      if (said !== texts.length) return null;
      return {
        text: `spec-run exec's stdout is exactly the lines ${texts.map((x) => JSON.stringify(x)).join(', ')}`,
        evaluate: (o) => ({ ok: o.record.messages.length === texts.length && o.record.messages.every((line, i) => line === texts[i]), actual: `stdout: ${JSON.stringify(o.record.messages.slice(0, 8))}` }),
      };
    },
  },
  // EMPTY_STREAM: "stderr is empty", "nothing is written on standard error (stderr)", "nothing should have been written on standard error",
  // "nothing on standard error", "the report (stdout) is empty": a stream of spec-run exec said to hold no line. A command's
  // streams are never written on spec-run exec's: they are shown in its report (on stdout, a command's stderr under
  // `Output:` with its stdout), so a stream named by no owner is exec's own ("the whole report goes to standard output, with
  // nothing on standard error" of a command that prints on stderr). Its stderr holds the warnings of the run and, where a
  // signal came, the line saying so (`spec-run: SIGINT: stopping what runs`), which no record holds: said empty of such a
  // run, it is not.
  {
    empty: true,
    pattern: new RegExp(
      String.raw`^(?:(?:nothing|no\s+(?:line|output|text))\s+(?:(?:is|was|gets|got|should\s+be|must\s+be|shall\s+be|will\s+be|has\s+been|should\s+have\s+been|must\s+have\s+been)\s+(?:written|printed|emitted|output|sent|shown)\s+)?(?:on|to)\s+${STREAM_OWNER}(${STDERR}|${STDOUT})${STREAM_ALSO}|${STREAM_OWNER}(${STDERR}|${STDOUT}|report${STREAM_ALSO_OUT})${STREAM_ALSO}\s+(?:is|was|stays|stayed|remains|remained|should\s+be|must\s+be|shall\s+be|will\s+be|should\s+stay|should\s+remain)\s+(?:completely\s+|entirely\s+)?empty)\s*\.?$`,
      'i',
    ),
    build(m) {
      const stream = m[1] ?? m[2];
      // "the diagnostics are empty" may be the report's; "stderr (stdout)" names two streams.
      if (/diagnostic/i.test(stream) || (/std(?:err|out)|standard/i.test(m[0]) && /stderr|standard\s+error/i.test(m[0]) && /stdout|standard\s+output|report/i.test(m[0]))) return null;
      if (/^(?:standard\s+output|stdout|report)/i.test(stream)) {
        return {
          text: "spec-run exec's stdout (its report) is empty",
          evaluate: (o) => ({ ok: o.record.messages.length === 0, actual: `stdout: ${JSON.stringify(o.record.messages.slice(0, 5))}` }),
        };
      }
      return {
        text: "spec-run exec's stderr is empty (no warning of the run, no signal's line)",
        evaluate: (o) => {
          const got = [...stderrOf(o), ...(o.record.interrupted ? [`spec-run: ${o.record.interrupted}: stopping what runs`] : [])];
          return { ok: got.length === 0, actual: `stderr: ${JSON.stringify(got.slice(0, 5))}` };
        },
      };
    },
  },
];

/** Checks of a stream said empty (the EMPTY_STREAM shape). */
const saidEmpty = new WeakSet<Check>();

function clauseCheck(clause: string): Check | null {
  for (const shape of SHAPES) {
    const m = shape.pattern.exec(clause.trim());
    if (!m) continue;
    const check = shape.build(m);
    if (check && shape.empty) saidEmpty.add(check);
    return check;
  }
  return null;
}

/**
 * A sentence whose last clause (or whole) says what spec-run exec's own streams hold, the rest read by READ_THEN
 * ("it exits with status 2, and stderr is `…`"); null where no clause is one.
 */
export function ownStreamsReading(sentence: string, readThen: (s: string) => Reading<Check>): Reading<Check> | null {
  const whole = clauseCheck(sentence);
  if (whole) return { ok: true, parts: [whole], rules: ["spec-run exec's own streams"] };
  // The last ", and" / " and" / ";" outside code marks that leaves a clause of these shapes after it.
  const cuts: number[] = [];
  // Sticky: tried at each position alone (a global search from every position rescanned the rest of a long line: quadratic).
  const re = /(?:,\s*and\s+|;\s*(?:and\s+)?|\s+and\s+|,\s+)/y;
  let inCode = false;
  for (let i = 0; i < sentence.length; i++) {
    if (sentence[i] === '`') inCode = !inCode;
    if (inCode) continue;
    re.lastIndex = i;
    if (re.test(sentence)) cuts.push(i);
  }
  for (const at of cuts) {
    const head = sentence.slice(0, at);
    const cut = /^(?:,\s*and\s+|;\s*(?:and\s+)?|\s+and\s+|,\s+)/.exec(sentence.slice(at))![0];
    const tail = sentence.slice(at + cut.length);
    // "…, with nothing on standard error": a stream said empty as the circumstance of the clause before it.
    const withEmpty = /^with\s+/i.exec(tail);
    const check = clauseCheck(withEmpty && /,\s+$/.test(cut) ? tail.slice(withEmpty[0].length) : tail);
    if (!check || (withEmpty && !saidEmpty.has(check))) continue;
    const before = ownStreamsReading(head, readThen) ?? readThen(head);
    if (!before.ok) return before;
    // "[1/2] prints `x`, and stderr is empty": said beside a command's own facts, the stream may be that command's.
    if (saidEmpty.has(check) && before.parts.some((p) => p.place?.kind === 'named')) return null;
    return { ok: true, parts: [...before.parts, check], rules: [...before.rules, "spec-run exec's own streams"] };
  }
  return null;
}
