// The driver protocol, defined once. spec-run sends commands and replies on the
// driver's fd 3 as s-expressions (read by host.lisp and driver.lisp with the
// standard reader); the driver sends points, requests and "done" on fd 4 as JSON
// lines. `encodeCommand` is the one writer of fd 3 text, `driverLineDecoder` the
// one reader of fd 4 lines: a line that does not match its schema is refused with
// a clear error, never trusted by a cast.
import { z } from 'zod';
import { lispString } from './sexp.js';

/** Lisp text already written as a readable s-expression (jsonToLisp's output, a number's text). */
export type LispText = string & { readonly lispText: unique symbol };

export const asLispText = (text: string): LispText => text as LispText;

/** The request of an Input block as a block command binds it to `input`. */
export interface BlockInput {
  /** The request as a Lisp value, or the block's text as a Lisp string when it is not JSON. */
  value: LispText;
  /** JSON keys not all lower case, so the driver sends them back as written. */
  keySpellings: string[];
}

/** What spec-run sends to the driver. */
export type DriverCommand =
  /** A vocabulary file at `path`, named `file` (as the project names it) where its points stand. */
  | { kind: 'load-file'; path: string; file: string }
  /** `unitTests`, as the unit-tests command says them, for a fresh driver's first block of definitions: one command, not two. */
  | { kind: 'load'; file: string; line: number; text: string; seed: number; unitTests?: UnitTests }
  | { kind: 'block'; file: string; line: number; text: string; seed: number; name: string; input?: BlockInput }
  | { kind: 'test'; testName: string; seed: number; name: string; file: string; line: number; feature?: string }
  | { kind: 'verify'; functionName: string; seed: number; name: string; file: string; line: number }
  /**
   * The FiveAM tests that are units of their own: a block running them (run!, explain!) does not report their checks again;
   * and all those the document's plan defines, selected or not: one spec code defines that is none of them fails.
   */
  | ({ kind: 'unit-tests' } & UnitTests)
  | { kind: 'reply'; rid: number; outcome: { ok: true; value: LispText } | { ok: false; message: string } }
  /** To the zygote (zygote.lisp): fork a document's driver. */
  | { kind: 'fork' }
  /** The document is done with a driver that has answered every command: it ends at once, sending nothing more. */
  | { kind: 'exit' };

/** The FiveAM tests that are units of their own, and all those the document's plan defines (see the unit-tests command). */
export interface UnitTests {
  testNames: string[];
  plannedTestNames: string[];
}

function lispInteger(value: number): string {
  if (!Number.isSafeInteger(value)) throw new Error(`driver protocol: ${value} is not an integer`);
  return String(value);
}

/** `((test-name ...) (test-name ...))`: the unit tests, then the planned ones. */
function unitTestLists({ testNames, plannedTestNames }: UnitTests): string {
  return `((${testNames.map(lispString).join(' ')}) (${plannedTestNames.map(lispString).join(' ')}))`;
}

/** The s-expression text of `command`, one line of fd 3. */
export function encodeCommand(command: DriverCommand): string {
  const s = lispString;
  const n = lispInteger;
  switch (command.kind) {
    case 'load-file':
      return `(:load-file ${s(command.path)} ${s(command.file)})`;
    case 'load': {
      const unitTests = command.unitTests ? ` ${unitTestLists(command.unitTests)}` : '';
      return `(:load ${s(command.file)} ${n(command.line)} ${s(command.text)} ${n(command.seed)}${unitTests})`;
    }
    case 'block': {
      const input = command.input ? ` (:input ${command.input.value} (${command.input.keySpellings.map(s).join(' ')}))` : '';
      return `(:block ${s(command.file)} ${n(command.line)} ${s(command.text)} ${n(command.seed)} ${s(command.name)}${input})`;
    }
    case 'test':
      return `(:test ${s(command.testName)} ${n(command.seed)} ${s(command.name)} ${s(command.file)} ${n(command.line)}${command.feature === undefined ? '' : ` ${s(command.feature)}`})`;
    case 'verify':
      return `(:verify ${s(command.functionName)} ${n(command.seed)} ${s(command.name)} ${s(command.file)} ${n(command.line)})`;
    case 'unit-tests':
      return `(:unit-tests ${unitTestLists(command).slice(1, -1)})`;
    case 'fork':
      return '(:fork)';
    case 'exit':
      return '(:exit)';
    case 'reply': {
      const outcome = command.outcome.ok ? `(:ok ${command.outcome.value})` : `(:error ${s(command.outcome.message)})`;
      return `(:reply ${n(command.rid)} ${outcome})`;
    }
  }
}

