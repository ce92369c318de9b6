// Clauses writers attach to a Then's claim: a contrast (", while X", ", whereas X"), a concession about the
// command's own exit status (", although the command itself exited with 0"), a general justification
// (", since an interruption is not a limit event"); the writer's own measurement ("(measured: 2.02 s)") is
// time-claims.ts's.
// Each is split from the main claim and accounted for on its own: a contrast is a second claim read as any
// clause is; the command's own status is checked against the executor's note; a justification is
// accepted unchecked only where it plainly states a rule in general, never a fact of this run. Anything
// else stays with the sentence, which the interpreter then reads (or leaves unread) as before.
import type { CommandRecord } from '../../../executor/record.js';
import type { Check } from './then.js';
import { CONFIG_KEYS } from './lexicon.js';

/** SENTENCE with its code spans masked (same length), so that no pattern matches inside a quoted text. */
const masked = (sentence: string) => sentence.replace(/`[^`]*`/g, (span) => '`' + '\u0000'.repeat(span.length - 2) + '`');

/**
 * "A, while B", "A, whereas B", "A whereas B": two claims set against each other, each true of the run; read as "A, and B".
 * Only "while" after a comma: without one it is a time ("written while it shut down"), which a conjunction would not say.
 */
export function contrastsJoined(sentence: string): string {
  const hidden = masked(sentence);
  let out = '';
  let last = 0;
  for (const m of hidden.matchAll(/,\s+(?:while|whereas)\s+|\s+whereas\s+/gi)) {
    out += sentence.slice(last, m.index) + ', and ';
    last = m.index! + m[0].length;
  }
  return out + sentence.slice(last);
}

/**
 * Words that open a general justification: a reason or a purpose. The clause must also say a rule in general
 * (GENERIC_SUBJECT, or a purpose for people), hold no text, number or time of the run, nor point at the run
 * ("it", "this", a past tense): "since a stop hook that runs nothing checks nothing", "so that CI does not hang".
 */
const JUSTIFICATION = /^,\s*(because|since|as|given that|so that|in order that)\s+/i;
/** A subject said of any such thing: "a command without `image:`", "an interruption", "any hidden stream". */
const GENERIC_SUBJECT = /^(a|an|any)\s+/i;
/** Those a purpose is for: "so that CI does not hang", "so that a reader can tell". */
const PEOPLE = /\b(ci|users?|readers?|operators?|auditors?|developers?|teams?|maintainers?|reviewers?|people|anyone|nobody|you|one|we)\b/i;
/** Verbs that state a rule ("as a timeout counts as a failure", "as an interruption is no limit event"). */
const RULE_VERB = /\b(is|are|means|mean|counts|count|needs|need|has|have|must|cannot|can't|never|always|only)\b/i;
const MODAL = /\b(may|can|could|might|would|should)\b/i;
/** Words that point at this run, or say what happened in it: such a clause is a fact to check, never a justification. */
const OF_THIS_RUN = /\b(it|it's|itself|they|them|their|this|these|those|here|there|now|then|was|were|had|did|got|has been|have been|ran|wrote|became|left|sent|took|began|kept|lost|gave|came|went|said|made|found|held|broke|hid|caught|showed|\w+[^e\W]ed)\b/i;
/** A key of the configuration ("a command without `image:`"): a word of the rule, no fact of the run. */
const KEY = new RegExp(String.raw`\`(?:${CONFIG_KEYS.join('|')}):?\`|\b(?:${CONFIG_KEYS.join('|')}):(?=\s|$)`, 'g');

/**
 * The general justification SENTENCE ends with, where it has one: the text of the claim before it, and the
 * justification's own words. Null where the last clause after a reason or purpose word is not plainly one.
 */
