// The moment an interrupt reaches spec-run exec, said by what a command is doing rather than by a time: "while the
// first command is sleeping", "while `echo working; sleep 60` is running", "once the first command has printed
// `begun`", "once `waiting` has been printed", "while it sleeps" (the configuration's only command). Each is said again
// in one shape the interrupt's rule reads ("sleeping during the first command after `begun`"), and the run is made
// so: the signal is sent inside the command's first sleep, and the run is then checked to be the one the sentence
// describes (that command was the one the signal stopped, and printed what was said before it slept). A run that
// is not is no run of the scenario: it is said so, never judged.
import type { Token } from './lexicon.js';
import type { Args } from './reading.js';

/** Where a When names the command the interrupt comes during: by its place, by its line, or none (the only command, or the one that prints what is said printed). */
export type MomentCommand = { place: number; among?: number } | { run: string } | { only: true };

export interface InterruptMoment {
  command: MomentCommand;
  /** Said of its sleep ("while … is sleeping"), not only of its running. */
  sleeping: boolean;
  /** Printed by the command before the signal ("once … has printed `begun`"). */
  printed?: string;
}

const PLACE = String.raw`(?:(?:the|its|this|that)\s+(first|second|third|fourth|fifth|only)(?:\s+of\s+(?:(?:the|these|those|its|the\s+configuration's)\s+)?(two|three|four|five|\d)(?:\s+(?:commands|ones|jobs|checks|steps|stages))?)?(?:\s+(?:command|one|check|step|job|stage))?|(?:the|its)\s+(?:command|job)\s+(\`[^\`]+\`)|(\`[^\`]+\`)|(it|the\s+command|its\s+command))`;
const SLEEPING = String.raw`(?:is\s+)?(?:still\s+)?(sleeping|sleeps|asleep|running|runs|in\s+progress)`;

/** A command as named in the canonical shape: "the first command", "the command `x`", "the command". */
function named(place: string | undefined, among: string | undefined, byName: string | undefined, bare: string | undefined, pronoun: string | undefined): string | null {
  // "the first of these three commands": its place, and how many there are, which the run is checked to have.
  if (place !== undefined) return `the ${place.toLowerCase() === 'only' ? '' : `${place.toLowerCase()} `}command${among === undefined ? '' : ` of ${among} commands`}`;
  const line = byName ?? bare;
  if (line !== undefined) return `the command ${line}`;
  return pronoun === undefined ? null : 'the command';
}

/** Only sentences that send a signal or interrupt: elsewhere "while the first command runs" says something else. */
const SIGNALLED = /\bSIG(?:INT|TERM|HUP)\b|\binterrupt|\bctrl[- +]?c\b/i;

/**
 * SENTENCE with an interrupt's moment said by what a command does put in the shape the interrupt's rule reads:
 * "[sleeping] during the N command [after `X`]" (one word of a sleep, which would end the clause). A sentence with no
 * signal, or no such moment, as it is.
 */
export function inMomentWords(sentence: string): string {
  if (!SIGNALLED.test(sentence)) return sentence;
  return sentence
    .replace(new RegExp(String.raw`\b(?:while|whilst)\s+${PLACE}\s+${SLEEPING}\b`, 'gi'), (whole, place?: string, among?: string, byName?: string, bare?: string, pronoun?: string, doing?: string) => {
      const command = named(place, among, byName, bare, pronoun);
      const sleeping = /^(sleep|asleep)/i.test(doing ?? '');
      // "while it runs" may be said of spec-run exec itself; only a command sleeps.
      if (command === null || (pronoun !== undefined && /^it$/i.test(pronoun) && !sleeping)) return whole;
      return `${sleeping ? 'sleeping during' : 'during'} ${command}`;
    })
    .replace(new RegExp(String.raw`\b(?:once|as\s+soon\s+as|after)\s+${PLACE}\s+(?:has\s+)?(?:printed|written|echoed|output)\s+(\`[^\`]+\`)`, 'gi'), (whole, place?: string, among?: string, byName?: string, bare?: string, pronoun?: string, text?: string) => {
      const command = named(place, among, byName, bare, pronoun);
      return command === null ? whole : `sleeping during ${command} after ${text}`;
    })
    .replace(/\b(?:once|as\s+soon\s+as|after)\s+(`[^`]+`)\s+(?:has\s+been|is|was)\s+(?:printed|written|echoed|shown)\b/gi, 'sleeping during the command after $1');
}

/**
 * The moment said in A's tokens in the canonical shape (see inMomentWords), with the tokens it takes: undefined where
 * none is said, null where "during" is said otherwise (of something else, or with words the shape does not have).
 */
export function momentIn(a: Args): { moment: InterruptMoment; tokens: Token[] } | null | undefined {
  const at = a.tokens.findIndex((t) => t.kind === 'word' && t.concepts.includes('DURING'));
  if (at < 0) return undefined;
  const taken: Token[] = [];
  let i = at + 1;
  const next = () => a.tokens[i];
  const take = (test: (t: Token) => boolean) => {
    const t = next();
    if (t === undefined || !test(t)) return false;
    taken.push(t);
    i++;
    return true;
  };
  const word = (re: RegExp) => (t: Token) => t.kind === 'word' && re.test(t.text);
  const entity = (type: string) => (t: Token) => t.kind === 'entity' && t.entity.type === type;
  const sleeping = /^sleeping\b/i.test(a.tokens[at].text);
  take(word(/^the$/i));
  const ordinal = next();
  const place = take(entity('ordinal')) && ordinal.kind === 'entity' && ordinal.entity.type === 'ordinal' ? ordinal.entity : undefined;
  if (place && (place.of !== 'command' || typeof place.index !== 'number')) return null;
  if (!take(word(/^command$/i))) return null;
  // "of three commands": how many the configuration has.
  let among: number | undefined;
  if (place && take(word(/^of$/i))) {
    const count = next();
    if (!take(entity('count')) || count.kind !== 'entity' || count.entity.type !== 'count' || count.entity.unit !== 'command') return null;
    among = count.entity.n;
  }
  const line = next();
  const run = !place && take(entity('quoted')) ? line.text : undefined;
  let printed: string | undefined;
  if (take(word(/^after$/i))) {
    const text = next();
    if (!take(entity('quoted'))) return null;
    printed = text.text;
  }
  const command: MomentCommand = place ? { place: place.index as number, ...(among === undefined ? {} : { among }) } : run !== undefined ? { run } : { only: true };
  return { moment: { command, sleeping, ...(printed === undefined ? {} : { printed }) }, tokens: [a.tokens[at], ...taken] };
}

/** The moment as a reader checks it: "during the sleep of command 1, once it printed "begun"". */
export function showMoment(moment: InterruptMoment): string {
  const c = moment.command;
  const command = 'place' in c ? `command ${c.place + 1}${c.among === undefined ? '' : ` of ${c.among}`}` : 'run' in c ? `the command \`${c.run}\`` : moment.printed === undefined ? 'the only command' : 'the command that prints it';
  return `while ${command} ${moment.sleeping ? 'sleeps' : 'runs'}${moment.printed === undefined ? '' : `, once it printed "${moment.printed}"`} (sent inside its first sleep; the run is checked to be so)`;
}