const integer = z.number().int();

/** Every message's number in its process's sequence, 1 first (see driverLineDecoder). */
const seq = integer.positive();

const pointSchema = z.strictObject({
  type: z.literal('point'),
  seq,
  ok: z.boolean(),
  name: z.string(),
  file: z.string().nullable(),
  line: integer.nullable(),
  skip: z.string().optional(),
  /** A pass that only says a unit holding no check ran to its end: it verifies nothing. */
  unchecked: z.literal(true).optional(),
  diagnostics: z.record(z.string(), z.unknown()).nullable().optional(),
});

const request = { type: z.literal('request'), seq, rid: integer.positive() };

/** The requests spec code makes of spec-run (vocabulary.lisp's host-request calls). */
const requestSchema = z.discriminatedUnion('op', [
  z.strictObject({ ...request, op: z.literal('start-server'), initialize: z.boolean(), release: z.array(integer).optional() }),
  z.strictObject({ ...request, op: z.literal('stop-server'), server: integer }),
  // A message sent as JSON, or `raw` text sent as written.
  z.strictObject({ ...request, op: z.literal('send'), server: integer, message: z.unknown().optional(), raw: z.string().optional() }),
  z.strictObject({ ...request, op: z.literal('parse-json'), text: z.string(), objects: z.enum(['alist', 'tagged']) }),
]);

const doneSchema = z.strictObject({
  type: z.literal('done'),
  seq,
  points: integer.nonnegative(),
  /** Seconds the spec code slept during the command. */
  slept: z.number().nonnegative(),
  /** `file:line` of each check site the command reached, with a point of its own or not (a for-all trial's check). */
  reached: z.array(z.string()),
});

/** `pid`: a forked driver's process id, as spec-run signals it. */
const readySchema = z.strictObject({ type: z.literal('ready'), seq, pid: integer.positive().optional() });

/** Spec code called EXIT at this place: its unit stopped there, and the driver ends once the unit is reported. */
const exitingSchema = z.strictObject({ type: z.literal('exiting'), seq, file: z.string().nullable(), line: integer.nullable() });

/** The zygote: the document's driver it forked has ended, with its exit code or signal number. */
const endedSchema = z.strictObject({ type: z.literal('ended'), seq, code: integer.optional(), signal: integer.optional() });

const driverMessageSchema = z.discriminatedUnion('type', [pointSchema, requestSchema, doneSchema, readySchema, endedSchema, exitingSchema]);

export type PointMessage = z.infer<typeof pointSchema>;
export type RequestMessage = z.infer<typeof requestSchema>;
export type DoneMessage = z.infer<typeof doneSchema>;
export type EndedMessage = z.infer<typeof endedSchema>;
export type ExitingMessage = z.infer<typeof exitingSchema>;
export type DriverMessage = z.infer<typeof driverMessageSchema>;

/** A line on fd 4 that is not a message of the protocol. */
export class DriverProtocolError extends Error {}

const MAX_QUOTED_CHARS = 300;

/**
 * A reader of one driver's fd 4: each call returns the message `line` carries, or throws
 * DriverProtocolError when it is not one. Spec code runs in the driver's process and can
 * write on fd 4 too, so every message carries its number in the driver's sequence (host.lisp):
 * a line out of that sequence (one without a number, or a number already used or skipped)
 * was not written by the driver, and is refused rather than counted as a verdict.
 */
export function driverLineDecoder(): (line: string) => DriverMessage {
  let due = 1;
  return (line) => {
    const quoted = line.length > MAX_QUOTED_CHARS ? `${line.slice(0, MAX_QUOTED_CHARS)}...` : line;
    let value: unknown;
    try {
      value = JSON.parse(line);
    } catch (error) {
      throw new DriverProtocolError(`the driver sent a line that is not JSON (${(error as Error).message}): ${quoted}`);
    }
    const number = typeof value === 'object' && value !== null ? (value as { seq?: unknown }).seq : undefined;
    if (number !== due) {
      const carried = number === undefined ? 'no sequence number' : `sequence number ${JSON.stringify(number)}`;
      throw new DriverProtocolError(
        `a line on the driver's channel (fd 4) that the driver did not write in turn: it carries ${carried} where ${due} was due (spec code writing on fd 4 forges the driver's messages): ${quoted}`,
      );
    }
    const parsed = driverMessageSchema.safeParse(value);
    if (!parsed.success) throw new DriverProtocolError(`the driver sent a malformed message (${z.prettifyError(parsed.error).replace(/\n/g, '; ')}): ${quoted}`);
    due += 1;
    return parsed.data;
  };
}