export function generalJustification(sentence: string): { main: string; justification: string } | null {
  const hidden = masked(sentence);
  const opening = [...hidden.matchAll(/,\s*(?:because|since|as|given that|so that|in order that)\s+/gi)].at(-1);
  if (opening === undefined) return null;
  const clause = sentence.slice(opening.index).replace(/[.\s]+$/, '');
  const marker = JUSTIFICATION.exec(clause);
  if (marker === null) return null;
  const body = clause.slice(marker[0].length);
  // A text, a number, a time or a clause of its own after it: there is a fact of the run (or another clause) in it.
  if (/[`"“\d;:,]/.test(body.replace(KEY, '')) || OF_THIS_RUN.test(body)) return null;
  const purpose = /^(so that|in order that)$/i.test(marker[1]);
  // "as" also compares ("exits 124, as a host command would", "as a JSON string"): a reason only with a verb of a rule and no predicate left out.
  const comparison = /^as$/i.test(marker[1]) && (!RULE_VERB.test(body) || MODAL.test(body) || /\b(does|do|did|is|are|will|has|have)$/i.test(body));
  const general = purpose ? PEOPLE.test(body) || MODAL.test(body) : GENERIC_SUBJECT.test(body) && !comparison;
  if (!general) return null;
  return { main: sentence.slice(0, opening.index), justification: clause.replace(/^,\s*/, '') };
}

/**
 * "…, as expected", "…, as designed": the writer's expectation of the claim before it, no claim beyond it. The sentence
 * without it, and its words; null where it ends with no such words.
 */
export function asExpected(sentence: string): { main: string; aside: string } | null {
  const m = /,?\s+(as (?:expected|intended|designed|specified|documented|required|planned|promised))\s*\.?$/i.exec(sentence);
  return m === null ? null : { main: sentence.slice(0, m.index), aside: m[1] };
}

/** The note the executor adds where a stopped command handled SIGTERM and exited on its own (executor/result.ts). */
const HANDLED = /^the command handled SIGTERM and exited with (\d+) within the grace period;/;

/** The status the command's own process exited with: its exit code where that is its own, else the one the executor's note gives; undefined where none is known. */
export function ownStatus(c: CommandRecord): number | undefined {
  if (c.exitCause === 'command') return c.exitCode;
  const noted = c.notices.map((n) => HANDLED.exec(n)).find((m) => m !== null);
  return noted ? Number(noted[1]) : undefined;
}

const NUMBER_WORDS: Record<string, number> = { zero: 0, one: 1, two: 2, three: 3 };
/** The process the status is of, with a word that makes the status its own ("the command itself", "its own"), or the handler or trap that ended it (its `exit` is the process's). */
const COMMAND = String.raw`(?:the\s+(?:command|process)|it)`;
const HANDLER = String.raw`(?:the|its)\s+(?:(?:trap\s+)?handler|trap)`;
const VALUE = String.raw`\s+(\d+|zero|one|two|three)$`;
/** Its own status said in full: "the command itself exited with 0", "its own exit status was 0", "the command's own exit code was zero", "the trap exited 0". */
const OWN_STATUS = new RegExp(
  String.raw`^(?:(?:${COMMAND}\s+itself|${HANDLER})\s+exited(?:\s+with)?(?:\s+(?:status|code))?|(?:${COMMAND}(?:'s|’s)|its|${HANDLER}(?:'s|’s))\s+own\s+exit\s+(?:status|code)\s+(?:was|is))${VALUE}`,
  'i',
);
/** "the 3 the handler exited with", "the 0 that the command itself exited with", "its own 0": the own status named after a contrast. */
const OWN_STATUS_NAMED = new RegExp(
  String.raw`^(?:the\s+(\d+|zero|one|two|three)\s+(?:that\s+|which\s+)?(?:${COMMAND}\s+itself|${HANDLER})\s+exited\s+with|(?:${COMMAND}(?:'s|’s)|its)\s+own\s+(?:exit\s+(?:status|code)\s+(?:of\s+)?)?(\d+|zero|one|two|three))$`,
  'i',
);
/**
 * Words that attach the command's own status to a claim about the report's: a concession ("although the command itself exited
 * with 0"), whose status is said last, and a contrast ("rather than the 3 the handler exited with"), whose status is named.
 */
const ATTACHING = [
  { marker: /(?:,\s*|\s+)(?:even though|although|though)\s+/gi, status: OWN_STATUS },
  { marker: /(?:,\s*|\s+)(?:rather than|instead of|and not|but not|not)\s+/gi, status: OWN_STATUS_NAMED },
];

/**
 * "…, although the command itself exited with 0", "…, even though its own exit status was 0", "… rather than the 3 the handler
 * exited with": the claim before it, and the command's own exit status the clause states (which a stop replaces in the report:
 * its Exit Code is the timeout's).
 */
export function ownStatusAttached(sentence: string): { main: string; check: Check } | null {
  for (const { marker, status: shape } of ATTACHING) {
    const opening = [...masked(sentence).matchAll(marker)].at(-1);
    if (opening === undefined || opening.index === 0) continue;
    const m = shape.exec(sentence.slice(opening.index + opening[0].length).replace(/[.\s]+$/, ''));
    if (m === null) continue;
    const said = (m[1] ?? m[2]).toLowerCase();
    return { main: sentence.slice(0, opening.index), check: ownStatusCheck(said in NUMBER_WORDS ? NUMBER_WORDS[said] : Number(said)) };
  }
  return null;
}

/** The command's own process exited with STATUS: the one command of the run, or else each a stop ended. */
function ownStatusCheck(status: number): Check {
  return {
    text: `the command's own process exited with ${status} (the status a stop replaces in the report: the executor's note "the command handled SIGTERM and exited with ${status}")`,
    evaluate: (o) => {
      const commands = o.record.commands;
      const of = commands.length === 1 ? commands : commands.filter((c) => c.exitCause !== 'command');
      const own = of.map((c) => ownStatus(c));
      return { ok: of.length > 0 && own.every((s) => s === status), actual: of.map((c, i) => `command ${c.index + 1}: ${own[i] === undefined ? 'no own status known' : `its own status ${own[i]}`} (exit code ${c.exitCode}, ${c.exitCause})`).join('; ') || 'no command ran' };
    },
  };
}

/** The nouns of a text whose own ending an appositive would state: the output, the report, a line, a message. */
const TEXT_NOUN = /\b(?:output|outputs|report|stdout|stderr|log|logs|line|lines|block|section|message|messages|error|text|notice|note|banner|summary)\s*$/i;

/**
 * "the working directory, ending in /nowhere, does not exist", "the file (whose name ends with `.log`) is kept": an
 * appositive set off by commas or parentheses describes the noun before it, never the report's last line. The main
 * claim is read without it, and the appositive checked as a word of the report that ends so. Null where the sentence
 * has none, where it opens the sentence (no noun before it), or where a denial before it would make its reach unclear.
 */
export function endingAppositive(sentence: string): { main: string; check: Check } | null {
  const hidden = masked(sentence);
  const found = /(,\s*|\s*\(\s*)(?:(?:which|that|whose\s+(?:name|path)|its\s+(?:name|path))\s+ends?|ending)\s+(?:in|with)\s+(`[^`]+`|[^\s,()`]+)\s*(,|\))/i.exec(hidden);
  if (!found || (found[1].includes('(') !== (found[3] === ')'))) return null;
  const before = sentence.slice(0, found.index);
  if (!/\w/.test(masked(before)) || /\b(?:not|no|never|none|neither|nor)\b|n't\b/i.test(masked(before))) return null;
  // "the output, ending with `done`, …": a text that itself ends so (its last line), which the rules of lines read.
  if (TEXT_NOUN.test(masked(before))) return null;
  const written = sentence.slice(found.index, found.index + found[0].length);
  const ending = /(?:in|with)\s+(`[^`]+`|[^\s,()`]+)\s*[,)]$/i.exec(written)![1].replace(/^`|`$/g, '');
  const rest = sentence.slice(found.index + found[0].length);
  return { main: `${before}${found[3] === ',' && /^\s*[,.;]?\s*$/.test(rest) ? '' : ' '}${rest.trimStart()}`, check: endingWordCheck(ending, written.replace(/^[,(\s]+|[,)\s]+$/g, '')) };
}

/** A word the report holds (spec-run exec's messages or a command's part) ends with ENDING, its closing punctuation set aside. */
function endingWordCheck(ending: string, said: string): Check {
  return {
    text: `a word of the report ends with ${JSON.stringify(ending)} ("${said}" describes what the sentence names before it)`,
    evaluate: (o) => {
      const lines = [...o.record.messages, ...o.record.commands.map((c) => c.report)].flatMap((text) => text.split('\n'));
      const words = lines.flatMap((line) => line.split(/\s+/)).map((word) => word.replace(/[.,;:!?)'"\]]+$/, ''));
      const hit = words.find((word) => word.endsWith(ending));
      return { ok: hit !== undefined, actual: hit ?? lines.slice(0, 8).join(' ⏎ ') };
    },
  };
}
