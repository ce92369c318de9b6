// Signals a When sends spec-run exec after its first interrupt, each timed from the one before: "is sent SIGINT 2 s
// after it started and SIGTERM half a second after that", "…, and 0.5 s later SIGTERM", "and sends SIGINT again half a
// second later", "… and SIGTERM a further 0.5 s later". The phrase of each later signal is taken out of the sentence
// (the rest, with its first interrupt, is read by the rules as ever) and kept as a signal with its delay. Only where
// the later signal follows a signal said in the sentence, with its own time, in one of these shapes: a later signal
// said otherwise, or timed from something else, is left to the rules (which do not read it).
import { INTERRUPT_SIGNALS, type InterruptSignal } from '../../../executor/interrupts.js';

export interface LaterSignal {
  signal: InterruptSignal;
  /** From the signal before, unscaled. */
  afterMs: number;
}

const WORDS: Record<string, number> = { one: 1, two: 2, three: 3, four: 4, five: 5, a: 1, an: 1 };
const AMOUNT = String.raw`(?:\d+(?:\.\d+)?|one|two|three|four|five|a|an|half\s+a)`;
const UNIT = String.raw`(?:milliseconds?|ms|seconds?|secs?|s)\b`;
/** A time with the same time in figures after it, or not: "half a second (0.5 s)". */
const TIME = String.raw`\b(${AMOUNT})\s*(${UNIT})(?:\s*\((${AMOUNT})\s*(${UNIT})\))?`;
const SIGNAL = String.raw`(SIGINT|SIGTERM|SIGHUP)`;

function msOf(amount: string, unit: string): number | undefined {
  const n = /^half\s+a$/i.test(amount) ? 0.5 : /^\d/.test(amount) ? Number(amount) : WORDS[amount.toLowerCase()];
  if (n === undefined) return undefined;
  // "a second" is one; "a ms" or "a 3" is no time.
  if (/^an?$/i.test(amount) && !/^s/i.test(unit)) return undefined;
  return /^m/i.test(unit) ? n : n * 1000;
}

/** The time a match says, or undefined where its two spellings disagree ("half a second (1 s)") or it says none. */
function timeOf(amount: string, unit: string, again?: string, againUnit?: string): number | undefined {
  const ms = msOf(amount, unit);
  if (again === undefined) return ms;
  return ms !== undefined && msOf(again, againUnit!) === ms ? ms : undefined;
}

const SHAPES: { re: RegExp; build: (m: RegExpExecArray, first: InterruptSignal) => LaterSignal | undefined }[] = [
  {
    // "and SIGTERM half a second after that", "and SIGTERM 0.5 s later", "and SIGTERM a further 0.5 s later", "and then SIGTERM 0.5 s after it".
    re: new RegExp(String.raw`,?\s+and\s+(?:then\s+)?${SIGNAL}\s+(?:a\s+further\s+|another\s+)?${TIME}\s+(?:later|after\s+that|after\s+it|after\s+the\s+first(?:\s+(?:one|signal))?)(?=\s*(?:[,;.]|$))`, 'i'),
    build: (m) => at(m[1], timeOf(m[2], m[3], m[4], m[5])),
  },
  {
    // ", and half a second later SIGTERM", "and 0.5 s later SIGTERM".
    re: new RegExp(String.raw`,?\s+and,?\s+(?:then\s+)?(?:a\s+further\s+|another\s+)?${TIME}\s+later,?\s+${SIGNAL}(?=\s*(?:[,;.]|$))`, 'i'),
    build: (m) => at(m[5], timeOf(m[1], m[2], m[3], m[4])),
  },
  {
    // "and sends SIGINT again half a second later", "and is sent SIGINT again 0.5 s later": the same signal.
    re: new RegExp(String.raw`,?\s+and\s+(?:then\s+)?(?:sends|is\s+sent|receives|gets)\s+${SIGNAL}\s+again\s+(?:a\s+further\s+|another\s+)?${TIME}\s+(?:later|after\s+that|after\s+the\s+first(?:\s+(?:one|signal))?)(?=\s*(?:[,;.]|$))`, 'i'),
    build: (m, first) => (m[1] === first ? at(m[1], timeOf(m[2], m[3], m[4], m[5])) : undefined),
  },
];

function at(signal: string, ms: number | undefined): LaterSignal | undefined {
  if (ms === undefined || ms <= 0 || !(INTERRUPT_SIGNALS as readonly string[]).includes(signal)) return undefined;
  return { signal: signal as InterruptSignal, afterMs: ms };
}

/**
 * SENTENCE's later signals taken out (see the head of this file): the rest, and each later signal in order; null where
 * none is said in these shapes; 'unread' where one is said in them wrongly (a time said twice differently, "again" of
 * another signal, no signal before it), which is then not read at all.
 */
export function takeLaterSignals(sentence: string): { rest: string; later: LaterSignal[] } | 'unread' | null {
  let rest = sentence;
  const later: LaterSignal[] = [];
  for (;;) {
    const found = SHAPES.map((shape) => ({ shape, m: shape.re.exec(rest) })).filter((f) => f.m !== null).sort((x, y) => x.m!.index - y.m!.index)[0];
    if (!found) break;
    const m = found.m!;
    // A signal said before it, in the rest of the sentence: the one it follows.
    const before = [...rest.slice(0, m.index).matchAll(/\bSIG(INT|TERM|HUP)\b/g)];
    if (before.length === 0) return 'unread';
    const first = `SIG${before.at(-1)![1]}` as InterruptSignal;
    const signal = found.shape.build(m, first);
    if (!signal) return 'unread';
    later.push(signal);
    rest = rest.slice(0, m.index) + rest.slice(m.index + m[0].length);
  }
  return later.length === 0 ? null : { rest, later };
}

/** A later signal as a reader checks it: "SIGTERM 500 ms after the signal before". */
export function showLater(signal: LaterSignal): string {
  return `then ${signal.signal} ${signal.afterMs >= 1000 ? `${signal.afterMs / 1000} s` : `${signal.afterMs} ms`} after the signal before (a second signal: spec-run exec kills what runs and exits at once with the first signal's status)`;
}

/**
 * SENTENCE, where it sends a signal, with what only says how spec-run exec was started to be sent it said plainly:
 * "launched in the background" is launched (the shell that sends the signal goes on: in the run, the signal is sent
 * while spec-run exec runs, as ever), and a time said again in figures ("three seconds (3 s) later") once, where the
 * two are the same time. Elsewhere as it is.
 */
export function inLaunchWords(sentence: string): string {
  if (!/\bSIG(?:INT|TERM|HUP)\b/.test(sentence)) return sentence;
  return sentence
    .replace(/\b(launched|started|run|invoked)\s+(there\s+|from\s+\S+\s+)?in\s+the\s+background\b/gi, '$1 $2')
    .replace(new RegExp(TIME, 'gi'), (whole, amount: string, unit: string, again?: string, againUnit?: string) => {
      if (again === undefined) return whole;
      const ms = timeOf(amount, unit, again, againUnit);
      return ms === undefined ? whole : `${amount} ${unit}`;
    })
    .replace(/\s{2,}/g, ' ');
}

const STATUS_SIGNAL: Record<string, InterruptSignal> = { '129': 'SIGHUP', '130': 'SIGINT', '143': 'SIGTERM' };

/**
 * A Then's status said again as the first signal's: "with status 130, the status of the first signal", "…, that of
 * the first signal", "…, the first signal's status": the apposition taken out, and the signal whose status it is
 * (128 + its number), which the run's first interrupt is checked to be. Null where none is said so, or of a status no
 * interrupt exits with.
 */
export function firstSignalStatus(sentence: string): { rest: string; signal: InterruptSignal } | null {
  const m = /\b(129|130|143)\s*,\s*(?:the\s+(?:exit\s+)?status\s+of\s+the\s+first\s+signal|that\s+of\s+the\s+first\s+signal|the\s+first\s+signal's(?:\s+(?:exit\s+)?status)?)(?=\s*(?:[,;.]|$))/i.exec(sentence);
  if (!m) return null;
  return { rest: sentence.slice(0, m.index) + m[1] + sentence.slice(m.index + m[0].length), signal: STATUS_SIGNAL[m[1]] };
}
