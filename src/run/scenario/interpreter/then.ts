// The Then of an executor scenario: one predicate over the record of the run, read
// from the sentence through facts (terminated, killed, exit code, took about, lines
// shown or omitted, a notice, a container created or removed, a mount, a rejection
// naming something, the timeout that applies, the same on host and in Docker, ...)
// and their arguments, with negation and comparisons. Each predicate says what it
// checks (`exit code == 124`, `elapsed ≈ 2 s ± 0.5 s`) so that a reader can judge it.
import { closingLineSaid } from './closing-line.js';
import { execa } from 'execa';
import type { ConfigError } from '../../../executor/config.js';
import type { CommandRecord, RunRecord } from '../../../executor/record.js';
import { commandLine as announcedLine } from '../../../executor/report.js';
import { DEFAULT_CONFIG_DIR_ENV } from '../../../executor/record.js';
import { lineHoldsMembers } from './log-members.js';
import { filesLeftSaid, LOG_REFERENT, nothingInDirectory } from './files-left.js';
import { logEventsNamed } from './log-event-named.js';
import { logFieldsSaid } from './log-fields-said.js';
import { timeoutNotReachedSaid } from './timeout-not-reached.js';
import { timeClaimSaid } from './time-claims.js';
import { announcedTimeoutInWords, listedNoneInWords, projectFileHolds, sleepBoundSaid, variableClausesReading } from './domain-facts.js';
import { CONFIG_KEYS, conceptWords, JSON_MEMBER, namesMemory, rangeTexts, reportLabelsNamed, showDuration, tokenize, withoutRunner, type Entity, type StreamName, type Token } from './lexicon.js';
import type { Observation } from './observation.js';
import { placeInDocument } from '../../../parse/block-place.js';
import { args, isFunction, namesOne, read, slotsOf, subjectOf, type Args, type Reading, type Rule } from './reading.js';
import { durationRanges, durationTolerances, elidedTimeUnits } from './quantities.js';
import { numbersDropped } from './numbers-kept.js';
import { orderDropped, placeDropped } from './places-kept.js';
import { DURATION_FAULTS, FAULTS } from './faults.js';
import { interfacesListed, isInterfaceName } from './interfaces.js';
import { messageShown, placements } from './configured-message.js';
import { executorWords } from './executor-words.js';
import { fieldErrorReading } from './field-errors.js';
import { refusalReasonReading } from './refusal-reasons.js';
import { messagePartsReading, refusalFirstLineReading } from './message-parts.js';
import { printedPlaceReading } from './paths-printed.js';
import { placeholderDefinedReading, standInPathUnread } from './placeholders-defined.js';
import { directoryLeftReading } from './directories-left.js';
import { linesShownReading } from './lines-shown.js';
import { lineRangesReading } from './line-ranges.js';
import { outputItemsReading } from './output-items.js';
import { positionReading } from './positions.js';
import { refusalLayoutReading } from './refusal-layout.js';
import { fixListReading } from './fix-list.js';
import { outputSequenceReading } from './output-sequence.js';
import { layoutReading, noticePlacedReading } from './report-layout.js';
import { sequenceReading } from './sequence-texts.js';
import { noticeSaidReading } from './notices-said.js';
import { saidInWordsReading } from './said-in-words.js';
import { anotherRunReading } from './runs-again.js';
import { ownStreamsReading } from './command-line-refused.js';
import { asExpected, contrastsJoined, endingAppositive, generalJustification, ownStatusAttached } from './attached-clauses.js';
import { commandsNamedTogether } from './commands-named.js';
import { logLinesSaid } from './log-lines-said.js';
import { fileNeverMade, outcomeQualifiedReading, statusAppositive, timeoutWithCode } from './outcome-qualified.js';
import { anchorMovedBack, placeholderUnread, announcementOf, aroundList, beforeUnder, calledCommand, commandLines, continuedOn, contrastedNegation, deniedFrom, executorText, fieldMessage, fieldPath, fileBeforeItsVerb, followingInSentence, headingsNamedUnder, fieldLabels, HEADINGS, notRunLines, namedLine, namedOutput, namesFieldLine, namesFile, ownerOf, placedApart, PARTS_COUNTED, placedByPart, printedText, problemLine, problemLinePrinted, quotedIn, quotesCommand, reportsQuantified, saysContained, soughtWithinWords, refusalHeading, ownRunLine, reports, runText, someLine, statusValue, TEXT_RULE, textList, WITHIN_WORDS, withoutQuotedCommands } from './texts.js';

export interface Verdict {
  ok: boolean;
  actual: string;
  /** It holds only because no command ran ("no container is left"): it says nothing of a run that never was. */
  vacuous?: true;
}

export interface Check {
  /** What is checked, as a reader reads it. */
  text: string;
  evaluate(o: Observation): Verdict | Promise<Verdict>;
  /**
   * A path of the scenario's own the check reads from the directory spec-run exec starts in ("the absolute path of
   * `proj/sub`"): decided only where the scenario's When named a directory so (named-directories.ts).
   */
  atStart?: string;
  /**
   * Which commands a check of each command is said of: `named`, the ones its own words name (by place, line or
   * context; KEY tells two places apart); `unsaid`, every command with no word of the sentence saying so (no command
   * named, no quantifier), which PLACE rebuilds on the commands another clause of the same sentence names.
   */
  place?: { kind: 'named'; key: string; selector: Selector } | { kind: 'unsaid'; place(selector: Selector): Check };
}

/**
 * '<', '>': strictly under or over ("fewer than 10" is not 10); '≳': a little over (at least it, and not by more
 * than a measurement's slack); '≲': a little under; '≪': clearly under (at most half of it).
 */
type Comparator = '==' | '≈' | '≤' | '≥' | '<' | '>' | '≳' | '≲' | '≪';

/** "well within", "long before", "far short of": clearly less than a time, read as at most half of it, which no run near that time passes. */
const WELL_UNDER = /^(well|far|much|long|comfortably) /i;

/** The words of a bound (AT_MOST, AT_LEAST) that leave the bound itself out: "less than 3" is not 3, "more than 90" is not 90. */
const STRICT_BOUND = /^(?:less than|fewer than|under|shorter than|before|more than|longer than|over|past|beyond)$/i;

/** "below 3", "above 90": words that elsewhere place a text ("shown below"), a strict bound where a number follows them. */
function placedBound(a: Args): '<' | '>' | null {
  const at = a.tokens.findIndex((t, i) => t.kind === 'word' && /^(?:below|above)$/i.test(t.text) && a.tokens[i + 1]?.kind === 'entity' && ['number', 'count', 'duration'].includes((a.tokens[i + 1] as { entity: Entity }).entity.type));
  return at < 0 ? null : /^below$/i.test(a.tokens[at].text) ? '<' : '>';
}

function comparator(a: Args, fallback: Comparator): Comparator {
  if (a.has('JUST_OVER')) return '≳';
  if (a.has('JUST_UNDER')) return '≲';
  // "printed before the kill", "exits 0 before the timeout": a word of bound before an event of ending places a time; it bounds no value of the sentence.
  const placesEvent = (i: number) => is(a.tokens.slice(i + 1).find((x) => !isFunction(x)), 'TERMINATE', 'KILL', 'TIMEOUT', 'TIMED_OUT');
  const bound = (concept: string) => a.tokens.find((t, i): t is Extract<Token, { kind: 'word' }> => t.kind === 'word' && t.concepts.includes(concept) && !placesEvent(i));
  const most = bound('AT_MOST');
  if (most && WELL_UNDER.test(most.text)) return '≪';
  if (most) return STRICT_BOUND.test(most.text) ? '<' : '≤';
  const least = bound('AT_LEAST');
  if (least) return STRICT_BOUND.test(least.text) ? '>' : '≥';
  const placed = placedBound(a);
  if (placed) return placed;
  if (a.has('ABOUT')) return '≈';
  return fallback;
}

/** The comparators of an upper bound: "within", "under", "clearly under". */
const UPPER_BOUNDS: Comparator[] = ['≤', '<', '≪', '≲'];

/** How far a measured time may be from a documented one: timers and process start on a loaded machine; containers start slower. */
function tolerance(expectedMs: number, docker: boolean): number {
  return Math.max(500, expectedMs * 0.25) + (docker ? 1500 : 0);
}

/**
 * How far past an upper bound a measured time may be and still be within it, in ms: an end or a signal is seen
 * after it happened (the child's exit comes through the event loop, a timer fires late on a loaded machine), by
 * up to this on the host. In a container a stop goes through the engine (`docker kill`, then its event of the
 * end), seen later still; a container's running time, which the engine itself measures, needs no more than the host's.
 */
const LATE_SLACK_MS = { host: 150, container: 1000 };
/** How far under a lower bound a measured time may be: a timer may fire a millisecond early, and two readings of a clock round. */
const EARLY_SLACK_MS = 10;

/** Which slack a time has: the engine's running time of a container (`elapsed`, its report's `Duration:` line) is timed as the host's. */
type Clock = 'host' | 'container';

/** The slack a bound of a time allows, as its check shows it. */
function slackText(cmp: Comparator, engineTimed: boolean): string {
  if (cmp === '≥' || cmp === '>' || cmp === '≳') return ` (−${EARLY_SLACK_MS} ms: a timer may fire early)`;
  return ` (+${LATE_SLACK_MS.host} ms: an end is seen after it happens${engineTimed ? '' : `; +${showDuration(LATE_SLACK_MS.container)} in a container`})`;
}

function compareTime(actual: number | undefined, expectedMs: number, cmp: Comparator, clock: Clock): boolean {
  if (actual === undefined) return false;
  const late = LATE_SLACK_MS[clock];
  const docker = clock === 'container';
  if (cmp === '≪') return actual <= expectedMs / 2;
  if (cmp === '≤') return actual <= expectedMs + late;
  if (cmp === '<') return actual < expectedMs + late;
  if (cmp === '≥') return actual >= expectedMs - EARLY_SLACK_MS;
  if (cmp === '>') return actual > expectedMs - EARLY_SLACK_MS;
  if (cmp === '≳') return actual >= expectedMs - EARLY_SLACK_MS && actual <= expectedMs + tolerance(expectedMs, docker);
  if (cmp === '≲') return actual <= expectedMs + late && actual >= expectedMs - tolerance(expectedMs, docker);
  return Math.abs(actual - expectedMs) <= tolerance(expectedMs, docker);
}

/** The measures the engine times itself in a container (its running time), not the executor across its start and stop. */
const SUMMED_ELAPSED = 'the elapsed times of all commands, summed,';
const ENGINE_TIMED = ['elapsed', "the duration on the report's `Duration:` line", SUMMED_ELAPSED];

/** The clock a command's time WHAT is read on, for its slack. */
const clockOf = (c: CommandRecord, what: string): Clock => (c.context === 'docker' && !ENGINE_TIMED.includes(what) ? 'container' : 'host');

/** The clock of a time of the whole run: a container's where any command ran in one. */
const runClock = (o: Observation): Clock => (o.record.commands.some((c) => c.context === 'docker') ? 'container' : 'host');

/**
 * A time WHAT of a command stopped at its timeout, from its start, compared: "about" never stretches halfway to the
 * other time such a stop falls at (its timeout, or its timeout plus the grace period), so that "after about
 * 4 seconds" (the kill after a 2-second timeout and its grace period) is no stop at the 2-second timeout.
 */
function commandTime(actual: number | undefined, expectedMs: number, cmp: Comparator, c: CommandRecord, what: string): boolean {
  if (!compareTime(actual, expectedMs, cmp, clockOf(c, what)) || actual === undefined) return false;
  if ((cmp !== '≈' && cmp !== '==') || c.outcome !== 'timeout' || c.timeout.ms === null) return true;
  const stops = [c.timeout.ms, c.timeout.ms + (c.graceMs ?? 0)].filter((at) => Math.abs(at - expectedMs) > expectedMs * 0.05);
  return stops.every((at) => (at < expectedMs ? actual > (at + expectedMs) / 2 : actual < (at + expectedMs) / 2));
}

/** A command's times from its start, which commandTime compares. */
const FROM_START = ['elapsed', 't', 'at t', 'its end at t', 'the duration on the report\'s `Duration:` line'];

function timeText(what: string, ms: number, cmp: Comparator, scaled: boolean): string {
  const slack = showDuration(Math.max(500, ms * 0.25));
  const engineTimed = ENGINE_TIMED.includes(what);
  const shown =
    cmp === '≈' || cmp === '=='
      ? `${what} ≈ ${showDuration(ms)} ± ${slack} (+1.5 s in a container${FROM_START.includes(what) ? '; stopped at its timeout: nearer this than its other stop time (timeout, or timeout + grace)' : ''})`
      : cmp === '≳' || cmp === '≲'
        ? `${what} ${cmp === '≳' ? '≥' : '≤'} ${showDuration(ms)}${slackText(cmp, engineTimed)}, by at most ${slack} (+1.5 s in a container)`
        : cmp === '≪'
          ? `${what} ≤ ${showDuration(ms / 2)} (clearly under ${showDuration(ms)}: at most half of it)`
          : `${what} ${cmp} ${showDuration(ms)}${slackText(cmp, engineTimed)}`;
  return scaled ? `${shown}, times scaled with the run` : shown;
}

function compareCount(actual: number, expected: number, cmp: Comparator): boolean {
  if (cmp === '<') return actual < expected;
  if (cmp === '>') return actual > expected;
  return cmp === '≤' || cmp === '≲' ? actual <= expected : cmp === '≥' || cmp === '≳' ? actual >= expected : actual === expected;
}

/** The time a command's report gives on its `Duration:` line ("Duration: 2.004s", "Duration: 1m 5.000s"), or undefined where it has none. */
function reportedDuration(c: CommandRecord): number | undefined {
  const m = /^Duration: (?:(\d+)h )?(?:(\d+)m )?(\d+(?:\.\d+)?)s$/m.exec(c.report);
  return m === null ? undefined : Number(m[1] ?? 0) * 3_600_000 + Number(m[2] ?? 0) * 60_000 + Number(m[3]) * 1000;
}

const stopAt = (c: CommandRecord) => c.events.find((e) => e.type === 'stop')?.atMs;
const signalAt = (c: CommandRecord, signal: string) => c.signals.find((s) => s.signal === signal)?.atMs;
const ms = (n: number | undefined) => (n === undefined ? 'never' : `${Math.round(n)} ms`);

/** Which commands a sentence is about: by ordinal, by its quoted command, by context, else every one. */
export interface Selector {
  text: string;
  /** Names no command of its own ("it", or no words of selection): in a run with no command, what is said is of the run. */
  unnamed: boolean;
  pick(o: Observation): { command: CommandRecord; index: number }[];
}

/** The words the report is written in, said alone (the verdicts, the labels of its lines and blocks, the word of its totals). */
const REPORT_WORD = /^(?:OK|Error|Timeout|Interrupted|Showing|Partial Output|Output|To fix|Exit Code|Exit Status|Duration|Command|Memory limit|note|omitted)$|^\((?:timeout |Showing |Command timed out|output |no output\)|stdout: |stderr: )/i;

/** The executor's notice of a stream's omitted lines as a sentence quotes its form, the count elided: "`stdout: ...`", "`stderr: … (N lines omitted)`". */
const OMISSION_FORM = /^(stdout|stderr):\s*(?:\.\.\.|…)(?:\s*\((?:N|n|\.\.\.|…)\s+lines?\s+omitted\))?$/;

/** A quoted text a fact neither checks nor can take for its command: the fact would leave it unread. */
class UncheckedText extends Error {}

function selector(a: Args, usesQuoted: boolean, usesContext: boolean): Selector {
  const ordinal = a.entities('ordinal').find((o) => o.of === 'command');
  // A heading of the report (`Partial Output:`) is where to look, never a command.
  const texts = usesQuoted ? [] : a.entities('quoted').filter((q) => !HEADINGS.includes(q.text));
  // A fact that does not read quoted texts takes one for its command; a text in the report's own words
  // ("reported as timed out, with `Exit Code: 124`") is never a command, and would go unchecked.
  if (texts.some((q) => executorText(q.text))) throw new UncheckedText();
  // A configuration field's path (`stop.commands[1].workdir`) names a field an error is about, never a command; nor does a problem line that opens with one.
  if (texts.some((q) => fieldPath(q.text) || fieldMessage(q.text) || problemLine(q.text))) throw new UncheckedText();
  // The text a fact takes for its command: a word of the report's own ("`OK`", "`Showing`", "`Exit Code`", without its colon; a note in
  // parentheses, "`(timeout 5s, from command)`") or spec-run's own command line is never one: taken for a command's line, the word would go
  // unchecked and a command be looked for that the run has not.
  const taken = texts[0]?.text;
  if (taken !== undefined && (REPORT_WORD.test(taken.trim()) || /^spec-run\b/.test(withoutRunner(taken)))) throw new UncheckedText();
  // "the first command … fails with `touch: denied`": a command named by its place has no quoted text for its line; the text is what its report says, never dropped.
  if (ordinal && texts.length > 0) throw new UncheckedText();
  const quoted = texts[0];
  const context = usesContext ? undefined : a.has('HOST') && !a.has('CONTAINER') ? 'host' : a.has('CONTAINER') && !a.has('HOST') ? 'docker' : undefined;
  const all = (o: Observation) => o.record.commands.map((command, index) => ({ command, index }));
  if (ordinal) {
    return { text: `the ${ordinal.index === 'last' ? 'last' : `command ${ordinal.index + 1}`}: `, unnamed: false, pick: (o) => all(o).filter(({ index }) => index === (ordinal.index === 'last' ? o.record.commands.length - 1 : ordinal.index)) };
  }
  // "the output block of `[2/2]`", "the report of `[1/3]`": a progress mark quoted alone names command n of a run of m, never a text of a command's run.
  const marked = quoted && /^\[(\d+)\/(\d+)\]$/.exec(quoted.text.trim());
  if (marked) {
    const [n, m] = [Number(marked[1]), Number(marked[2])];
    return { text: `the command ${n} (of ${m}, as \`${quoted.text.trim()}\` says): `, unnamed: false, pick: (o) => (o.record.config.commands.length === m ? all(o).filter(({ index }) => index === n - 1) : []) };
  }
  if (quoted) return { text: `\`${quoted.text}\`: `, unnamed: false, pick: (o) => all(o).filter(({ index }) => o.runs[index]?.includes(quoted.text)) };
  if (context) return { text: `the ${context === 'host' ? 'host' : 'container'} command: `, unnamed: false, pick: (o) => all(o).filter(({ command }) => command.context === context) };
  // "It announces `[2/3] …`": the progress mark names the command announced, whichever the step before was about.
  const marks = new Set(a.entities('quoted').map((q) => /^\[(\d+)\/\d+\] /.exec(q.text.trim())?.[1]));
  const mark = a.has('ANNOUNCE') && marks.size === 1 ? [...marks][0] : undefined;
  if (mark !== undefined) return { text: `the command ${mark}: `, unnamed: false, pick: (o) => all(o).filter(({ index }) => index === Number(mark) - 1) };
  // "It shows `Exit Code: 125`" after a step about the first report: "it", opening the sentence (its capital), is the command whose lines hold the last text the step before quoted, where only some do.
  if (a.tokens[0]?.kind === 'word' && /^(It|Its)$/.test(a.tokens[0].text)) {
    return {
      text: '(it: the command whose lines hold the text the step before quoted, if only some do; the run, if it ran none) ',
      unnamed: true,
      pick: (o) => {
        const last = o.before?.filter((x) => !HEADINGS.includes(x)).at(-1);
        const theirs = last === undefined ? [] : all(o).filter(({ command }) => commandLines(command, o).some((l) => quotedIn(last, l)));
        return theirs.length > 0 ? theirs : all(o);
      },
    };
  }
  // "every command prints …": what is checked of each command, as it is where no command is named; said, the quantifier is shown.
  return { text: everyCommand(a) !== null ? EVERY_COMMAND : '', unnamed: true, pick: all };
}

/** How a check of each command of the run shows that it is. */
const EVERY_COMMAND = 'every command: ';

/** A check of each selected command. */
function perCommand(a: Args, text: string, test: (c: CommandRecord, o: Observation, index: number) => Verdict | Promise<Verdict>, uses: { quoted?: boolean; context?: boolean; printed?: boolean } = {}): Check {
  const own = selector(a, uses.quoted ?? false, uses.context ?? false);
  const unsaid = own.unnamed && own.text === '';
  // "the note `…` is printed", "a notice reads `…`", no command said: a text printed is some command's (none's, negated),
  // as a text of the report is (texts.ts); every command's only where the sentence says each.
  const some = unsaid && uses.printed === true && !a.negated;
  const build = (select: Selector, any: boolean): Check => ({
    text: `${select.text}${any ? 'some command: ' : ''}${text}`,
    async evaluate(o) {
      const picked = select.pick(o);
      // "is never printed", "no container is left": true of a run in which no command ran.
      if (picked.length === 0 && a.negated && o.record.commands.length === 0) return { ok: true, actual: 'no command ran', vacuous: true };
      if (picked.length === 0) return { ok: false, actual: o.record.errors.length > 0 ? 'no command ran: the configuration was rejected' : 'no command of the run matches' };
      const verdicts = await Promise.all(picked.map(({ command, index }) => test(command, o, index)));
      return { ok: any && picked.length > 1 ? verdicts.some((v) => v.ok) : verdicts.every((v) => v.ok), actual: verdicts.map((v, i) => (picked.length > 1 ? `command ${picked[i].index + 1}: ${v.actual}` : v.actual)).join('; ') };
    },
  });
  const check = build(own, some);
  if (!own.unnamed) return { ...check, place: { kind: 'named', key: own.text, selector: own } };
  // "it": the command the step before spoke of, a place of its own.
  // "no container is left", "never printed": said of the run, whatever the clause beside it names.
  if (!unsaid || a.negated) return check;
  return { ...check, place: { kind: 'unsaid', place: (select) => build(select, false) } };
}

const not = (negated: boolean, ok: boolean) => (negated ? !ok : ok);

/** The command started: it did not end as one the executor could not start (outcome error), unless a container of it started all the same. */
const started = (c: CommandRecord) => c.outcome !== 'error' || c.containers.some((x) => x.started);

/** A file's name or relative path with an extension ("ran.txt", "logs/run.jsonl"), not a command line. */
const looksLikeFile = (text: string) => /^[\w.-]+(\/[\w.-]+)*$/.test(text) && /\.[A-Za-z0-9]+$/.test(text) && !text.split('/').includes('..');

const is = (t: Token | undefined, ...concepts: string[]) => t?.kind === 'word' && t.concepts.some((c) => concepts.includes(c));

/** "host commands", "the container command": a word of place (at I) that restricts the noun of command after it, saying which commands, not where one ran. */
const restricts = (tokens: readonly Token[], i: number) => is(tokens[i], 'HOST', 'CONTAINER') && !is(tokens[i], 'COMMAND') && is(tokens[i + 1], 'COMMAND') && !/^(it|they|its|their)$/i.test(tokens[i + 1]?.text ?? '');

/** The sentence is about the run (the hook, `spec-run exec`), not a command of it. */
const runSubject = (a: Args) => a.has('HOOK') && !a.tokens.some((t) => t.kind === 'word' && t.concepts.includes('COMMAND'));
const neg = (negated: boolean, text: string) => (negated ? `not (${text})` : text);

/** Streams a sentence names; none: both. */
function streamsOf(a: Args): StreamName[] {
  const named = [...new Set(a.entities('stream').map((s) => s.name))];
  return named.length > 0 ? named : ['stdout', 'stderr'];
}

const WHOLE = /^(full|all|whole|entire|in full|complete output|fully|completely|entirely|in its entirety|untruncated|uncut)$/i;

/** "line 4", "line 4, column 16", "column 16": a place as the sentence said it. */
function placeText(place: { line?: number; column?: number }): string {
  return [place.line !== undefined ? `line ${place.line}` : '', place.column !== undefined ? `column ${place.column}` : ''].filter(Boolean).join(', ');
}

/**
 * A place in the configuration said of an error ("line 4", "line 3, column 7"): the error's
 * own place, counted in the configuration as `spec-run exec` gives it for its file, or in
 * the document where the configuration is the scenario's YAML block.
 */
function placeOfError(place: { line?: number; column?: number }): { text: string; holds(e: { line: number; column: number }, o: Observation): boolean } {
  const at = (line: number, column: number) => (place.line === undefined || line === place.line) && (place.column === undefined || column === place.column);
  return {
    text: placeText(place),
    holds: (e, o) => {
      const inDocument = o.configAt !== undefined ? placeInDocument(o.configAt, e.line, e.column) : null;
      return at(e.line, e.column) || (inDocument !== null && at(inDocument.line, inDocument.column));
    },
  };
}

/** A thing a message may name, how to find it in the text, and for a place in the configuration, that place. */
interface Mention {
  text: string;
  test(text: string, c: CommandRecord | undefined, o: Observation): boolean;
  place?: { line?: number; column?: number };
  /**
   * What the executor's notes on a command's output say ("lines were omitted", "timed out", a note
   * quoted as printed: `(stdout: output hidden by configuration)`): said of the output, found in
   * those notes too. Any other thing said of the output is looked for in the command's own lines.
   */
  ofNotes?: true;
  /**
   * A word of the executor's own notices (killed, timed out, SIGKILL, the exit code, a duration): said of the
   * report, sought in what the executor said there (executorWords), never in a line the command printed nor
   * in the echo of its command line.
   */
  notice?: true;
}

/**
 * Whether one error names every one of MENTIONS, its place among them ("the error at line 5 says `x`",
 * "names line 5 and column 16"): a configuration error at each place (in its file or in the document)
 * whose own line names the rest; where the run refused none, one line of SHOWN names them all.
 */
function namedByOneError(mentions: Mention[], shown: string, c: CommandRecord | undefined, o: Observation): boolean {
  const places = mentions.flatMap((m) => (m.place === undefined ? [] : [placeOfError(m.place)]));
  const rest = mentions.filter((m) => m.place === undefined);
  const lineOf = (e: ConfigError) => o.record.messages.find((m) => m.endsWith(`:${e.line}:${e.column}: ${e.message}`)) ?? e.message;
  if (o.record.errors.length > 0) return o.record.errors.some((e) => places.every((p) => p.holds(e, o)) && rest.every((m) => m.test(lineOf(e), c, o)));
  return shown.split('\n').some((line) => mentions.every((m) => m.test(line, c, o)));
}

/** PATH where a text holds it whole: not followed by more of a path, an absolute one not preceded by one either. */
function wholePath(path: string): RegExp {
  const escaped = path.replace(/[.*+?^${}()|[\]\\]/g, '\\$&');
  return new RegExp(`${path.startsWith('/') ? '(?<![\\w/.-])' : '(?<![\\w.-])'}${escaped}(?![\\w/-])`);
}

/** A measured thing a message may name, and how to find it in the text. */
function mentionOf(token: Token, withinWords = false): Mention | null {
  if (token.kind === 'entity') {
    const e = token.entity;
    const literal = (value: string) => ({ text: JSON.stringify(value), test: (text: string) => text.includes(value) });
    switch (e.type) {
      case 'quoted':
        return { text: `${JSON.stringify(token.text)}${withinWords && printedText(token.text) ? WITHIN_WORDS : ''}`, test: (text: string) => quotedIn(token.text, text, withinWords && printedText(token.text)), ...(printedText(token.text) ? {} : { ofNotes: true as const }) };
      case 'path':
        // A path is found whole: `/tmp` is not in `/tmp/spec-run-scenario-1/app` (the scenario's own directory) nor in
        // `/var/tmp`; a relative one may end a longer path (`sub/dir` in `/workspace/sub/dir`).
        return e.text.endsWith('/') ? literal(e.text) : { text: JSON.stringify(e.text), test: (text: string) => wholePath(e.text).test(text) };
      case 'image':
        return literal(e.name);
      case 'variable':
        return literal(e.name);
      case 'key':
        return literal(e.name);
      case 'signal':
        return { ...literal(e.name), notice: true };
      case 'number':
        return literal(String(e.n));
      case 'position': {
        // The executor's errors give "file:LINE:COLUMN" and "path at LINE:COLUMN".
        const at = e.line === undefined ? new RegExp(`\\b\\d+:${e.column}\\b|\\bcolumn ${e.column}\\b`) : e.column !== undefined ? new RegExp(`\\b${e.line}:${e.column}\\b`) : new RegExp(`(:|\\bline |\\bat )${e.line}(:|\\b)`);
        return { text: placeText(e), test: (text) => at.test(text), place: e };
      }
      case 'count':
        return { text: `${e.n} ${e.unit}s`, test: (text) => new RegExp(`\\b${e.n}\\b`).test(text), notice: true, ...(e.unit === 'line' ? { ofNotes: true as const } : {}) };
      case 'duration':
        return {
          ofNotes: true,
          notice: true,
          text: e.written !== undefined ? JSON.stringify(e.written) : `the duration ${showDuration(e.ms)}`,
          test: (text, _c, o) => (e.written !== undefined && text.includes(e.written)) || durationPattern(e.ms * (o.record.errors.length > 0 ? 1 : o.scale)).test(text) || durationPattern(e.ms).test(text),
        };
      default:
        return null;
    }
  }
  const is = (concept: string) => token.concepts.includes(concept);
  // "the output block": a place of the report, not a thing it names ("block" is a word of failing too).
  if (is('SECTION')) return null;
  // "naming the host directory": a path on the host described, never the word "host" (nor which command ran there).
  if (is('HOST')) return null;
  if (is('COMMAND')) return { text: 'the command', test: (text, c) => c !== undefined && text.includes(c.run) };
  const word = token.kind === 'word' ? wordMention(token) : null;
  return word === null ? null : { ...word, notice: true };
}

/** A word of the domain TOKEN says, other than the command, and how to find it in a text. */
function wordMention(token: Extract<Token, { kind: 'word' }>): Mention | null {
  const is = (concept: string) => token.concepts.includes(concept);
  if (is('TIMEOUT')) return { text: 'the timeout', test: (text, c) => (c !== undefined && text.includes(c.timeout.text)) || /timed out|timeout/i.test(text), ofNotes: true };
  if (is('TIMED_OUT')) return { text: '"timed out"', test: (text) => /timed out/i.test(text), ofNotes: true };
  if (is('EXIT')) return { text: 'the exit code', test: (text, c) => c !== undefined && new RegExp(`\\b${c.exitCode}\\b`).test(text) };
  if (is('SIGNAL')) return { text: 'the signal', test: (text, c) => c?.endedBy !== null && c !== undefined && text.includes(c.endedBy ?? '') };
  if (is('ELAPSED')) return { text: 'the duration', test: (text) => /Duration: /.test(text) };
  if (is('IMAGE')) return { text: 'the image', test: (text, c) => c?.image !== undefined && text.includes(c.image.requested) };
  if (is('MEMORY')) return { text: '"memory"', test: (text) => /memory/i.test(text) };
  // "the output was hidden": the executor's note of a stream hidden by configuration, never lines omitted at a limit.
  if (is('OMITTED') && /^(hidden|hide|hides|suppressed)$/i.test(token.text)) return { text: '"hidden"', test: (text) => /\bhidden\b/i.test(text), ofNotes: true };
  if (is('OMITTED')) return { text: '"omitted"', test: (text) => /omitted/i.test(text), ofNotes: true };
  if (is('PULL')) return { text: '"docker pull"', test: (text) => /docker pull/.test(text) };
  if (is('FAIL')) return { text: 'an error', test: (text) => /error|fail/i.test(text) };
  if (is('LOCATION')) return { text: 'a line and column', test: (text) => /\b\d+:\d+\b/.test(text) };
  // Any other word of the domain: the text says it in one of the lexicon's words for it.
  const words = token.concepts.flatMap((c) => conceptWords(c));
  if (words.length === 0) return null;
  return { text: JSON.stringify(token.text), test: (text) => words.some((w) => new RegExp(`\\b${w.replace(/[.*+?^${}()|[\]\\]/g, '\\$&')}\\b`, 'i').test(text)), ...(token.concepts.some((c) => NOTE_CONCEPTS.includes(c)) ? { ofNotes: true as const } : {}) };
}

/** The report's words of a kill at the memory limit: its error line, or its exit status. */
const MEMORY_EXCEEDED: Mention = { text: 'the memory limit exceeded', test: (text) => /exceeded its memory limit|^Exit Status: Memory limit/im.test(text), notice: true };

/** Words of what the executor's notes on the output say: the lines were limited, how many in all, the output partial, the command not completed. */
const NOTE_CONCEPTS = ['LIMITED', 'LINE_COUNT', 'TOTAL', 'PARTIAL', 'COMPLETE'];

/** "2s", "2 s", "2 seconds", "2sec" for 2000 ms; minutes and hours likewise. */
function durationPattern(ms: number): RegExp {
  const forms: string[] = [];
  for (const [unit, size, words] of [['s', 1000, 'sec|secs|seconds?'], ['m', 60_000, 'min|mins|minutes?'], ['h', 3_600_000, 'hr|hrs|hours?']] as const) {
    if (ms % size === 0 || (unit === 's' && ms >= 100)) {
      const n = Number((ms / size).toFixed(3));
      forms.push(`${n.toString().replace('.', '\\.')} ?(?:${unit}|${words})\\b`);
    }
  }
  return new RegExp(`(?<![\\d.])(?:${forms.join('|')})`);
}

const MENTION_SLOTS = ['MENTION', 'SHOWN'];
const VESSEL = ['MESSAGE', 'OUTPUT', 'NOTICE', 'USER', 'HOOK', 'NOT', 'FUNCTION', 'EACH', 'ABOUT', 'CONFIG', 'AFTER', 'FILLER', 'SET', 'RUNS'];

/** The things a message must name: those after the naming verb, or before it in the passive ("the command and its timeout appear in the message"); null when one of them is not a thing a message can name. */
const isNumber = (t: Token | undefined) => t?.kind === 'entity' && t.entity.type === 'number';

function mentions(a: Args): Mention[] | null {
  // Pronouns stand for the subject, never for a thing named; a stream is where to look, not what.
  // "the command's stderr", "the command's output": whose stream, not a thing named.
  const owner = (t: Token) => {
    const next = a.tokens[a.tokens.indexOf(t) + 1];
    const [before, twoBefore] = [a.tokens[a.tokens.indexOf(t) - 1], a.tokens[a.tokens.indexOf(t) - 2]];
    const output = (x: Token | undefined) => x !== undefined && ((x.kind === 'entity' && x.entity.type === 'stream') || (x.kind === 'word' && x.concepts.includes('OUTPUT')));
    return t.kind === 'word' && t.concepts.includes('COMMAND') && (output(next) || (before?.kind === 'word' && /^of$/i.test(before.text) && output(twoBefore)));
  };
  const candidate = (t: Token) =>
    !owner(t) &&
    !(t.kind === 'word' && /^(it|they|its|their)$/i.test(t.text)) &&
    !(t.kind === 'entity' && t.entity.type === 'stream') &&
    (!slotsOf(t).some((s) => [...MENTION_SLOTS, ...VESSEL].includes(s)) || (t.kind === 'word' && t.concepts.includes('COMMAND')));
  // "…shall be the absolute path of the directory which holds the configuration file": a verb of holding in a relative
  // clause describes a thing the sentence names, never what a text holds; the words before it are no texts sought.
  if (fileBeforeItsVerb(a)) return null;
  const verb = a.tokens.findIndex((t) => slotsOf(t).some((s) => MENTION_SLOTS.includes(s)));
  if (verb > 0 && /^(which|that|who|whose)$/i.test(a.tokens[verb - 1].text)) return null;
  // "…shows `x`, and the executor exits with status 2": a verb of exiting says a fact of its own, never a thing named.
  if (a.after(...MENTION_SLOTS).some((t) => t.kind === 'word' && /^(exits|exited|exiting)$/i.test(t.text))) return null;
  // "…shows `x`; the exit code shown … is 137": a status given its value is a fact of its own, never things named.
  const rest = a.after(...MENTION_SLOTS);
  const status = rest.findIndex((t) => t.kind === 'word' && t.concepts.includes('EXIT'));
  if (status >= 0 && rest.slice(status).some((t, i, r) => t.kind === 'word' && /^(is|are|was|were)$/i.test(t.text) && isNumber(r[i + 1]))) return null;
  const after = a.after(...MENTION_SLOTS).filter(candidate);
  const before = a.before(...MENTION_SLOTS).filter(candidate);
  // Before the verb, the subject ("the command's stdout contains") is no object.
  const objects = after.length > 0 ? [...after, ...before.filter((t) => !(t.kind === 'word' && t.concepts.includes('COMMAND')))] : before;
  // "2 error lines, …, each saying `x`": a number before a noun counts those things; it is no text a message holds.
  // "7 are omitted": a number before a verb of showing or leaving out, past the auxiliaries, counts lines too.
  const nextWord = (t: Token) => a.tokens.slice(a.tokens.indexOf(t) + 1).find((u) => !isFunction(u));
  const counts = (t: Token) => isNumber(t) && ((a.tokens[a.tokens.indexOf(t) + 1]?.kind === 'word' && !isFunction(a.tokens[a.tokens.indexOf(t) + 1])) || (nextWord(t)?.kind === 'word' && (nextWord(t) as { concepts: string[] }).concepts.some((c) => c === 'OMITTED' || c === 'SHOWN')));
  if (objects.some(counts)) return null;
  // "contains `build ok` after 2 seconds": a quoted text and a duration a preposition of time places are a claim of when
  // the text appears, never a second text sought; no fact here reads when, so no mention is read.
  const when = (t: Token) => t.kind === 'entity' && t.entity.type === 'duration' && /^(after|within|in|before|by|until|past)$/i.test(a.tokens[a.tokens.indexOf(t) - 1]?.text ?? '');
  if (objects.some((t) => t.kind === 'entity' && t.entity.type === 'quoted') && objects.some(when)) return null;
  // "exceeded its memory limit", "the memory limit was exceeded", "hit the limit": a verb of passing a limit says
  // "timed out" only of a timeout; of the memory limit, that limit exceeded; of another, no fact read.
  const passes = (t: Token) => t.kind === 'word' && t.concepts.includes('TIMED_OUT') && !/time|expire|elapse/i.test(t.text);
  const passed = objects.filter(passes);
  const ofMemory = a.tokens.some((t) => namesMemory(t));
  if (passed.length > 0 && !ofMemory && !a.has('TIMEOUT')) return null;
  const withinWords = saysContained(a.tokens);
  const memoryPassed = passed.length > 0 && ofMemory;
  const found = objects.filter((t) => !(memoryPassed && passes(t))).map((t) => (memoryPassed && namesMemory(t) ? MEMORY_EXCEEDED : mentionOf(t, withinWords)));
  if (memoryPassed && !found.includes(MEMORY_EXCEEDED)) found.push(MEMORY_EXCEEDED);
  return found.length > 0 && found.every((m) => m !== null) ? (found as Mention[]) : null;
}

/**
 * "all three commands", "both commands", "every command": a quantifier over the run's commands, how many when said, and the sentence without it.
 * ELIDED: a fact only commands have, where "all three" ("all three succeed") leaves the noun out.
 */
function everyCommand(a: Args, elided = false): { n?: number; rest: Args } | null {
  const bare = (t: Token) => elided && t.kind === 'entity' && t.entity.type === 'number' && Number.isInteger(t.entity.n) && t.entity.n >= 2;
  const ofCommands = (t: Token | undefined) => t !== undefined && ((t.kind === 'word' && t.concepts.includes('COMMAND')) || (t.kind === 'entity' && t.entity.type === 'count' && t.entity.unit === 'command') || bare(t));
  const at = a.tokens.findIndex((t, i) => t.kind === 'word' && /^(all|each|every|both)$/i.test(t.text) && ofCommands(a.tokens[i + 1]));
  // "both succeed": the two commands, the noun left out.
  // "both host commands", "all container commands": the commands of one place, which the selector picks, never every command of the run.
  if (a.tokens.some((t, i) => t.kind === 'word' && /^(all|each|every|both)$/i.test(t.text) && restricts(a.tokens, i + 1))) return null;
  const both = elided && at < 0 ? a.tokens.findIndex((t, i) => i === 0 && t.kind === 'word' && /^both$/i.test(t.text) && a.tokens[i + 1]?.kind === 'word') : -1;
  if (both === 0) return { n: 2, rest: args(a.tokens.slice(1)) };
  if (at < 0) return null;
  const next = a.tokens[at + 1];
  const n = next.kind === 'entity' && (next.entity.type === 'count' || next.entity.type === 'number') ? next.entity.n : /^both$/i.test(a.tokens[at].text) ? 2 : undefined;
  return { n, rest: args(a.tokens.filter((_t, i) => i !== at && i !== at + 1)) };
}

/** The number at I counts the things a quantifier before it ranges over ("all three", "each of the three reports", "both of the 2"). */
function quantified(tokens: readonly Token[], i: number): boolean {
  let at = i - 1;
  while (at >= 0 && tokens[at].kind === 'word' && /^(the|these|those|its|their)$/i.test(tokens[at].text)) at--;
  if (at >= 1 && tokens[at].kind === 'word' && /^of$/i.test(tokens[at].text)) at--;
  const q = tokens[at];
  return at >= 0 && at < i && q.kind === 'word' && /^(all|each|every|both|none|neither|any)$/i.test(q.text) && (at === i - 1 || tokens.slice(at + 1, i).some((t) => /^of$/i.test(t.text)));
}

/** "each of the three reports", "both reports": every command's report, as many as said; the words that say so taken out of the rest. */
function everyReport(a: Args): { n?: number; rest: Args } | null {
  const said = reportsQuantified(a.tokens);
  if (said === null) return null;
  const quantifier = /^(each|every|both|all|of|the|these|reports?)$/i;
  const noun = a.tokens.findIndex((t) => t.kind === 'word' && /^reports?$/i.test(t.text));
  let from = noun;
  while (from > 0 && (quantifier.test(a.tokens[from - 1].text) || (isNumber(a.tokens[from - 1]) && quantifier.test(a.tokens[from - 2]?.text ?? '')))) from--;
  const to = /^(each|both|all)$/i.test(a.tokens[noun + 1]?.text ?? '') ? noun + 2 : noun + 1;
  return { n: said.n, rest: args([...a.tokens.slice(0, from), ...a.tokens.slice(to)]) };
}

/** CHECK, of every command (each picked by it), as many as EVERY says. */
function ofEvery(every: { n?: number }, check: Check): Check {
  const { n } = every;
  return {
    text: `every command${n === undefined ? '' : ` (${n} of them)`}: ${check.text.startsWith(EVERY_COMMAND) ? check.text.slice(EVERY_COMMAND.length) : check.text}`,
    async evaluate(o) {
      if (n !== undefined && o.record.commands.length !== n) return { ok: false, actual: `${o.record.commands.length} command(s) ran` };
      return check.evaluate(o);
    },
  };
}

/** The text a sentence about "the message" or "the output" is about; of the output, the executor's notes on its lines too where NOTES (a thing they say is sought). */
function textOf(c: CommandRecord | undefined, o: Observation, output: boolean, sought?: Args, notes = false): string {
  // The output: its lines (and the notices about them), not the executor's notes of the run ("container … removed").
  if (output && c) return [...c.lines.map((l) => l.text), ...(notes ? c.outputNotices : [])].join('\n');
  // A command's part of the report: its announcement, notes and report, not the other commands'.
  const text = c ? [...commandLines(c, o), ...c.notices].join('\n') : o.record.messages.join('\n');
  return sought ? unquoted(text, o, sought) : text;
}

/** TEXT of the report without the command lines it quotes, unless the sentence A quotes one itself or names the command as a thing said ("the report names the command"). */
function unquoted(text: string, o: Observation, a: Args): string {
  const namesCommand = calledCommand(a.tokens) || (mentions(a) ?? []).some((m) => m.text === 'the command');
  return quotesCommand(a.entities('quoted').map((q) => q.text), o, namesCommand) ? text : withoutQuotedCommands(text, o);
}

/**
 * "the report SHALL NOT contain `hunter2`", "the report never shows `x`": the report written as the subject of the verb
 * that denies it holds the texts (only auxiliaries and the negation between them). A report carried into a later
 * clause as its subject ("report says …, and `survived` never shows up") is not: there the text is the subject, and
 * what shows up is what the run printed.
 */
function reportDenies(a: Args): boolean {
  const reportAt = a.tokens.findIndex((t) => is(t, 'MESSAGE') && /^reports?$/i.test(t.text));
  const verbAt = a.tokens.findIndex((t, i) => i > reportAt && slotsOf(t).some((s) => MENTION_SLOTS.includes(s)));
  const between = a.tokens.slice(reportAt + 1, verbAt);
  return a.negated && reportAt >= 0 && verbAt > reportAt && between.some((t) => is(t, 'NOT')) && between.every((t) => isFunction(t) || is(t, 'NOT'));
}

/**
 * A denial of the report itself (reportDenies) whose text TEXTS a command line holds: the report echoes that line (the
 * announcement, the `Command:` line), so the report holds the text, while what the run revealed may not. Which one the
 * sentence means cannot be told: it fails saying so, never passing on either reading. Null where no command line holds one.
 */
function undecidedByEcho(texts: readonly string[], o: Observation): Verdict | null {
  for (const text of texts) {
    const echoing = o.record.commands.find((c) => c.run.toLowerCase().includes(text.toLowerCase()));
    if (echoing) {
      return {
        ok: false,
        actual: `undecided: the report echoes the command line \`${echoing.run}\`, which holds ${JSON.stringify(text)}, so whether the report contains it depends on whether that echo counts; say what is meant: "the output SHALL NOT contain ${JSON.stringify(text)}" for what the command printed`,
      };
    }
  }
  return null;
}

function bothContexts(o: Observation, other: RunRecord, aspect: 'outcome' | 'message', only?: number): Verdict {
  const pairs = o.record.commands.map((c, i) => [c, other.commands[i]] as const).filter((_, i) => only === undefined || i === only);
  if (pairs.length === 0 || pairs.some(([, b]) => b === undefined)) return { ok: false, actual: 'the other context ran no command' };
  // What the contexts differ in by nature: measured times, container notes, the image.
  const normal = (c: CommandRecord) => c.report.replace(/Duration: .*/g, 'Duration: …');
  const ok = pairs.every(([x, y]) => x.outcome === y.outcome && x.exitCode === y.exitCode && (aspect === 'outcome' || normal(x) === normal(y)));
  // A context that could not run the command (an image missing) says why, or the comparison's failure explains nothing.
  const why = (c: CommandRecord) => (c.outcome === 'error' && c.error ? ` (${String(c.error).split('\n')[0]})` : '');
  return { ok, actual: pairs.map(([x, y]) => `${x.context}: ${x.outcome}, exit ${x.exitCode}${why(x)}; ${y.context}: ${y.outcome}, exit ${y.exitCode}${why(y)}${aspect === 'message' && normal(x) !== normal(y) ? ' (messages differ)' : ''}`).join('; ') };
}

async function containersGone(c: CommandRecord): Promise<boolean> {
  if (c.containers.length === 0) return true;
  const listed = await execa('docker', ['ps', '-a', '--format', '{{.Names}}'], { reject: false });
  return c.containers.every((container) => container.removed && !listed.stdout.split('\n').includes(container.name));
}

/** "is reported as", "counts as", "is treated as": a sentence of what the command's end is taken for, not of what was configured. */
/** "not a timeout", "isn't a timeout": a negation, an article, the noun of a timeout: what something is not (a predicate noun), not a timeout that is absent. */
const notATimeout = (a: Args) =>
  a.tokens.some((t, i) => t.kind === 'word' && t.concepts.includes('NOT') && /^(not|isn't|wasn't)$/i.test(t.text) && /^(a|an)$/i.test(a.tokens[i + 1]?.text ?? '') && is(a.tokens[i + 2], 'TIMEOUT') && !/^there$/i.test(a.tokens[i - 2]?.text ?? ''));

const classedAs = (a: Args) => a.tokens.some((t) => t.kind === 'word' && t.concepts.includes('FILLER') && /\b(reported|counted|counts|count|flagged|treated|regarded|marked|deemed|considered)\b/i.test(t.text));

/** Where a timeout comes from: the command's own field, `defaultTimeout`, the executor's built-in default, or a default of either kind. */
type TimeoutSource = 'command' | 'defaultTimeout' | 'built-in default' | 'default';
const SOURCE_TEXT: Record<TimeoutSource, string> = {
  command: "the command's own field",
  defaultTimeout: 'defaultTimeout',
  'built-in default': 'the built-in default',
  default: 'a default: defaultTimeout, else the built-in one',
};

/**
 * Where a sentence says a timeout comes from: its own ("its own timeout", "taken from the
 * command"), `defaultTimeout` written as the key, the built-in default, or a default; null
 * when it says nothing of it; 'conflict' when it names both a default and the command's own
 * without saying which wins.
 */
function sourceOf(a: Args): TimeoutSource | null | 'conflict' {
  // "taken from the command", "coming from defaultTimeout": what follows "from" is the source.
  const from = a.tokens.findIndex((t) => t.kind === 'word' && /\bfrom$/i.test(t.text));
  const origin = from < 0 ? [] : a.tokens.slice(from + 1);
  const fromCommand = origin.some((t) => t.kind === 'word' && t.concepts.includes('COMMAND')) && !origin.some((t) => t.kind === 'entity' || (t.kind === 'word' && t.concepts.some((c) => c === 'DEFAULT' || c === 'BUILTIN')));
  const own = a.has('OWN') || fromCommand;
  const builtin = a.has('BUILTIN');
  // The key as written (`defaultTimeout`), not "the default timeout", which may be either default.
  const written = a.tokens.some((t) => t.kind === 'entity' && t.entity.type === 'key' && t.entity.name === 'defaultTimeout' && t.text === 'defaultTimeout');
  const anyDefault = builtin || written || a.has('DEFAULT') || a.entities('key').some((k) => k.name === 'defaultTimeout');
  const defaultKind: TimeoutSource = builtin && !written ? 'built-in default' : written && !builtin ? 'defaultTimeout' : 'default';
  if (own && anyDefault) {
    // "its own timeout wins over the default", "the default is overridden by its own": the side that wins.
    const wins = a.tokens.findIndex((t) => t.kind === 'word' && t.concepts.includes('WINS'));
    const isDefault = (t: Token) => (t.kind === 'word' && t.concepts.some((c) => c === 'DEFAULT' || c === 'BUILTIN')) || (t.kind === 'entity' && t.entity.type === 'key' && t.entity.name === 'defaultTimeout');
    const ownAt = a.tokens.findIndex((t) => t.kind === 'word' && t.concepts.includes('OWN'));
    const defaultAt = a.tokens.findIndex(isDefault);
    if (wins < 0 || ownAt < 0 || (ownAt < wins) === (defaultAt < wins)) return 'conflict';
    const passive = /^(overridden|superseded|replaced|beaten)$/i.test(a.tokens[wins].text);
    return (ownAt < wins) !== passive ? 'command' : defaultKind;
  }
  if (own) return 'command';
  return anyDefault ? defaultKind : null;
}

/**
 * A check of the containers of each command, with how the command ended when the
 * sentence says it ("removed after it times out"); a `docker …` command quoted in it
 * ("in docker ps -a") is how to look, not which command.
 */
function containerCheck(a: Args, what: string, test: (c: CommandRecord, gone: boolean) => boolean): Check | null {
  const ending = endingOf(a);
  if (ending === 'conflict') return null;
  const verdict = a.has('FAIL') === a.has('SUCCEED') ? null : a.has('FAIL');
  if (ending !== null && a.negated && !a.has('REMAIN')) return null;
  const byDocker = a.entities('quoted').every((q) => /^docker\b/.test(q.text));
  const text = [what, ending?.text ?? '', verdict === null ? '' : verdict ? 'the command failed' : 'the command succeeded'].filter(Boolean).join(', ');
  return perCommand(
    a,
    text,
    async (c) => {
      const gone = await containersGone(c);
      const failed = !(c.outcome === 'completed' && c.exitCode === 0);
      return {
        ok: test(c, gone) && (!ending || ending.test(c)) && (verdict === null || failed === verdict),
        actual: `${c.containers.map((x) => `${x.name}: ${x.removed ? 'removed' : 'not removed'}`).join('; ') || 'no container created'}; ${c.outcome}, exit code ${c.exitCode}`,
      };
    },
    { context: true, quoted: byDocker && a.entities('quoted').length > 0 },
  );
}

/**
 * Whether the sentence's time stands beside the grace period's words, as its length ("the 2-second
 * grace period", "a grace period of 2 s", "the grace period is 2 s"). Elsewhere it is when something happened ("stopped after
 * about one second, well within the grace period"), never the grace period's length.
 */
function besideGrace(a: Args): boolean {
  const isTime = (t: Token | undefined) => t?.kind === 'entity' && t.entity.type === 'duration';
  return a.tokens.some((t, i) => t.kind === 'word' && t.concepts.includes('GRACE') && (isTime(a.tokens[i - 1]) || (/^(of|is|was|lasts|lasting)$/i.test(a.tokens[i + 1]?.text ?? '') && isTime(a.tokens[i + 2]))));
}

/**
 * "stopped after about one second, well within the grace period": when the executor stopped it (its
 * SIGTERM, from its start), said before the words that place it within the grace period, and SIGTERM
 * sufficed. Null when the time is not said so.
 */
function stoppedWithinGrace(a: Args, d: { ms: number }): Check | null {
  const said = (t: Token | undefined, concept: string) => t?.kind === 'word' && t.concepts.includes(concept);
  const within = a.tokens.findIndex((t, i) => said(t, 'AT_MOST') && said(a.tokens.slice(i + 1).find((x) => !isFunction(x)), 'GRACE'));
  const when = args(a.tokens.slice(0, within));
  if (within < 0 || !when.has('AFTER') || when.entities('duration').length !== 1 || a.has('E:signal')) return null;
  const cmp = comparator(when, '≈');
  return perCommand(a, `stopped with SIGTERM ${timeText('from its start', d.ms, cmp, false)}, and ended within the grace period, no SIGKILL`, (c, o) => {
    const term = signalAt(c, 'SIGTERM');
    return {
      ok: term !== undefined && commandTime(term, d.ms * o.scale, cmp, c, 't') && signalAt(c, 'SIGKILL') === undefined && c.endedBy !== 'SIGKILL',
      actual: `signals ${c.signals.map((x) => `${x.signal}@${Math.round(x.atMs)}ms`).join(' ') || 'none'}, ${c.outcome}`,
    };
  });
}

/** Stopped with SIGTERM, and ended within the grace period (of length D, when given): no SIGKILL. */
function withinGrace(a: Args, d: { ms: number } | undefined): Check {
  return perCommand(a, `stopped with SIGTERM and ended within the grace period, no SIGKILL${d ? `, grace period == ${showDuration(d.ms)}` : ''}`, (c) => ({
    ok: signalAt(c, 'SIGTERM') !== undefined && signalAt(c, 'SIGKILL') === undefined && c.endedBy !== 'SIGKILL' && (!d || c.graceMs === d.ms),
    actual: `signals ${c.signals.map((x) => `${x.signal}@${Math.round(x.atMs)}ms`).join(' ') || 'none'}, grace ${ms(c.graceMs)}, ${c.outcome}`,
  }));
}

/** A reason said as the refusal's cause ("because", "due to"), never a concession ("even though it is negative"). */
function refusedFor(a: Args): boolean {
  return a.tokens.every((t) => !(t.kind === 'word' && t.concepts.includes('REASON') && /though/i.test(t.text)));
}

/**
 * The one field a refusal is about: by its path (`stop.commands[0].timeout`, that error's own path, with any key word
 * said beside it its last name), or by a key or a word for it ("the timeout"), an error naming it. Null for none or several.
 */
function refusedField(a: Args, paths: string[]): { text: string; about: (e: { path: string; message: string }) => boolean } | null {
  const named = fieldsNamed(a);
  if (paths.length > 1 || (paths.length === 0 && named.length !== 1)) return null;
  // "the timeout of the third command is refused …": that command's field, never another's; a place among lines, or two, is no field's.
  const ordinals = a.entities('ordinal');
  if (ordinals.length > 0) {
    const [place] = ordinals;
    if (ordinals.length > 1 || place.of !== 'command' || place.index === 'last' || paths.length > 0) return null;
    const path = `stop.commands[${place.index}].${named[0]}`;
    return { text: `about ${JSON.stringify(path)}`, about: (e) => e.path === path };
  }
  if (paths.length === 1) {
    const [path] = paths;
    if (!named.every((f) => path.toLowerCase().endsWith(`.${f.toLowerCase()}`))) return null;
    return { text: `about ${JSON.stringify(path)}`, about: (e) => e.path === path || e.path === `stop.${path}` };
  }
  return { text: `naming ${JSON.stringify(named[0])}`, about: (e) => e.message.includes(named[0]) };
}

/** Slots any Then may carry: the command or run as subject, which command, negation. */
const UNIVERSAL_SLOTS = ['COMMAND', 'HOOK', 'EACH', 'HOST', 'CONTAINER', 'E:ordinal', 'E:quoted', 'RUNS', 'USER', 'NOT', 'FILLER'];

/** The configuration fields a sentence is about: keys, and the words for the timeout, the working directory and the memory limit. */
/** The field of a setting quoted as the YAML writes it (`cpus: 0`, `user: "-1"`): a field spec-run exec reads, and one plain value. */
function fieldSetting(text: string): string | null {
  const m = /^([A-Za-z]\w*):\s*("[^"]*"|'[^']*'|[^\s"']+)$/.exec(text.trim());
  return m !== null && (CONFIG_KEYS as readonly string[]).includes(m[1]) ? m[1] : null;
}

/**
 * A field named before a quoted error ("user gets `must be a user name or uid[:gid] …, not "-1"`"): a text that
 * reads as an error's is what the executor reports of that field, never a value the field holds.
 */
const readsAsError = (t: Token) => t.kind === 'entity' && t.entity.type === 'quoted' && /^(must|should|cannot|can't|is not|isn't|expected|invalid|unknown)\b|, not "/i.test(t.entity.text);

/** The configuration is refused, and the error about the field KEY (its path ends with it) says SAID. */
function fieldError(key: string, said: string): Check {
  return {
    text: `the configuration is rejected, and an error about a field ${key} (its path ending in .${key}) says ${JSON.stringify(said)}`,
    evaluate: (o) => ({
      ok: o.record.commands.length === 0 && o.record.errors.some((e) => (e.path === key || e.path.endsWith(`.${key}`)) && quotedIn(said, e.message)),
      actual: o.record.errors.map((e) => `${e.path}: ${e.message}`).join('; ') || 'no error',
    }),
  };
}

function fieldsNamed(a: Args): string[] {
  const names = a.tokens.flatMap((t) => (t.kind === 'entity' && t.entity.type === 'key' ? [t.entity.name] : t.kind === 'word' ? (t.concepts.includes('TIMEOUT') && /time|deadline/i.test(t.text) ? ['timeout'] : t.concepts.includes('WORKDIR') ? ['workdir'] : t.concepts.includes('MEMORY') ? ['memory'] : []) : []));
  return [...new Set(names)];
}

/** Words of promptness ("stopped at once", "killed quickly"): a time with no measure, which no fact reads. */
const PROMPTLY = /^(soon|quickly|promptly|immediately|early|late|at once|right away|straight away|straightaway|instantly|without delay|without waiting)$/i;
// No "exactly": a measured time is never exact, and read as "about" it would check less than it says.
const TIME_SLOTS = ['E:duration', 'AFTER', 'ABOUT', 'AT_MOST', 'AT_LEAST', 'JUST_OVER', 'JUST_UNDER', 'TIME_WORD'];

/**
 * A time from an event other than the command's start: "killed two seconds later", "killed about
 * 2 seconds after the timeout", "2 s after SIGTERM". The facts that read a time read it from the
 * start (the grace period's read theirs from SIGTERM): such a sentence stays unread rather than be
 * checked at t ≈ 2 s, where a command stopped at its 2-second timeout passed it.
 */
function timeFromAnotherEvent(a: Args): boolean {
  const EVENTS = ['TIMEOUT', 'TIMED_OUT', 'GRACE', 'KILL', 'TERMINATE', 'SIGNAL', 'SEND'];
  return a.tokens.some((t, i) => {
    const next = a.tokens[i + 1];
    if (t.kind !== 'entity' || t.entity.type !== 'duration' || next?.kind !== 'word') return false;
    if (/^later$/i.test(next.text)) return true;
    if (!next.concepts.includes('AFTER')) return false;
    return a.tokens.slice(i + 2).some((u) => (u.kind === 'word' && u.concepts.some((c) => EVENTS.includes(c))) || (u.kind === 'entity' && u.entity.type === 'signal'));
  });
}

/** Words that say the command carried on: "goes on", "carries on", "keeps running", "continues", "survives". */
const GOING_ON = /^(on|running|going|continues|continued|continue|survives|survived|survive)$/i;

/** Whether the word at AT is an end the command went past: "goes on after the kill", "keeps running after the stop", "survives the kill". */
function wentPast(tokens: readonly Token[], at: number): boolean {
  let i = at - 1;
  while (i >= 0 && isFunction(tokens[i])) i--;
  if (i >= 0 && tokens[i].kind === 'word' && /^(after|past|through|despite)$/i.test(tokens[i].text)) i--;
  return i >= 0 && i < at - 1 && tokens[i].kind === 'word' && GOING_ON.test(tokens[i].text);
}

/** How the command ended, as a fact says it besides what it is about ("removed after it times out", "stopped … with exit status 124"). */
interface Ending {
  text: string;
  test(c: CommandRecord): boolean;
}

/** The ending a sentence states with its verbs of ending; null when it states none, or several that disagree. */
function endingOf(a: Args): Ending | null | 'conflict' {
  // A word of removal ("the container is gone") says nothing of how the command ended; nor does an end the command went past ("goes on after the kill").
  const said = (concept: string) => a.tokens.some((t, i) => t.kind === 'word' && t.concepts.includes(concept) && !t.concepts.includes('REMOVE') && !wentPast(a.tokens, i));
  const has = (...concepts: string[]) => concepts.some(said);
  const endings: Ending[] = [];
  // "a timeout is set": a timeout named, not how the command ended.
  if (has('TIMEOUT') && !has('TIMED_OUT') && has('SET', 'APPLY', 'DEFAULT', 'OWN')) return 'conflict';
  if (has('TIMED_OUT') || (has('TIMEOUT') && !has('AT_MOST'))) endings.push({ text: 'outcome == timeout', test: (c) => c.outcome === 'timeout' });
  if (has('KILL')) endings.push({ text: 'SIGKILL ended it', test: (c) => signalAt(c, 'SIGKILL') !== undefined || c.endedBy === 'SIGKILL' });
  else if (has('TERMINATE')) endings.push({ text: 'it was stopped (by the executor, or killed by its memory limit)', test: (c) => stopAt(c) !== undefined || c.exitCause === 'memory-limit' });
  if (has('COMPLETE') || (has('TIMEOUT') && has('AT_MOST'))) endings.push({ text: 'outcome == completed', test: (c) => c.outcome === 'completed' });
  if (endings.length === 0) return null;
  const stopped = endings.some((e) => e.text !== 'outcome == completed');
  if (stopped && endings.some((e) => e.text === 'outcome == completed')) return 'conflict';
  return { text: endings.map((e) => e.text).join(', '), test: (c) => endings.every((e) => e.test(c)) };
}

/**
 * "its duration is at least three seconds and well under ten seconds": a range, each bound said by
 * the words just before its time (at least, or at most or clearly under), the lower bound first.
 */
/**
 * Whether a time is the one the report's `Duration:` line gives: "the reported duration", "the duration
 * shown in the report", "`Duration:` reads" (not one measured beside it); the words of the report it
 * says that with are then no other text or line of it.
 */
function durationOfReport(a: Args): { reported: boolean; label: boolean; otherText: boolean } {
  const label = a.tokens.some((t) => t.kind === 'word' && t.concepts.includes('ELAPSED') && t.text.endsWith(':'));
  const reported = label || a.tokens.some((t) => t.kind === 'word' && /^(reported|reports|shown|shows|displayed|displays|printed|stated|listed)$/i.test(t.text) && t.concepts.includes('SHOWN'));
  const otherText = a.tokens.some((t) => t.kind === 'word' && t.concepts.some((c) => c === 'OUTPUT' || c === 'MESSAGE') && !((label && /^line$/i.test(t.text)) || (reported && /^report$/i.test(t.text))));
  return { reported, label, otherText };
}

function elapsedBetween(a: Args): Check | null {
  const durations = a.entities('duration');
  const { reported, otherText } = durationOfReport(a);
  if (durations.length !== 2 || a.negated || otherText || a.has('TOTAL', 'SUCCEED', 'ABOUT', 'JUST_OVER', 'JUST_UNDER', 'EXACTLY', 'AFTER', 'TIME_WORD')) return null;
  const bounds: Extract<Token, { kind: 'word' }>[] = [];
  let last = -1;
  for (const [i, t] of a.tokens.entries()) {
    if (t.kind !== 'entity' || t.entity.type !== 'duration') continue;
    const said = a.tokens.slice(last + 1, i).filter((w): w is Extract<Token, { kind: 'word' }> => w.kind === 'word' && (w.concepts.includes('AT_LEAST') || w.concepts.includes('AT_MOST')));
    if (said.length !== 1) return null;
    bounds.push(said[0]);
    last = i;
  }
  const [low, high] = durations;
  if (!bounds[0].concepts.includes('AT_LEAST') || !bounds[1].concepts.includes('AT_MOST') || high.ms <= low.ms) return null;
  const lower: Comparator = STRICT_BOUND.test(bounds[0].text) ? '>' : '≥';
  const upper: Comparator = WELL_UNDER.test(bounds[1].text) ? '≪' : STRICT_BOUND.test(bounds[1].text) ? '<' : '≤';
  const what = reported ? "the duration on the report's `Duration:` line" : 'elapsed';
  return perCommand(a, `${timeText(what, low.ms, lower, false)} and ${timeText(what, high.ms, upper, false)}`, (c, o) => {
    const measured = reported ? reportedDuration(c) : c.elapsedMs;
    return {
      ok: commandTime(measured, low.ms * o.scale, lower, c, what) && commandTime(measured, high.ms * o.scale, upper, c, what),
      actual: `${reported ? 'Duration: line' : 'elapsed'} ${ms(measured)}`,
    };
  });
}

/** The words before a command's notes that place a text after them: "after its notes", "below the header and its notes". */
const AFTER_NOTICES = /^(?:after|below|beneath)(?: the (?:header|header line|announcement|announcement line) and)?(?: (?:its|the|their|all))?$/;

/** How a check of what a command printed is shown: the record holds the lines shown, and counts the others. */
const UNDECIDED_PRINTED = 'where it is not among the lines shown and some printed were not shown, undecided: a failure';

/** The lines of STREAMS a command printed that were not shown (omitted at a limit, or a hidden stream's), as a verdict names them. */
function notShown(c: CommandRecord, streams: readonly StreamName[]): string[] {
  return streams.flatMap((s) => {
    const { printed, omitted, hidden } = c.streams[s];
    // A hidden stream is drained, never counted: what it printed is not known at all.
    if (hidden) return [`${s} is hidden by the configuration (what it printed is not read)`];
    return omitted > 0 ? [`${s} printed ${printed} line(s), ${omitted} not shown`] : [];
  });
}

/**
 * The lines of STREAMS a command printed that its output, as the configuration shows it, lost unasked: cut at the cap of
 * stored output or at a line's length, not at the line limit it set nor in a stream it hid. "The output" of a command is
 * what its configuration shows ("Standard output shows 1 to 10" under `maxOutputLines: 10`); a cut nobody asked for leaves
 * out lines that output would hold.
 */
function lostUnasked(c: CommandRecord, streams: readonly StreamName[]): string[] {
  const limit = c.limits.maxOutputLines;
  return streams.flatMap((s) => {
    const { printed, omitted, hidden } = c.streams[s];
    const asked = limit === undefined ? 0 : Math.max(0, printed - limit);
    return !hidden && omitted > asked ? [`${s} printed ${printed} line(s), ${omitted} not shown: ${omitted - asked} cut at the cap of stored output or at a line's length${asked > 0 ? `, beside ${asked} past the line limit` : ''}`] : [];
  });
}

/**
 * A claim of what a command printed, read in the lines shown (V, its verdict there): where lines it printed were not shown
 * (cut at a limit or at the cap of stored output, or a stream hidden), a verdict the unseen lines could turn is undecided,
 * a failure naming them: a denial that holds ("SHALL NOT contain"), a claim that fails, and, of the WHOLE output (what it
 * is, line for line), any verdict. A text found among the lines shown decides a containment either way.
 */
function printedVerdict(v: Verdict, negated: boolean, unshown: readonly string[], whole = false): Verdict {
  if (unshown.length === 0 || (!whole && (negated ? !v.ok : v.ok))) return v;
  return { ok: false, actual: `undecided: ${whole ? 'the whole output is not known' : 'not among the lines shown'}, and ${unshown.join(', ')} (${v.actual})` };
}

/** The sentence says what the report shows ("the output shown", "is not shown", "visible"), not what the command printed. */
const saysShown = (a: Args) => a.tokens.some((t) => t.kind === 'word' && /^(shown|displayed|visible|kept|retained)$/i.test(t.text));

const RULES: Rule<Check>[] = [
  {
    name: 'exit code',
    needs: [['EXIT'], ['E:number']],
    // How it ended ("124 (timeout)", "stopped … with status 124"), and whether it failed, are checked with the code.
    allows: ['END', 'SHOWN', 'SET', 'AT_LEAST', 'AT_MOST', 'EXACTLY', 'MESSAGE', 'WINS', 'OWN', 'FAIL', 'SUCCEED', 'TIMEOUT', 'TIMED_OUT', 'KILL', 'TERMINATE', 'COMPLETE', 'E:duration', 'ABOUT', 'JUST_OVER', 'JUST_UNDER', 'AFTER', 'FILLER', 'SINCE_SIGNAL'],
    build(a) {
      const codes = a.entities('number').map((n) => n.n);
      const [d, more] = a.entities('duration');
      if (codes.some((n) => !Number.isInteger(n)) || more) return null;
      // "the timeout's 124 replaces the 3 the handler exited with", "rather than 143": a code after a word of replacing is one the command does not end with.
      const replacing = a.tokens.findIndex((t) => t.kind === 'word' && t.concepts.includes('WINS'));
      if (replacing >= 0 && a.tokens.slice(replacing + 1).some(isNumber)) return null;
      // "all three succeed, and … exits with status 0": a number after a quantifier counts commands, it is no code.
      // "each of the three reports shows `Exit Code:`", "all of the 3 commands …": so too past "of the" between them.
      if (a.tokens.some((t, i) => t.kind === 'entity' && t.entity.type === 'number' && quantified(a.tokens, i))) return null;
      // "the exit code of command 2", "…, the status of step 2": a number right after the noun of a command is its number, never a code.
      if (a.tokens.some((t, i) => isNumber(t) && i > 0 && a.tokens[i - 1].kind === 'word' && /^(command|step|job|task|stage|check|#|no\.?|number)$/i.test(a.tokens[i - 1].text))) return null;
      // "finishes with code 0 in well under a second", "is stopped after 2 seconds with exit status 124": the code, how it ended, and when.
      const ending = endingOf(a);
      if (ending === 'conflict') return null;
      const completes = ending !== null;
      const timeCmp = comparator(a, '≈');
      const cmp = d ? '==' : comparator(a, '==');
      // "clearly under" a code or a count measures nothing a reader can hold it to.
      if (cmp === '≪') return null;
      if (codes.length > 1 && cmp !== '==') return null;
      // "times out with 124, yet the run exits with 3": codes a clause apart are two statuses, never a choice of one.
      const numbered = a.tokens.flatMap((t, i) => (isNumber(t) ? [i] : []));
      if (codes.length > 1 && a.tokens.slice(numbered[0], numbered.at(-1)).some((t) => t.kind === 'word' && !/^(,|or|either|and|nor)$/i.test(t.text))) return null;
      if (d && a.negated) return null;
      // "exits with status 2 without running anything": "without" denies what follows it, not the status.
      if (a.tokens.some((t) => t.kind === 'word' && /^without$/i.test(t.text))) return null;
      // "the command … and the executor exits with status 0": two subjects, two facts (each clause its own), never one status of one of them.
      if (a.has('HOOK') && a.tokens.some((t) => t.kind === 'word' && t.concepts.includes('COMMAND') && !t.concepts.includes('HOOK') && !/^(it|they)$/i.test(t.text))) return null;
      // "the exit code shown, and the exit status of spec-run exec, is 137": two statuses named (the verb "exits" names none), one of them the executor's.
      if (a.has('HOOK') && a.tokens.filter((t) => t.kind === 'word' && t.concepts.includes('EXIT') && !/^exit(s|ed|ing)?$/i.test(t.text)).length > 1) return null;
      const matches = (code: number) => not(a.negated, codes.length > 1 || cmp === '==' || cmp === '≈' ? codes.includes(code) : compareCount(code, codes[0], cmp));
      const what = codes.length > 1 ? `∈ {${codes.join(', ')}}` : `${cmp === '≈' ? '==' : cmp} ${codes[0]}`;
      // "the run stops with status 2": spec-run exec stopping is its exiting, not a command stopped.
      // "spec-run exec finishes (completes, ends) with exit status 0": the run finishing is its exiting, never every command completing.
      const runEnds = !a.has('TIMEOUT', 'TIMED_OUT', 'KILL');
      // "spec-run exec exits with 130 within half a second of the signal": the time from the interrupt the When sent to the run's end,
      // unscaled: it is how soon the executor stops what runs, which no duration of the scenario's (the ones the run scales) makes.
      const sinceSignal = a.has('SINCE_SIGNAL');
      if (sinceSignal && !(runSubject(a) && (!completes || runEnds) && d && !a.negated)) return null;
      if (sinceSignal && d) {
        return {
          text: `spec-run exec's exit status ${what}, ${timeText('the time from the interrupt to its end', d.ms, timeCmp, false)}`,
          evaluate: (o) => ({
            ok: matches(o.record.exitStatus) && compareTime(o.afterSignalMs, d.ms, timeCmp, runClock(o)),
            actual: `exit status ${o.record.exitStatus}, ${o.afterSignalMs === undefined ? 'no interrupt was sent' : `it ended ${ms(o.afterSignalMs)} after the interrupt`}`,
          }),
        };
      }
      // "spec-run exec exits with 130, well before the 30 s of `sleep`": the run's status, at a time of the whole run's, never a command's exit.
      if (runSubject(a) && (!completes || runEnds) && d) {
        if (a.negated) return null;
        return {
          text: `spec-run exec's exit status ${what}, ${timeText("the run's elapsed time", d.ms, timeCmp, false)}`,
          evaluate: (o) => ({
            ok: matches(o.record.exitStatus) && compareTime(o.record.elapsedMs, d.ms * o.scale, timeCmp, runClock(o)),
            actual: `exit status ${o.record.exitStatus}, the run took ${ms(o.record.elapsedMs)}`,
          }),
        };
      }
      if (runSubject(a) && (!completes || runEnds)) return { text: neg(a.negated, `spec-run exec's exit status ${what}`), evaluate: (o) => ({ ok: matches(o.record.exitStatus), actual: `exit status ${o.record.exitStatus}` }) };
      const own = a.has('OWN');
      const verdict = a.has('FAIL') === a.has('SUCCEED') ? null : a.has('FAIL') ? 'fails' : 'succeeds';
      // "the exit status is 2" naming no command, of a run that ran none (its configuration rejected): the only status there is, spec-run exec's.
      // "it" may be the run as well as a command: where no command ran, only the run has a status.
      const namesCommand = a.tokens.some((t) => t.kind === 'word' && t.concepts.includes('COMMAND') && !/^(it|they)$/i.test(t.text));
      const namesNoCommand = !namesCommand && !a.has('HOOK', 'HOST', 'CONTAINER', 'E:ordinal', 'E:quoted', 'EACH') && !completes && !own && verdict === null && !d;
      // "the exit status is 130", "and the exit status is 0" (after "all three succeed"): a status (a number; the report's `Exit Status:` line gives
      // words) said of no command is spec-run exec's, the process's status, also where commands ran; "the exit code is 124" is a command's.
      // Only the noun after "the" ("the exit status is 2"): "… and exits with status 0" leaves out a subject a clause before may name; "its exit status", a command's.
      const statusWord =
        a.tokens.some((t, i) => t.kind === 'word' && t.concepts.includes('EXIT') && /\bstatus$/i.test(t.text) && /^the$/i.test(a.tokens[i - 1]?.text ?? '')) &&
        !a.tokens.some((t) => t.kind === 'word' && t.concepts.includes('EXIT') && (/\bcodes?$/i.test(t.text) || /^exit(s|ed|ing)?$/i.test(t.text)));
      // "the process exits with 124": the process a reader sees end is spec-run exec where several commands ran (a status said of
      // "the process" is never each of them), and the one command where one ran, whose code spec-run exec exits with too.
      const commandWords = a.tokens.filter((t) => t.kind === 'word' && t.concepts.includes('COMMAND'));
      const theProcess = commandWords.length === 1 && /^process$/i.test(commandWords[0].text) && /^the$/i.test(a.tokens[a.tokens.indexOf(commandWords[0]) - 1]?.text ?? '');
      if (theProcess && !a.has('HOOK', 'HOST', 'CONTAINER', 'E:ordinal', 'E:quoted', 'EACH', 'OWN') && !completes && verdict === null && !d && !ending) {
        return {
          text: neg(a.negated, `the process's exit status ${what} (its command's exit code where one ran; spec-run exec's where several did)`),
          evaluate: (o) => {
            const status = o.record.commands.length === 1 ? o.record.commands[0].exitCode : o.record.exitStatus;
            return { ok: matches(status), actual: `${o.record.commands.length} command(s) ran; status ${status}` };
          },
        };
      }
      if (namesNoCommand && statusWord && !a.has('SHOWN', 'MESSAGE')) return { text: neg(a.negated, `spec-run exec's exit status ${what}`), evaluate: (o) => ({ ok: matches(o.record.exitStatus), actual: `exit status ${o.record.exitStatus}` }) };
      if (namesNoCommand) {
        const each = perCommand(a, neg(a.negated, `exit code ${what}`), (c) => ({ ok: matches(c.exitCode), actual: `exit code ${c.exitCode} (${c.exitCause}), ${c.outcome}` }));
        // "It exits with 4." after a run of several commands: a status said of no command ("it" naming none the step before quoted, or no
        // subject at all) is what spec-run exec exits with; "they exit with 0", "every command exits with 0" stay each command's.
        const select = selector(a, false, false);
        // A code "shown" or in a message is what a command's report shows, never the run's.
        const ofTheRun = select.unnamed && select.text !== EVERY_COMMAND && !a.has('SHOWN', 'MESSAGE') && !a.tokens.some((t) => t.kind === 'word' && /^(they|them|their|all|both)$/i.test(t.text));
        const several = (o: Observation) => ofTheRun && o.record.commands.length > 1 && select.pick(o).length === o.record.commands.length;
        // The text stays the sentence's ("exit code == 2"); the verdict says whose status it was (spec-run exec's where several ran).
        return {
          text: each.text,
          evaluate: (o) =>
            o.record.commands.length === 0
              ? { ok: matches(o.record.exitStatus), actual: `no command ran: spec-run exec's exit status ${o.record.exitStatus}` }
              : several(o)
                ? { ok: matches(o.record.exitStatus), actual: `${o.record.commands.length} commands ran: spec-run exec's exit status ${o.record.exitStatus}` }
                : each.evaluate(o),
        };
      }
      const succeeded = (c: CommandRecord) => c.outcome === 'completed' && c.exitCode === 0;
      const text = [ending?.text ?? '', neg(a.negated, `exit code ${what}`), own ? "the command's own" : '', verdict ? `the command ${verdict}` : '', d ? timeText('elapsed', d.ms, timeCmp, false) : ''].filter(Boolean).join(', ');
      return perCommand(a, text, (c, o) => ({
        ok: matches(c.exitCode) && (!ending || ending.test(c)) && (!own || c.exitCause === 'command') && (verdict === null || succeeded(c) === (verdict === 'succeeds')) && (!d || commandTime(c.elapsedMs, d.ms * o.scale, timeCmp, c, 'elapsed')),
        actual: `exit code ${c.exitCode} (${c.exitCause}), ${c.outcome}, elapsed ${ms(c.elapsedMs)}`,
      }));
    },
  },
  {
    // "the run ends within 1 s of the signal", "spec-run exec exits within half a second after the signal": when the run
    // ended, timed from the interrupt the When sent, with no status said (the exit code's rule reads it with one).
    name: 'the run ends, timed from the signal',
    needs: [['HOOK'], ['SINCE_SIGNAL'], ['E:duration'], ['END', 'EXIT', 'COMPLETE', 'TERMINATE']],
    allows: ['AT_MOST', 'AT_LEAST', 'ABOUT', 'JUST_OVER', 'JUST_UNDER', 'FILLER'],
    build(a) {
      const [d, more] = a.entities('duration');
      // An end of the run's own ("exits", "ends", "finishes", "stops"), one time, said of the run alone: no code, no command, nothing denied.
      if (more || a.negated || !runSubject(a) || a.entities('number').length > 0) return null;
      if (a.tokens.some((t) => t.kind === 'word' && t.concepts.includes('EXIT') && !/^exit(s|ed)?$/i.test(t.text))) return null;
      const cmp = comparator(a, '≈');
      if (cmp === '≪') return null;
      return {
        text: timeText('the time from the interrupt to the end of spec-run exec', d.ms, cmp, false),
        evaluate: (o) => ({
          ok: compareTime(o.afterSignalMs, d.ms, cmp, runClock(o)),
          actual: o.afterSignalMs === undefined ? 'no interrupt was sent' : `it ended ${ms(o.afterSignalMs)} after the interrupt`,
        }),
      };
    },
  },
  {
    // "spec-run exec exits with status 3, the exit code of the first failure (rather than of the last)", "the first failure's code":
    // spec-run exec's status is the code of that one of the failed commands.
    name: 'the status of the first failure',
    needs: [['EXIT'], ['FAIL'], ['FIRST', 'LAST', 'E:ordinal']],
    allows: ['E:number', 'COMMAND', 'CONTRAST', 'SEND', 'HOOK', 'END'],
    build(a) {
      // Said of the run ("…, which is the code of the first failure" names no subject: the status of a run is the failure's), never of a command before the status.
      const subject = a.before('EXIT');
      if (subject.some((t) => (t.kind === 'word' && t.concepts.includes('COMMAND') && !t.concepts.includes('HOOK')) || (t.kind === 'entity' && ['quoted', 'ordinal', 'image'].includes(t.entity.type)))) return null;
      const codes = a.entities('number');
      const ordinals = a.entities('ordinal');
      if (a.negated || codes.length > 1 || ordinals.some((o) => o.of !== 'command' || (o.index !== 0 && o.index !== 'last'))) return null;
      // Which failure, and the one a contrast ("rather than of the last") denies: the places in the order said.
      const places = a.tokens.flatMap((t) => (t.kind === 'entity' && t.entity.type === 'ordinal' ? [t.entity.index === 0 ? 'first' : 'last'] : t.kind === 'word' && t.concepts.includes('FIRST') ? ['first'] : t.kind === 'word' && t.concepts.includes('LAST') ? ['last'] : []));
      const contrastAt = a.tokens.findIndex((t) => t.kind === 'word' && t.concepts.includes('CONTRAST'));
      if (contrastAt >= 0 ? places.length !== 2 || places[0] === places[1] : places.length !== 1) return null;
      const [which, denied] = places as ('first' | 'last')[];
      const failedOf = (o: Observation) => o.record.commands.filter((c) => c.outcome !== 'completed' || c.exitCode !== 0);
      const text = `spec-run exec's exit status == the exit code of the ${which} failed command${denied ? `, not of the ${denied}` : ''}${codes.length ? ` == ${codes[0].n}` : ''}`;
      return {
        text,
        evaluate: (o) => {
          const failed = failedOf(o);
          const pick = (w: 'first' | 'last') => (w === 'first' ? failed[0] : failed.at(-1));
          const status = o.record.exitStatus;
          const ok = pick(which) !== undefined && status === pick(which)!.exitCode && (!denied || status !== pick(denied)!.exitCode) && (codes.length === 0 || status === codes[0].n);
          return { ok, actual: `exit status ${status}; the failed commands' codes: ${failed.map((c) => `${c.index + 1}: ${c.exitCode}`).join(', ') || 'none'}` };
        },
      };
    },
  },
  {
    name: "exit code is the command's own",
    needs: [['EXIT'], ['OWN']],
    allows: ['SHOWN', 'SET', 'COMPLETE'],
    build: (a) => perCommand(a, neg(a.negated, "the exit code is the command's own"), (c) => ({ ok: not(a.negated, c.exitCause === 'command'), actual: `exit code ${c.exitCode} (${c.exitCause})` })),
  },
  {
    name: 'exit code tells a timeout',
    needs: [['EXIT'], ['TIMEOUT', 'TIMED_OUT']],
    allows: ['SHOWN', 'SET', 'MENTION'],
    build: (a) =>
      perCommand(a, neg(a.negated, 'exit code ∈ {124, 137} because the timeout stopped the command'), (c) => ({
        ok: not(a.negated, (c.exitCause === 'timeout' && c.exitCode === 124) || (c.exitCause === 'timeout-killed' && c.exitCode === 137)),
        actual: `exit code ${c.exitCode} (${c.exitCause})`,
      })),
  },
  {
    name: 'succeeds or fails',
    needs: [['SUCCEED', 'FAIL']],
    allows: ['OUTCOME', 'EXIT', 'COMPLETE', 'MESSAGE', 'E:number', 'E:count', 'SHOWN'],
    build(whole) {
      if (whole.has('SUCCEED') && whole.has('FAIL')) return null;
      // "all three succeed", "all three commands pass": each command, and as many as said.
      const every = everyCommand(whole, true);
      const a = every?.rest ?? whole;
      if (a.entities('count').length > 0) return null;
      // "all three commands run and succeed": the commands' run, never spec-run exec's.
      const hooks = a.tokens.filter((t) => t.kind === 'word' && t.concepts.includes('HOOK'));
      if (every && hooks.some((t) => t.kind === 'word' && !/^(run|runs|ran)$/i.test(t.text))) return null;
      // "spec-run exec exits with the exit code of the first command that failed": the run and a command, two subjects, not one command's failure.
      if (a.has('HOOK') && a.tokens.some((t) => t.kind === 'word' && t.concepts.includes('COMMAND') && !t.concepts.includes('HOOK') && !/^(it|they)$/i.test(t.text))) return null;
      if (a.entities('number').length > 0 && !(a.entities('number').length === 1 && a.entities('number')[0].n === 0 && a.has('EXIT'))) return null;
      const fails = a.has('FAIL') !== a.negated;
      if (runSubject(a) && !every) {
        return { text: fails ? 'the run fails (exit status != 0)' : 'the run succeeds (exit status 0)', evaluate: (o) => ({ ok: (o.record.exitStatus !== 0) === fails, actual: `exit status ${o.record.exitStatus}` }) };
      }
      const each = perCommand(a, fails ? 'the command fails (exit code != 0, or stopped)' : 'the command succeeds (completed, exit code 0)', (c) => ({
        ok: (c.outcome === 'completed' && c.exitCode === 0) !== fails,
        actual: `${c.outcome}, exit code ${c.exitCode}`,
      }));
      return every ? ofEvery(every, each) : each;
    },
  },
  // "it is not reported as a timeout": what its end is taken for (a filler word of classing), not a timeout configured.
  ...(['TIMED_OUT', 'TIMEOUT+TERMINATE', 'TIMEOUT+KILL', 'TIMEOUT+FILLER'] as const).map(
    (needs): Rule<Check> => ({
      name: 'timed out',
      needs: needs.split('+').map((n) => [n]),
      allows: ['TIMEOUT', 'OWN', 'DEFAULT', 'TERMINATE', 'END', 'GRACEFUL', 'APPLY', ...TIME_SLOTS],
      build(a) {
        const [d, more] = a.entities('duration');
        if (more || a.has('KILL') || (needs === 'TIMEOUT+FILLER' && !classedAs(a))) return null;
        // "never reached its `echo after`": a verb of reaching whose object is a text (a line of the command) says how far the command got, not a timeout.
        const reaching = a.tokens.findIndex((t) => t.kind === 'word' && t.concepts.includes('TIMED_OUT') && /^(reach|hit|exceed)/i.test(t.text));
        const object = a.tokens.slice(reaching + 1).find((t) => !(t.kind === 'word' && t.concepts.includes('FUNCTION')));
        if (reaching >= 0 && object?.kind === 'entity' && object.entity.type === 'quoted') return null;
        // "stopped well before its 30-second limit" is a stop by something else than the limit.
        if (needs === 'TIMEOUT+TERMINATE' && a.has('AT_MOST')) return null;
        if (d && timeFromAnotherEvent(a)) return null;
        const cmp = comparator(a, '≈');
        // "it is reported as a timeout after about 3 s": a report comes when the command is over, so the time is its end
        // (after the grace period, where it outlived the SIGTERM), not when the stop was sent ("it times out after 1 s").
        const reportedWhen = d !== undefined && a.tokens.some((t) => t.kind === 'word' && t.concepts.includes('FILLER') && /\b(reported|flagged|marked)\b/i.test(t.text));
        const at = (c: CommandRecord) => (reportedWhen ? c.elapsedMs : stopAt(c));
        const time = d ? `, ${reportedWhen ? `reported at its end: ${timeText('its end at t', d.ms, cmp, false)}` : `stopped at ${timeText('t', d.ms, cmp, false)}`}` : '';
        return perCommand(a, neg(a.negated, `outcome == timeout${time}`), (c, o) => ({
          ok: not(a.negated, c.outcome === 'timeout' && (!d || commandTime(at(c), d.ms * o.scale, cmp, c, 't'))),
          actual: `${c.outcome}, stop sent at ${ms(stopAt(c))}, ended at ${ms(c.elapsedMs)}${o.scale !== 1 ? ` (scale ${o.scale.toPrecision(3)})` : ''}`,
        }));
      },
    }),
  ),
  {
    name: 'terminated',
    needs: [['TERMINATE', 'END']],
    allows: ['GRACEFUL', 'E:signal', 'SIGNAL', 'SEND', 'GRACE', 'FILLER', 'TIMEOUT', 'TIMED_OUT', 'OWN', ...TIME_SLOTS],
    build(a) {
      const [d, more] = a.entities('duration');
      const signals = a.entities('signal').map((s) => s.name);
      if (more || signals.some((s) => s !== 'SIGTERM')) return null;
      // "dies within the grace period": an ending word says how, only beside the grace period.
      if (!a.has('TERMINATE') && !a.has('GRACE')) return null;
      // "the command goes on after the kill": an end it went past, never how it ended.
      if (a.tokens.every((t, i) => !is(t, 'TERMINATE') || wentPast(a.tokens, i))) return null;
      // "killed 2 seconds after the SIGTERM": SIGTERM is when it counts from; the kill is SIGKILL.
      const afterWord = a.tokens.findIndex((t) => t.kind === 'word' && t.concepts.includes('AFTER'));
      const termAt = a.tokens.findIndex((t) => t.kind === 'entity' && t.entity.type === 'signal');
      // Not "stopped after 2 seconds with SIGTERM": the time after "after" is when it was stopped, and SIGTERM how.
      if (signals.length === 1 && afterWord >= 0 && afterWord < termAt && !a.tokens.slice(afterWord + 1, termAt).some((t) => t.kind === 'entity')) {
        if (a.negated || a.has('GRACE')) return null;
        const cmp = comparator(a, '≈');
        return perCommand(a, `SIGKILL sent after SIGTERM${d ? `, ${timeText('SIGKILL − SIGTERM', d.ms, cmp, false)}` : ''}`, (c) => {
          const term = signalAt(c, 'SIGTERM');
          const kill = signalAt(c, 'SIGKILL');
          return { ok: term !== undefined && kill !== undefined && kill >= term && (!d || compareTime(kill - term, d.ms, cmp, clockOf(c, 't'))), actual: `SIGTERM at ${ms(term)}, SIGKILL at ${ms(kill)}` };
        });
      }
      if (a.has('GRACE')) {
        if (a.negated || a.has('AT_LEAST')) return null;
        if (d && !besideGrace(a)) return stoppedWithinGrace(a, d);
        // A duration beside the grace period is its length ("the 2-second grace period").
        const length = d ? `, grace period == ${showDuration(d.ms)}` : '';
        const graceIs = (c: CommandRecord) => !d || c.graceMs === d.ms;
        // "gone before the grace period runs out": SIGTERM sufficed.
        if (a.has('AT_MOST')) return withinGrace(a, d);
        // "killed after the grace period": the stop had to become a kill.
        if (!a.has('AFTER')) return null;
        return perCommand(a, `SIGKILL sent once the grace period after SIGTERM is over${length}`, (c) => {
          const term = signalAt(c, 'SIGTERM');
          const kill = signalAt(c, 'SIGKILL');
          return { ok: term !== undefined && kill !== undefined && kill - term >= (c.graceMs ?? 0) - EARLY_SLACK_MS && graceIs(c), actual: `SIGTERM at ${ms(term)}, SIGKILL at ${ms(kill)}, grace ${ms(c.graceMs)}` };
        });
      }
      if (a.has('TIMED_OUT')) return null;
      if (d && timeFromAnotherEvent(a)) return null;
      const cmp = comparator(a, '≈');
      // "its limit" with a time is only a bound ("well before its 30-second limit"), not when it stopped.
      if (a.has('TIMEOUT') && !(d && UPPER_BOUNDS.includes(cmp))) return null;
      const graceful = a.has('GRACEFUL') || signals.length > 0;
      // Stopped by the executor (a stop event), or killed by a limit of the engine (memory): then it ended when it was killed.
      // "it is ended about three seconds after it started": when it was over, which is after the stop where it outlived the SIGTERM.
      // "it is stopped within 1.5 seconds": no longer running by then, which a stop sent in time does not make so.
      // "stopped after about 1 second": when it stopped running too; a command that ignored the SIGTERM stopped at the SIGKILL.
      const over = a.tokens.some((t) => t.kind === 'word' && t.concepts.includes('TERMINATE') && /^((is|was|are|were|gets|got) )?ended$/i.test(t.text)) || d !== undefined;
      const endedAt = (c: CommandRecord) => (stopAt(c) === undefined && c.exitCause !== 'memory-limit' ? undefined : over ? c.elapsedMs : (stopAt(c) ?? c.elapsedMs));
      const text = `it was stopped (by the executor, or killed by its memory limit)${graceful ? ' with SIGTERM, no SIGKILL' : ''}${d ? `, ${timeText(over ? 'its end at t' : 'at t', d.ms, cmp, false)}` : ''}`;
      return perCommand(a, neg(a.negated, text), (c, o) => ({
        ok: not(a.negated, endedAt(c) !== undefined && (!graceful || (signalAt(c, 'SIGTERM') !== undefined && signalAt(c, 'SIGKILL') === undefined)) && (!d || commandTime(endedAt(c), d.ms * o.scale, cmp, c, 't'))),
        actual: `stopped at ${ms(endedAt(c))}, signals ${c.signals.map((s) => `${s.signal}@${Math.round(s.atMs)}ms`).join(' ') || 'none'}, ${c.outcome}`,
      }));
    },
  },
  {
    name: 'killed',
    needs: [['KILL']],
    allows: ['GRACE', 'TERMINATE', 'TIMEOUT', 'TIMED_OUT', 'E:signal', 'SIGNAL', 'SEND', ...TIME_SLOTS],
    build(a) {
      const [d, more] = a.entities('duration');
      if (more || a.entities('signal').some((s) => s.name !== 'SIGKILL')) return null;
      const cmp = comparator(a, '≈');
      const afterGrace = a.has('GRACE');
      if (d && !afterGrace && timeFromAnotherEvent(a)) return null;
      const text = `SIGKILL sent${afterGrace ? ' once the grace period after SIGTERM is over' : ''}${d ? `, ${timeText(afterGrace ? 'SIGKILL − SIGTERM' : 'at t', d.ms, cmp, false)}` : ''}`;
      return perCommand(a, neg(a.negated, text), (c, o) => {
        const term = signalAt(c, 'SIGTERM');
        // Killed by the executor's SIGKILL, or by the engine (a memory limit): then its end is when.
        const kill = signalAt(c, 'SIGKILL') ?? (c.endedBy === 'SIGKILL' ? c.elapsedMs : undefined);
        const graceOk = !afterGrace || (kill !== undefined && term !== undefined && kill - term >= (c.graceMs ?? 0) - EARLY_SLACK_MS);
        const timeOk = !d || (afterGrace ? compareTime(kill !== undefined && term !== undefined ? kill - term : undefined, d.ms, cmp, clockOf(c, 't')) : commandTime(kill, d.ms * o.scale, cmp, c, 't'));
        return { ok: not(a.negated, kill !== undefined && graceOk && timeOk), actual: `SIGTERM at ${ms(term)}, SIGKILL at ${ms(kill)}, grace ${ms(c.graceMs)}, ${c.exitCause}` };
      });
    },
  },
  {
    // "survives the SIGTERM sent at the 1-second mark": it was sent, and the command outlived it.
    name: 'outlives SIGTERM',
    needs: [['IGNORE'], ['E:signal']],
    allows: ['SEND', 'SIGNAL', 'TIMEOUT', 'TIMED_OUT', ...TIME_SLOTS],
    build(a) {
      const [d, more] = a.entities('duration');
      if (more || a.negated || a.entities('signal').some((x) => x.name !== 'SIGTERM')) return null;
      const cmp = comparator(a, '≈');
      return perCommand(a, `SIGTERM sent${d ? `, ${timeText('at t', d.ms, cmp, false)}` : ''}, and the command outlived it (SIGKILL ended it)`, (c, o) => {
        const term = signalAt(c, 'SIGTERM');
        const kill = signalAt(c, 'SIGKILL') ?? (c.endedBy === 'SIGKILL' ? c.elapsedMs : undefined);
        const ok = term !== undefined && kill !== undefined && kill > term && (!d || commandTime(term, d.ms * o.scale, cmp, c, 't'));
        return { ok, actual: `SIGTERM at ${ms(term)}, SIGKILL at ${ms(kill)}, ${c.outcome}` };
      });
    },
  },
  {
    name: 'signal sent',
    needs: [['E:signal']],
    allows: ['END', 'EXIT', 'SLEEP', 'SEND', 'SIGNAL', 'GRACE', 'TIMEOUT', 'TIMED_OUT', 'FIRST', 'TERMINATE', 'GRACEFUL', ...TIME_SLOTS],
    build(a) {
      const signals = a.entities('signal').map((s) => s.name);
      const [d, more] = a.entities('duration');
      if (more || signals.some((s) => s !== 'SIGTERM' && s !== 'SIGKILL') || new Set(signals).size !== signals.length) return null;
      // "waits 2 seconds before sending SIGKILL": "before" orders the two, it bounds nothing.
      const cmp = a.has('SLEEP') ? (a.has('AT_LEAST') ? '≥' : '≈') : comparator(a, '≈');
      if (signals.length === 2) {
        if (d && !a.has('GRACE', 'AFTER')) return null;
        // "SIGKILL follows SIGTERM after the grace period": at least the grace period apart.
        const grace = a.has('GRACE') && !d;
        const text = `SIGTERM sent, then SIGKILL${d ? `, ${timeText('SIGKILL − SIGTERM', d.ms, cmp, false)}` : grace ? ' once the grace period after SIGTERM is over' : ''}`;
        return perCommand(a, neg(a.negated, text), (c) => {
          const term = signalAt(c, 'SIGTERM');
          const kill = signalAt(c, 'SIGKILL');
          const ok = term !== undefined && kill !== undefined && term <= kill && (!d || compareTime(kill - term, d.ms, cmp, clockOf(c, 't'))) && (!grace || kill - term >= (c.graceMs ?? 0) - EARLY_SLACK_MS);
          return { ok: not(a.negated, ok), actual: `SIGTERM at ${ms(term)}, SIGKILL at ${ms(kill)}` };
        });
      }
      const [signal] = signals;
      // "receives SIGTERM and exits within 2 seconds": the time may be of the end, which a signal's time does not say; not read.
      if (d && a.tokens.some((t) => t.kind === 'word' && (t.concepts.includes('END') || /^exit(s|ed|ing)?$/i.test(t.text)))) return null;
      // "terminated with SIGTERM": how it was stopped, the rule of stopping says it.
      if (signal === 'SIGTERM' && a.has('TERMINATE') && !a.has('GRACE')) return null;
      // "SIGKILL two seconds later": later than SIGTERM, as the grace period is.
      const later = signal === 'SIGKILL' && d !== undefined && a.tokens.some((t) => t.kind === 'word' && /^(later|afterwards?|thereafter|escalates|escalated|escalation)$/i.test(t.text));
      const afterGrace = (a.has('GRACE') || later) && signal === 'SIGKILL';
      // "exits cleanly on SIGTERM within the grace period": SIGTERM sufficed.
      if (a.has('GRACE') && signal === 'SIGTERM') return a.has('AT_MOST') && !a.negated && (!d || besideGrace(a)) ? withinGrace(a, d) : null;
      const first = a.has('FIRST') && signal === 'SIGTERM';
      // "SIGTERM is sent when the timeout expires": at the (probed) timeout.
      const atTimeout = signal === 'SIGTERM' && !d && a.has('TIMED_OUT', 'TIMEOUT') && a.has('AFTER');
      if (atTimeout) {
        return perCommand(a, neg(a.negated, 'SIGTERM sent when the timeout expires (at t ≈ the timeout)'), (c) => {
          const at = signalAt(c, 'SIGTERM');
          return { ok: not(a.negated, c.timeout.ms !== null && compareTime(at, c.timeout.ms, '≈', clockOf(c, 't'))), actual: `SIGTERM at ${ms(at)}, timeout ${c.timeout.text}` };
        });
      }
      const when = d ? `, ${timeText(afterGrace ? 'SIGKILL − SIGTERM' : 'at t', d.ms, cmp, false)}` : afterGrace ? ' once the grace period after SIGTERM is over' : first ? ', before any other signal' : '';
      if (a.negated && afterGrace && !d) {
        // "ends inside the grace period without being sent SIGKILL"
        return perCommand(a, 'no SIGKILL sent: the command ended within the grace period', (c) => ({ ok: signalAt(c, 'SIGKILL') === undefined && c.endedBy !== 'SIGKILL', actual: `signals ${c.signals.map((x) => `${x.signal}@${Math.round(x.atMs)}ms`).join(' ') || 'none'}, ${c.outcome}` }));
      }
      return perCommand(a, neg(a.negated, `${signal} sent${when}`), (c, o) => {
        const at = signalAt(c, signal);
        const term = signalAt(c, 'SIGTERM');
        let ok = at !== undefined;
        if (ok && afterGrace) ok = term !== undefined && at! - term >= (d ? 0 : (c.graceMs ?? 0) - EARLY_SLACK_MS) && (!d || compareTime(at! - term, d.ms, cmp, clockOf(c, 't')));
        else if (ok && d) ok = commandTime(at, d.ms * o.scale, cmp, c, 't');
        if (ok && first) ok = c.signals[0]?.signal === 'SIGTERM';
        return { ok: not(a.negated, ok), actual: `signals ${c.signals.map((s) => `${s.signal}@${Math.round(s.atMs)}ms`).join(' ') || 'none'}` };
      });
    },
  },
  {
    name: 'grace period',
    needs: [['GRACE']],
    allows: ['END', 'E:duration', 'APPLY', 'SET', 'ELAPSED', 'TERMINATE', 'AFTER', 'ABOUT', 'JUST_OVER', 'JUST_UNDER', 'GRACEFUL', 'TIME_WORD'],
    build(a) {
      const [d, more] = a.entities('duration');
      if (more || a.has('KILL', 'E:signal') || !d) return null;
      // "killed after the grace period, about three seconds after it started": a time of an ending, apart from the grace period's words, is when it ended.
      if (!besideGrace(a) && a.has('AFTER', 'TERMINATE', 'END')) return null;
      return perCommand(a, neg(a.negated, `grace period == ${showDuration(d.ms)}`), (c) => ({ ok: not(a.negated, c.graceMs === d.ms), actual: `grace ${ms(c.graceMs)}` }));
    },
  },
  {
    // "…: its two-second timeout plus the two-second grace period": what a time said before is made of, each part checked as configured.
    name: 'timeout plus grace period',
    needs: [['PLUS'], ['TIMEOUT'], ['GRACE']],
    allows: ['E:duration', 'OWN'],
    build(a) {
      const plus = a.tokens.findIndex((t) => t.kind === 'word' && t.concepts.includes('PLUS'));
      const sides = [a.tokens.slice(0, plus), a.tokens.slice(plus + 1)];
      const durationOf = (side: Token[]) => side.flatMap((t) => (t.kind === 'entity' && t.entity.type === 'duration' ? [t.entity.ms] : []));
      const said = (side: Token[], concept: string) => side.some((t) => t.kind === 'word' && t.concepts.includes(concept));
      // Each side one duration, one of them the timeout's and the other the grace period's.
      if (a.negated || sides.some((side) => durationOf(side).length !== 1 || said(side, 'TIMEOUT') === said(side, 'GRACE'))) return null;
      const timeoutMs = durationOf(sides.find((side) => said(side, 'TIMEOUT'))!)[0];
      const graceMs = durationOf(sides.find((side) => said(side, 'GRACE'))!)[0];
      return perCommand(a, `timeout == ${showDuration(timeoutMs)} and grace period == ${showDuration(graceMs)}`, (c, o, i) => ({
        ok: o.documented[i]?.ms === timeoutMs && c.graceMs === graceMs,
        actual: `timeout ${o.documented[i]?.text}, grace ${ms(c.graceMs)}`,
      }));
    },
  },
  {
    name: 'elapsed',
    needs: [['E:duration'], ['ELAPSED', 'COMPLETE', 'SHOWN', 'RUNS', 'END']],
    allows: [...TIME_SLOTS, 'SUCCEED', 'TOTAL', 'OUTPUT', 'MESSAGE'],
    build(a) {
      const [d, more] = a.entities('duration');
      if (more) return elapsedBetween(a);
      // "after about 1 s the second command runs": when it started, not how long it ran.
      if (a.has('RUNS') && a.has('AFTER') && !a.has('ELAPSED', 'COMPLETE', 'END', 'SHOWN')) return null;
      // "the `Duration:` line of the report shows …", "the reported duration": the time the report's own `Duration:` line gives; no other line or text.
      const { reported, otherText } = durationOfReport(a);
      if (otherText) return null;
      const cmp = comparator(a, '≈');
      // "the total duration is about 3 seconds": every command's time, summed.
      if (a.has('TOTAL')) {
        if (a.has('COMPLETE', 'SUCCEED')) return null;
        return {
          text: neg(a.negated, timeText(SUMMED_ELAPSED, d.ms, cmp, false)),
          evaluate: (o) => {
            const total = o.record.commands.reduce((sum, c) => sum + c.elapsedMs, 0);
            return { ok: o.record.commands.length > 0 && not(a.negated, compareTime(total, d.ms * o.scale, cmp, 'host')), actual: `${ms(total)} in all, ${o.record.commands.length} command(s)` };
          },
        };
      }
      // "completes in under a second": it ran to its end, and that soon ("returns after" says only when).
      const completes = a.tokens.some((t) => t.kind === 'word' && t.concepts.includes('COMPLETE') && !/^return/i.test(t.text));
      const what = reported ? 'the duration on the report\'s `Duration:` line' : 'elapsed';
      const text = `${completes ? 'outcome == completed, ' : ''}${timeText(what, d.ms, cmp, false)}`;
      return perCommand(a, neg(a.negated, text), (c, o) => {
        const measured = reported ? reportedDuration(c) : c.elapsedMs;
        const time = `${reported ? 'Duration: line' : 'elapsed'} ${ms(measured)}${o.scale !== 1 ? ` (scale ${o.scale.toPrecision(3)})` : ''}`;
        return {
          ok: not(a.negated, commandTime(measured, d.ms * o.scale, cmp, c, what) && (!a.has('SUCCEED') || c.exitCode === 0) && (!completes || c.outcome === 'completed')),
          // A claim of how it ended too: the time alone may hold while the ending broke it (a timeout well within the bound).
          actual: completes || a.has('SUCCEED') ? `${c.outcome} (exit code ${c.exitCode}), ${time}` : time,
        };
      });
    },
  },
  {
    // "long before its sleep would end", "well before the 30 seconds of the sleep", "long before the 30-second timeout":
    // it ended before a time it did not reach, said as what that time is; "long" or "well" before, by half of it at least.
    name: 'before the sleep would end',
    needs: [['SLEEP', 'TIMEOUT'], ['AT_MOST']],
    allows: ['E:duration', 'TIME_WORD', 'END', 'COMPLETE', 'HOOK', 'RUNS', 'OWN'],
    build(a) {
      const [d, more] = a.entities('duration');
      const bounds = a.tokens.filter((t) => t.kind === 'word' && t.concepts.includes('AT_MOST'));
      if (more || a.negated || bounds.length !== 1 || !/^((well|long) )?before$/i.test(bounds[0].text)) return null;
      // "long" is the only time word here: "soon before" or "a moment before" measure nothing.
      const times = a.tokens.filter((t) => t.kind === 'word' && t.concepts.includes('TIME_WORD'));
      if (times.some((t) => !/^long$/i.test(t.text))) return null;
      const wide = times.length > 0 || WELL_UNDER.test(bounds[0].text);
      // A sleep by its name only ("the sleep", "would have slept"): "waits" or "hangs" name no length.
      const sleeps = a.tokens.filter((t) => t.kind === 'word' && t.concepts.includes('SLEEP'));
      if (sleeps.some((t) => !/^(sleep|sleeps|slept)$/i.test(t.text))) return null;
      const sleep = sleeps.length > 0;
      if (sleep === a.has('TIMEOUT')) return null;
      // "spec-run exec exits …, well before the thirty seconds the first command would have slept": a command named in what the time is, not the run's time.
      // "the thirty seconds the first command would have slept": the command that sleeps is the sleep's owner, not what ended.
      const sleeper = a.tokens.findIndex((t, i) => t.kind === 'word' && t.concepts.includes('COMMAND') && !t.concepts.includes('HOOK') && a.tokens.slice(i + 1).find((x) => !isFunction(x))?.kind === 'word' && sleeps.includes(a.tokens.slice(i + 1).find((x) => !isFunction(x))!));
      if (sleeper >= 0 || (a.has('HOOK') && a.tokens.some((t) => t.kind === 'word' && t.concepts.includes('COMMAND') && !t.concepts.includes('HOOK')))) return null;
      const within = (elapsed: number, limit: number) => (wide ? elapsed <= limit / 2 : elapsed < limit);
      const bound = (what: string) => `${wide ? `at most half of ${what}` : `under ${what}`}`;
      const sleepOf = (run: string | undefined) => {
        const lengths = [...(run ?? '').matchAll(/\bsleep\s+(\d+(?:\.\d+)?)\b/g)].map((m) => Number(m[1]) * 1000);
        return lengths.length === 1 ? lengths[0] : undefined;
      };
      if (runSubject(a)) {
        if (!d) return null;
        return {
          text: `spec-run exec's run took ${bound(showDuration(d.ms))}`,
          evaluate: (o) => ({ ok: o.record.elapsedMs !== undefined && within(o.record.elapsedMs, d.ms * o.scale), actual: `the run took ${ms(o.record.elapsedMs)}${o.scale !== 1 ? ` (scale ${o.scale.toPrecision(3)})` : ''}` }),
        };
      }
      const what = d ? showDuration(d.ms) : sleep ? 'the sleep in its command line' : 'its timeout';
      return perCommand(a, `elapsed ${bound(what)}`, (c, o, i) => {
        const limit = d?.ms ?? (sleep ? sleepOf(o.runs[i]) : (o.documented[i]?.ms ?? undefined));
        return { ok: limit !== undefined && within(c.elapsedMs, limit * o.scale), actual: `elapsed ${ms(c.elapsedMs)}, against ${limit === undefined ? 'no single length' : ms(limit * o.scale)}` };
      });
    },
  },
  {
    name: 'completes',
    needs: [['COMPLETE']],
    allows: ['END', 'TIMEOUT', 'AT_MOST', 'OWN', 'EXIT', 'TIMED_OUT'],
    build(a) {
      if (a.has('TIMED_OUT') && !a.negated) return null;
      // "completes within its timeout" bounds it by the timeout; "long before the sleep would have finished" says no ending of its own.
      if (a.has('AT_MOST') && !a.has('TIMEOUT')) return null;
      return perCommand(a, neg(a.negated, 'outcome == completed (ran to its end, not stopped)'), (c) => ({ ok: not(a.negated, c.outcome === 'completed' && (!a.has('SUCCEED') || c.exitCode === 0)), actual: `${c.outcome}, exit code ${c.exitCode}` }));
    },
  },
  {
    name: 'runs without a limit',
    needs: [['FOREVER']],
    allows: ['TIMEOUT', 'APPLY'],
    build: (a) => perCommand(a, neg(a.negated, 'no timeout applies (timeout: none)'), (_c, o, i) => ({ ok: not(a.negated, o.documented[i]?.ms === null), actual: `timeout ${o.documented[i]?.text}` })),
  },
  {
    name: 'lines counted',
    needs: [['E:count', 'LINE_COUNT']],
    allows: ['E:number', 'LAST', 'SHOWN', 'OMITTED', 'WRITE', 'OUTPUT', 'E:stream', 'FIRST', 'EXACTLY', 'AT_MOST', 'AT_LEAST', 'PER_STREAM', 'MESSAGE', 'LIMITED', 'AFTER', 'TIMEOUT'],
    build(a) {
      // "the omitted line count is 40", "the number of lines shown is 10": a count said as a noun and a number.
      const said = a.has('LINE_COUNT') ? a.entities('number') : [];
      const counts = a.has('LINE_COUNT') ? (said.length === 1 && a.entities('count').length === 0 ? [{ type: 'count' as const, n: said[0].n, unit: 'line' as const }] : []) : a.entities('count');
      if (counts.length !== 1 || counts[0].unit !== 'line') return null;
      const n = counts[0].n;
      const measure = a.has('OMITTED') ? 'omitted' : a.has('WRITE') && !a.has('SHOWN', 'LIMITED') ? 'printed' : a.has('SHOWN', 'LIMITED') ? 'shown' : null;
      if (measure === null) return null;
      const limited = a.has('LIMITED') && measure === 'shown';
      const cmp = comparator(a, '==');
      if (cmp === '≪') return null;
      // "10 lines are not shown": omitted, or not exactly 10 shown? Not read.
      if (a.negated && measure === 'shown' && cmp === '==' && !limited) return null;
      // "the last 950 lines are dropped" (the executor keeps the first ones); which lines are shown, it does not check.
      if (a.has('LAST') && measure !== 'omitted') return null;
      // "the retained output is the single line `ADT-A01`", "its output is one line: `ok`": the text is that line, never the command's.
      const countAt = a.tokens.findIndex((t) => t.kind === 'entity' && t.entity.type === 'count');
      const next = a.tokens.slice(countAt + 1).find((t) => t.kind !== 'word' || /^\w/.test(t.text));
      if (countAt >= 0 && next?.kind === 'entity' && next.entity.type === 'quoted') {
        const line = next.entity.text;
        if (n !== 1 || a.negated || cmp !== '==' || measure === 'omitted' || a.entities('quoted').length !== 1 || a.has('E:stream', 'PER_STREAM', 'LAST', 'FIRST')) return null;
        return perCommand(a, `the output is the one line ${JSON.stringify(line)} (printed 1 line, shown)`, (c) => ({
          ok: c.streams.stdout.printed + c.streams.stderr.printed === 1 && c.lines.length === 1 && c.lines[0].text.trim() === line.trim(),
          actual: `printed ${c.streams.stdout.printed + c.streams.stderr.printed} line(s), shown: ${JSON.stringify(c.lines.map((l) => l.text))}`,
        }), { quoted: true });
      }
      const named = a.entities('stream').map((s) => s.name);
      const each = named.length > 0 || a.has('PER_STREAM') || a.tokens.some((t) => t.kind === 'word' && /^(each|every|either)$/i.test(t.text));
      const streams = named.length > 0 ? [...new Set(named)] : (['stdout', 'stderr'] as StreamName[]);
      const first = a.has('FIRST') && measure === 'shown';
      const what = `${each ? streams.join(' and ') + ' ' : ''}lines ${measure}`;
      const text = limited ? `${what} == min(printed, ${n}) each` : `${what} ${cmp} ${n}${first ? ' (the first ones, in order)' : ''}`;
      return perCommand(a, neg(a.negated, text), (c, o, i) => {
        const value = (s: StreamName) => c.streams[s][measure];
        const oks = each ? streams.map((s) => (limited ? value(s) === Math.min(c.streams[s].printed, n) : compareCount(value(s), n, cmp))) : [compareCount(value('stdout') + value('stderr'), n, cmp)];
        let ok = oks.every(Boolean);
        if (ok && first && o.synthesized[i]) ok = streams.every((s) => c.lines.filter((l) => l.stream === s).every((l, k) => l.text === `${s} line ${k + 1}`));
        return { ok: not(a.negated, ok), actual: streams.map((s) => `${s}: printed ${c.streams[s].printed}, shown ${c.streams[s].shown}, omitted ${c.streams[s].omitted}`).join('; ') };
      });
    },
  },
  {
    // "since stderr stayed within its own limit": that stream printed no more lines than its limit, so none of them was omitted.
    // Of a stream named; "it stayed within its limit" may be the command's or a stream's, and is not read.
    name: 'a stream within its limit',
    needs: [['WITHIN_LIMIT'], ['E:stream']],
    allows: ['OUTPUT'],
    refuses: ['E:quoted'],
    build(a) {
      const streams = [...new Set(a.entities('stream').map((s) => s.name))];
      if (a.negated) return null;
      return perCommand(a, `${streams.join(' and ')}: printed no more lines than maxOutputLines, none omitted`, (c) => ({
        ok: streams.every((s) => c.streams[s].omitted === 0 && (c.limits.maxOutputLines === undefined || c.streams[s].printed <= c.limits.maxOutputLines)),
        actual: `maxOutputLines ${c.limits.maxOutputLines ?? 'not set'}; ${streams.map((s) => `${s}: printed ${c.streams[s].printed}, omitted ${c.streams[s].omitted}`).join('; ')}`,
      }));
    },
  },
  {
    // "the streams are capped independently", "neither stream's cap is affected by the other".
    name: 'each stream limited on its own',
    needs: [['DEPEND', 'PER_STREAM'], ['LIMITED', 'TIMEOUT', 'E:key', 'OMITTED']],
    allows: ['E:stream', 'OUTPUT', 'EACH', 'SHOWN', 'OWN'],
    build(a) {
      if (a.entities('key').some((k) => k.name !== 'maxOutputLines') || a.has('DEPEND') !== a.negated) return null;
      return perCommand(a, 'stdout and stderr each: lines shown == min(printed, maxOutputLines), the rest omitted', (c) => {
        const limit = c.limits.maxOutputLines;
        const apart = (x: StreamName) => limit !== undefined && c.streams[x].shown === Math.min(c.streams[x].printed, limit) && c.streams[x].omitted === c.streams[x].printed - c.streams[x].shown;
        return { ok: apart('stdout') && apart('stderr'), actual: `maxOutputLines ${limit ?? 'not set'}; ${(['stdout', 'stderr'] as const).map((x) => `${x}: printed ${c.streams[x].printed}, shown ${c.streams[x].shown}, omitted ${c.streams[x].omitted}`).join('; ')}` };
      });
    },
  },
  {
    name: 'output shown, cut or hidden',
    needs: [['OUTPUT', 'E:stream', 'OMITTED'], ['SHOWN', 'OMITTED', 'LIMITED', 'HIDE']],
    allows: ['PER_STREAM', 'MESSAGE', 'FIRST', 'TIMEOUT', 'TIMED_OUT', 'AFTER', 'CONFIG', 'PARTIAL', 'WRITE', 'AT_MOST', 'TERMINATE', 'KILL'],
    build(a) {
      if (a.entities('count').length > 0 || a.entities('quoted').length > 0 || a.entities('path').length > 0) return null;
      const streams = streamsOf(a);
      const whole = a.tokens.some((t) => t.kind === 'word' && WHOLE.test(t.text));
      const hide = a.has('HIDE') && !a.has('SHOWN');
      const cut = a.has('OMITTED', 'LIMITED') && !whole;
      // "no later stdout line": "later" orders lines, which this fact does not read (it is no stop, and no stream left unshown).
      if (a.tokens.some((t) => is(t, 'AFTER') && /^later$/i.test(t.text))) return null;
      // "(with nothing after it on that line)", "nothing after them": after a text or lines said before, on their line or in their place; never the stop of a command.
      if (a.tokens.some((t, i) => is(t, 'AFTER') && /^(it|them|that|this|those|these)$/i.test(a.tokens[i + 1]?.text ?? ''))) return null;
      const partial = a.has('TIMED_OUT', 'TIMEOUT', 'AFTER', 'PARTIAL', 'TERMINATE', 'KILL') && a.has('SHOWN') && !cut && !hide;
      if (a.has('AT_MOST', 'WRITE', 'TERMINATE', 'KILL') && !partial) return null;
      const report = (c: CommandRecord) => streams.map((s) => `${s}: printed ${c.streams[s].printed}, shown ${c.streams[s].shown}, omitted ${c.streams[s].omitted}${c.streams[s].hidden ? ', hidden' : ''}`).join('; ');
      let test: (c: CommandRecord) => boolean;
      let text: string;
      if (hide) {
        text = `${streams.join(' and ')} hidden (no line shown)`;
        test = (c) => streams.every((s) => c.streams[s].hidden || (c.streams[s].shown === 0 && c.streams[s].printed > 0));
      } else if (whole || (cut && a.negated)) {
        text = `${streams.join(' and ')}: no line omitted, none hidden`;
        test = (c) => streams.every((s) => c.streams[s].omitted === 0 && !c.streams[s].hidden);
        if (cut && a.negated) return perCommand(a, text, (c) => ({ ok: test(c), actual: report(c) }));
      } else if (cut) {
        text = `${streams.join(' or ')}: lines omitted > 0`;
        test = (c) => streams.some((s) => c.streams[s].omitted > 0);
      } else if (partial) {
        text = 'output printed before the stop is shown (the command was stopped, lines shown > 0)';
        test = (c) => c.outcome !== 'completed' && streams.some((s) => c.streams[s].shown > 0);
      } else if (a.negated) {
        // "no output is shown", "stderr is not shown": not one line of it.
        return perCommand(a, `${streams.join(' and ')}: no line shown`, (c) => ({ ok: streams.every((s) => c.streams[s].shown === 0), actual: report(c) }));
      } else {
        text = `${streams.join(' and ')} shown (lines shown > 0)`;
        test = (c) => streams.every((s) => c.streams[s].shown > 0);
      }
      return perCommand(a, neg(a.negated, text), (c) => ({ ok: not(a.negated, test(c)), actual: report(c) }));
    },
  },
  {
    // "the team's message is printed", "the configured message appears after the output and before the `To fix:` list":
    // the command's own `message:` on a line of its report, in the places said (or, negated, nowhere in it).
    name: 'the configured message shown',
    needs: [['CONFIGURED_MESSAGE'], ['SHOWN', 'WRITE']],
    allows: ['AFTER', 'AT_MOST', 'ORDER', 'OUTPUT', 'PARTIAL', 'FIXES', 'SECTION', 'REMAIN', 'FILLER'],
    build(a) {
      // A text quoted is the `To fix:` heading placed against, no other ("the team's message `x`" would be a text unchecked).
      if (a.entities('quoted').some((q) => q.text.trim() !== 'To fix:')) return null;
      const placed = placements(a.tokens);
      // "list" and "block" only as the noun of a part named ("the To fix: list", "the output block").
      const nouns = a.tokens.filter((t) => is(t, 'SECTION', 'REMAIN') && !is(t, 'OUTPUT', 'FIXES'));
      if (placed === null || nouns.some((t) => !/^(list|block|section)$/i.test(t.text)) || (a.negated && placed.length > 0)) return null;
      // FILLER stands for "below"/"above" here, read as places; no other filler word.
      if (a.tokens.some((t) => is(t, 'FILLER') && !/^(below|above)$/i.test(t.text))) return null;
      const where = placed.map((p) => ` ${p.relation} ${p.part === 'fixes' ? 'the `To fix:` list' : 'the output block'}`).join(' and');
      return perCommand(a, neg(a.negated, `the report shows the command's configured message on a line of its own${where}`), (c) => {
        if (c.message === undefined) return { ok: false, actual: 'no message configured' };
        const shown = messageShown(c.report, c.message, placed);
        return { ok: not(a.negated, shown.ok), actual: shown.actual };
      });
    },
  },
  {
    // "a timeout error is reported", "no timeout error is reported": what the report says of a timeout.
    name: 'a timeout reported',
    needs: [['TIMEOUT', 'TIMED_OUT'], ['MESSAGE', 'NOTICE']],
    allows: ['SHOWN', 'FAIL'],
    refuses: ['E:quoted'],
    build(a) {
      if (a.has('TIMEOUT') && a.tokens.some((t) => t.kind === 'word' && t.concepts.includes('TIMEOUT') && !/time|deadline/i.test(t.text))) return null;
      return perCommand(a, neg(a.negated, 'the report says the command timed out'), (c, o) => ({
        ok: not(a.negated, [c.report, ...c.notices, ...o.record.messages].some((text) => /timed out/i.test(executorWords(text, o)))),
        actual: c.report.split('\n')[0] ?? '',
      }));
    },
  },
  {
    name: 'a notice',
    needs: [['NOTICE']],
    alternatives: true,
    allows: ['E:position', 'OMITTED', 'SHOWN', 'OUTPUT', 'E:stream', 'E:count', 'MESSAGE', 'TIMEOUT', 'TIMED_OUT', 'HIDE', 'PER_STREAM', 'MENTION', 'LIMITED', 'CONFIG', 'WINS', 'ABOUT', 'AFTER', 'ANNOUNCE', 'FIRST_LINE'],
    build(a) {
      // "with the hint `(e.g. '300s')`": a hint is a suggestion, an error's own words or an item of `To fix:`, never a notice line of a command.
      if (a.tokens.some((t) => t.kind === 'word' && t.concepts.includes('NOTICE') && /^hints?$/i.test(t.text))) return null;
      const counts = a.entities('count').filter((c) => c.unit === 'line');
      if (a.entities('count').length !== counts.length || counts.length > 1 || (counts.length > 0 && a.has('SHOWN') && !a.has('OMITTED'))) return null;
      // "3 lines appear, with no omission notice": the count is not the notice's.
      if (counts.length > 0 && a.negated) return null;
      // "no `stdout: ...` omission notice appears": the executor's own form of the notice of a stream's omitted lines, its count elided, names that
      // notice (of that stream), never any text that starts "stdout: " (the placeholder of a hidden stream is no omission notice).
      const noticeForm = a.has('OMITTED') ? a.entities('quoted').map((q) => OMISSION_FORM.exec(q.text.trim())?.[1]).find((x) => x !== undefined) : undefined;
      const named = [...new Set([...a.entities('stream').map((s) => s.name), ...(noticeForm ? [noticeForm] : [])])];
      const quoted = noticeForm ? a.entities('quoted').filter((q) => !OMISSION_FORM.test(q.text.trim())) : a.entities('quoted');
      // "after its notes, the report states `Error: …`": a line of the report below the notices, not one of them.
      const noticeAt = a.tokens.findIndex((t) => t.kind === 'word' && t.concepts.includes('NOTICE'));
      // "after its notes", "below the header and its notes" (the command's announcement, and a determiner at most), with the text said after them; "followed by a notice that …" is the notice's.
      const lead = a.tokens.slice(0, Math.max(0, noticeAt)).map((t) => t.text.toLowerCase()).join(' ');
      // "the error line reads `Error: …`, below the notes on the container": the text said first, then where it stands, right before the notice word.
      const textBefore = a.tokens.slice(0, Math.max(0, noticeAt)).map((t) => t.kind === 'entity' && t.entity.type === 'quoted').lastIndexOf(true);
      const placedBehind = textBefore >= 0 && AFTER_NOTICES.test(a.tokens.slice(textBefore + 1, noticeAt).filter((t) => t.kind === 'word' && /^\w/.test(t.text)).map((t) => t.text.toLowerCase()).join(' '));
      const afterNotices = noticeAt > 0 && ((AFTER_NOTICES.test(lead) && a.tokens.slice(noticeAt).some((t) => t.kind === 'entity' && t.entity.type === 'quoted')) || placedBehind);
      // "…, the report opens with `Error: …`": the report's first line, which comes below the announcement and the notes.
      const opens = a.has('FIRST_LINE');
      if (afterNotices) {
        if (quoted.length !== 1 || counts.length > 0 || a.negated) return null;
        return perCommand(a, `the report has a line with ${JSON.stringify(quoted[0].text)} below every notice${opens ? ', its first line' : ''}`, (c) => {
          const lines = c.report.split('\n');
          const at = lines.findIndex((l) => quotedIn(quoted[0].text, l));
          const first = lines.findIndex((l) => l.trim() !== '');
          return { ok: at >= 0 && (!opens || at === first) && c.notices.every((n) => lines.findIndex((l) => l.includes(n)) < at), actual: lines.slice(0, 8).join(' ⏎ ') };
        }, { quoted: true });
      }
      if (a.has('ANNOUNCE', 'FIRST_LINE')) return null;
      // "and then the placeholder `…`", "it is followed by the note `…`": a text said to come next, after what was quoted before it;
      // read where texts that follow are, never as a notice anywhere (its place dropped).
      const nextWord = a.tokens.findIndex((t) => t.kind === 'word' && t.concepts.includes('ORDER') && /^(then|followed by|after that|next)$/i.test(t.text));
      if (nextWord >= 0 && a.tokens.slice(nextWord + 1).some((t) => t.kind === 'entity' && t.entity.type === 'quoted')) return null;
      // "the error line, below the notes, reads `Error: …`": a text placed by the notes is not one of them; read only as above.
      const placeWords = a.tokens.slice(0, Math.max(0, noticeAt)).filter((t) => t.kind === 'word' && /^\w/.test(t.text)).map((t) => t.text.toLowerCase());
      if (/^(after|below|beneath|under|above|before)$/.test(placeWords.filter((w) => !/^(the|its|their|all)$/.test(w)).at(-1) ?? '')) return null;
      if (quoted.length === 1 && counts.length === 0) {
        // "…, naming the container it ran in": the notice holds the name of the command's own container.
        const textAt = a.tokens.findIndex((t) => t.kind === 'entity' && t.entity.type === 'quoted');
        const naming = a.tokens.slice(textAt + 1).some((t) => t.kind === 'word' && t.concepts.includes('MENTION')) && a.tokens.slice(textAt + 1).some((t) => t.kind === 'word' && t.concepts.includes('CONTAINER'));
        if (naming && a.negated) return null;
        // A note of the executor's (not one on the output's lines) is printed as `note: …`: quoted so, it is read so.
        const printedAs = (c: CommandRecord, n: string) => (c.outputNotices.includes(n) ? n : `note: ${n}`);
        const reads = (c: CommandRecord, n: string) => (quotedIn(quoted[0].text, n) || quotedIn(quoted[0].text, printedAs(c, n))) && (!naming || c.containers.some((k) => n.includes(k.name)));
        return perCommand(a, neg(a.negated, `a notice reads ${JSON.stringify(quoted[0].text)}${naming ? ", with the name of the command's own container" : ''}`), (c) => ({ ok: not(a.negated, c.notices.some((n) => reads(c, n))), actual: `${c.notices.join(' | ') || 'no notice'}${naming ? `; its container: ${c.containers.map((k) => k.name).join(', ') || 'none'}` : ''}` }), { quoted: true, printed: true });
      }
      // One quoted text may be the command; a second is a text the placeholder's fact does not read.
      if (quoted.length < 2 && (a.has('HIDE') || a.tokens.some((t) => t.kind === 'word' && /^placeholders?$/i.test(t.text)))) {
        const streams = named.length > 0 ? named : ['stdout', 'stderr'];
        return perCommand(a, neg(a.negated, `placeholder "(${streams.join('/')}: output hidden by configuration)" shown`), (c) => ({
          ok: not(a.negated, streams.some((s) => c.notices.includes(`(${s}: output hidden by configuration)`))),
          actual: c.notices.join(' | ') || 'no notice',
        }));
      }
      if (!a.has('OMITTED', 'LIMITED', 'TIMED_OUT', 'TIMEOUT')) return null;
      const n = counts[0]?.n;
      const omission = new RegExp(`^(${named.length > 0 ? named.join('|') : 'stdout|stderr'}): \\.\\.\\. \\(${n ?? '\\d+'} lines? omitted\\)$`);
      const both = a.has('OMITTED', 'LIMITED') && a.has('TIMED_OUT', 'TIMEOUT');
      // "no notice about a timeout or about omitted lines": neither.
      if (both && (!a.negated || n !== undefined)) return null;
      const pattern = both ? new RegExp(`${omission.source}|timed out`, 'i') : a.has('OMITTED', 'LIMITED') ? omission : /timed out/i;
      // "a notice after line 10": it follows the tenth line shown of its stream.
      const [position] = a.entities('position');
      if (position && (position.column !== undefined || position.line === undefined || !a.has('AFTER') || both || a.negated)) return null;
      const after = (c: CommandRecord) => !position || (['stdout', 'stderr'] as const).some((x) => c.notices.some((notice) => pattern.test(notice) && notice.startsWith(x)) && c.streams[x].shown === position.line);
      const text = `${both ? 'a notice that lines were omitted or that the command timed out' : a.has('OMITTED', 'LIMITED') ? `an omission notice${named.length > 0 ? ` for ${named.join(' and ')}` : ''}${n !== undefined ? ` saying ${n} lines omitted` : ''}` : 'a notice that the command timed out'}${position ? `, after line ${position.line} of its stream` : ''}`;
      return perCommand(a, neg(a.negated, text), (c) => ({
        ok: not(a.negated, (named.length > 1 ? named.every((s) => c.notices.some((x) => pattern.test(x) && x.startsWith(s))) : [...c.notices, c.report].some((x) => pattern.test(x))) && after(c)),
        actual: c.notices.join(' | ') || 'no notice',
      }), { quoted: noticeForm !== undefined });
    },
  },
  {
    // "a note says that the container was removed", "the container is noted as removed": the executor's note of the removal, naming the command's own container.
    name: 'a note of the container removed',
    needs: [['NOTICE'], ['CONTAINER'], ['REMOVE']],
    allows: ['MENTION', 'MESSAGE', 'EACH', 'FILLER'],
    build(a) {
      if (a.negated || a.entities('quoted').length > 0 || a.entities('ordinal').length > 0) return null;
      // "each report carries a note …": every command's; else each container command's.
      const every = a.has('EACH');
      return {
        text: `${every ? 'every command' : 'every container command (one at least)'}: a note reads "container <its container's name> removed"`,
        evaluate(o) {
          const commands = every ? o.record.commands : o.record.commands.filter((c) => c.context === 'docker');
          const noted = (c: CommandRecord) => c.containers.length > 0 && c.containers.every((k) => c.notices.some((n) => n.includes(`container ${k.name} removed`)));
          return { ok: commands.length > 0 && commands.every(noted), actual: commands.map((c) => c.notices.join(' | ') || 'no notice').join('; ') || 'no container command ran' };
        },
      };
    },
  },
  {
    // "the note joins the two limits: `(Command timed out after 1s. Showing 3 of 200 output lines)`": one line of the report says both the timeout and the lines shown.
    name: 'a line joining the limits',
    needs: [['JOINS'], ['E:quoted']],
    allows: ['NOTICE', 'OUTPUT', 'TIMEOUT', 'OMITTED', 'LINE_COUNT', 'LIMITED', 'EACH', 'E:number', 'FILLER', 'MENTION'],
    build(a) {
      const [text, more] = a.entities('quoted').map((q) => q.text);
      const [two, others] = a.entities('number');
      // What is joined: the timeout and the cut ("the timeout and the truncation", "the timeout to the line count"), or the two limits ("both limits").
      const both = a.has('TIMEOUT') && (a.has('OMITTED', 'LINE_COUNT', 'LIMITED') || a.has('EACH') || two?.n === 2);
      if (more || others || (two && two.n !== 2) || a.negated || !both || a.has('ORDER')) return null;
      // The text quoted says both, or the sentence says what it does not.
      if (!/timed out/i.test(text) || !/Showing \d+ of \d+ output lines/.test(text)) return null;
      return perCommand(a, `a line of the report reads ${JSON.stringify(text)} (the timeout and the lines shown, in one line)`, (c) => {
        const lines = [...c.notices, ...c.report.split('\n')];
        return { ok: lines.some((l) => quotedIn(text, l)), actual: c.notices.join(' | ') || 'no notice' };
      }, { quoted: true });
    },
  },
  {
    name: 'the message names',
    needs: [['MENTION', 'SHOWN'], ['MESSAGE', 'OUTPUT', 'USER', 'HOOK']],
    allows: ['E:position', 'E:stream', 'NOTICE', 'E:quoted', 'E:duration', 'E:number', 'E:count', 'E:signal', 'E:key', 'E:path', 'E:image', 'E:variable', 'TIMEOUT', 'TIMED_OUT', 'EXIT', 'SIGNAL', 'ELAPSED', 'IMAGE', 'MEMORY', 'OMITTED', 'PULL', 'FAIL', 'CONFIG', 'KILL', 'ABSOLUTE', 'RELATIVE', 'PATH', 'REQUIRED', 'WORKDIR', 'MISSING', 'AFTER', 'FILLER', 'SET', 'TERMINATE', 'GRACE', 'LIMITED', 'LOCATION', 'ABOUT'],
    build(a) {
      // "shows `x` after the output": where in the report, which the texts of the report read.
      if (placedByPart(a)) return null;
      // "`b` appears after the output line `a`": an order between texts, which the texts of the report read.
      const textAt = a.tokens.flatMap((t, i) => (t.kind === 'entity' && t.entity.type === 'quoted' ? [i] : []));
      if (a.tokens.some((t, i) => t.kind === 'word' && t.concepts.includes('ORDER') && textAt.some((k) => k < i) && textAt.some((k) => k > i))) return null;
      // "…, and it is followed by `x`": what `x` follows is said elsewhere; never `x` anywhere.
      if (a.tokens.some((t, i) => t.kind === 'word' && t.concepts.includes('ORDER') && !/^(then|next|in (that|this|the same )?order)$/i.test(t.text) && textAt.some((k) => k > i))) return null;
      // "the report of `sleep 5` says …": a command named by its line, whose report the texts of the report read.
      if (ownerOf(a)) return null;
      if (namedOutput(a)) return null;
      // "stderr shows `a`, and the report reads `b`": clauses that each say where their texts stand are one fact each, never one place of all the texts.
      if (placedApart(a)) return null;
      // "contains the line `ready`", "the line `OK` is shown": a text named a line is a whole line, which the texts of the report read; never words anywhere.
      // Said of a stream ("the stderr line `oops` is shown"), it is read here: a whole line of that stream's lines shown.
      const lineTexts = a.tokens.flatMap((t, i) => (t.kind === 'entity' && t.entity.type === 'quoted' && namedLine(a.tokens, i) ? [t.entity.text] : []));
      // Denied ("the stderr line `x` appears nowhere"), it is denied as words anywhere it is sought: the reading that fails (a denial's).
      if (lineTexts.length > 0 && (a.entities('stream').length === 0 || a.has('MESSAGE', 'NOTICE'))) return null;
      // "that line has `"event":"timeout"`": members of a log file's JSON line, or a line said before, are no words of the report.
      if (a.tokens.some((t) => t.kind === 'entity' && t.entity.type === 'quoted' && JSON_MEMBER.test(t.entity.text))) return null;
      if (a.tokens.some((t, i) => t.kind === 'word' && /^lines?$/i.test(t.text) && /^(that|this|those|these|the same)$/i.test(a.tokens[i - 1]?.text ?? ''))) return null;
      // "stderr carries the line `spec-run: SIGINT: stopping what runs`": spec-run's own diagnostics go to its own stderr, which no record of a run holds; never a command's lines nor the report's.
      if (a.tokens.some((t) => t.kind === 'entity' && t.entity.type === 'quoted' && /^spec-run:/.test(t.entity.text))) return null;
      // "`docker ps -a` no longer lists a container of that name": what the engine lists is about the run's containers, never words the run printed.
      if (a.tokens.some((t) => t.kind === 'entity' && t.entity.type === 'quoted' && /^docker\s+(ps|container\s+ls)\b/.test(t.entity.text))) return null;
      // "`x.jsonl` holds no line": a file named before the verb holds the things said; it is no thing named.
      if (fileBeforeItsVerb(a)) return null;
      // "the duration shown in the report is about 2 seconds": a time the report gives, compared (the elapsed rule's), not a text it names.
      if (a.has('ELAPSED') && a.entities('duration').length > 0 && a.has('ABOUT', 'AT_MOST', 'AT_LEAST', 'JUST_OVER', 'JUST_UNDER')) return null;
      // "shows `a`, but not `b`": a negation of the texts after it only, which the texts of the report read.
      if (contrastedNegation(a) >= 0) return null;
      // "all three commands report `OK: …`": what each command's report says, of as many commands as said.
      const every = everyCommand(a) ?? everyReport(a);
      // "the exit status line names the signal": the lines that field's label opens say the things named; the field's word is none of them.
      const said = every?.rest ?? a;
      const fieldAt = said.tokens.findIndex((_t, i) => namesFieldLine(said.tokens, i));
      const labels = fieldAt >= 0 ? fieldLabels(said.tokens[fieldAt]) : null;
      const objects = mentions(fieldAt >= 0 ? args(said.tokens.filter((_t, i) => i !== fieldAt)) : said);
      // What a notice says is the notice rule's; what the executor "reports" or "shows" is a fact of its own, what it says is a message.
      if (!objects || a.has('NOTICE') || (!a.has('MESSAGE', 'OUTPUT', 'USER') && !a.has('MENTION'))) return null;
      // "shows the two lines `a` and `b`": a count that names the texts after it is no text said.
      const isQuoted = (t: Token | undefined) => t?.kind === 'entity' && t.entity.type === 'quoted';
      if (a.tokens.some((t, i) => t.kind === 'entity' && t.entity.type === 'count' && isQuoted(a.tokens[i + 1]))) return null;
      // "all four lines appear in the output": a count of lines the output holds, not a text in it (a message may name one: "says 500 lines").
      if (a.entities('count').length > 0 && !a.has('MESSAGE', 'MENTION')) return null;
      // "the output contains 20 lines": how many lines it shows, never the figure 20 anywhere (the note "(Showing 5 of 20 output lines)" holds it).
      // "the output says that 3 lines were omitted" is what the executor's note on the output says ("(3 lines omitted)").
      if (a.entities('count').some((c) => c.unit === 'line') && !a.has('MESSAGE', 'NOTICE', 'OMITTED')) return null;
      // "all 1500 lines are shown in the report": the report as the place they are shown in, no verb of saying; how many are shown, never the number named.
      if (a.entities('count').some((c) => c.unit === 'line') && !a.has('MENTION') && a.tokens.every((t) => !is(t, 'MESSAGE') || /^report$/i.test(t.text))) return null;
      // "…: what it printed on standard output is shown nowhere": a stream said of what was printed, denied anywhere in the report (a hidden stream's lines are empty).
      const nowhere = a.negated && a.has('ANYWHERE');
      // "`1` and `2` from stdout and `201` from stderr": each set of texts has its own stream, which this rule, reading one place
      // for all of them, would lose (the sentence would pass with the streams swapped); the sets of output lines read it, or nothing.
      const streamAt = a.tokens.flatMap((t, i) => (t.kind === 'entity' && t.entity.type === 'stream' ? [i] : []));
      if (new Set(streamAt.map((i) => (a.tokens[i] as { entity: { name: string } }).entity.name)).size > 1 && a.tokens.slice(streamAt[0] + 1, streamAt.at(-1)).some((t) => t.kind === 'entity' && t.entity.type !== 'stream')) return null;
      const streams = nowhere ? [] : a.entities('stream').map((s) => s.name);
      // "the exit status line reads …", "the duration line": a line of the report named by its field, not of the output.
      const fieldLine = labels !== null;
      // "the exit status line reads `Exit Status: …`": the line its label opens, which the texts of the report read.
      if (fieldLine && a.entities('quoted').length > 0) return null;
      // "no line reads `…`": a line of the report; "line" alone is no word for the output.
      const outputWord = a.tokens.some((t) => t.kind === 'word' && t.concepts.includes('OUTPUT') && !/^lines?$/i.test(t.text));
      const output = (outputWord || streams.length > 0) && !a.has('MESSAGE', 'NOTICE') && !fieldLine && !nowhere;
      // Said of the output or a stream, a thing the executor's notes on it say is found there too; anything else, in the command's own lines only.
      const notesSought = objects.some((m) => m.ofNotes);
      // "the output SHALL NOT contain `x`", "stderr shows `x`": what the command printed, read in the lines shown (printedVerdict);
      // "the output shown", "is not shown" say what the report shows, and a note of the executor's is none of the printed lines.
      const ofPrinted = output && !notesSought && !saysShown(a);
      // "the output shows /", "prints /tmp": a path alone, said of what the command printed, is a whole line of it, never a part of a
      // longer line ("/" is in every path, "/tmp" in "/tmp/x").
      const pathsAlone = ofPrinted && !a.negated && labels === null ? [...a.entities('quoted'), ...a.entities('path')].map((q) => q.text).filter((x) => /^\/\S*$/.test(x)) : [];
      const printedStreams: StreamName[] = streams.length > 0 ? streams : ['stdout', 'stderr'];
      const where = nowhere ? 'the report (all the run printed, its quotations of command lines left out) names' : labels !== null ? `the ${labels.map((l) => JSON.stringify(l)).join(' or ')} line names` : streams.length > 0 ? `the ${streams.join(' and ')} lines shown contain` : output ? (notesSought ? 'the output shown contains' : 'the lines the command printed in the output shown contains') : 'the messages name';
      // A place is an error's own: what is named with it, that error names, never another one.
      // "for `5x` the message says `…`", "for `abc`, the error reads …": what is said is said of the value named, so one message names both.
      const verbAt = a.tokens.findIndex((t) => slotsOf(t).some((s) => MENTION_SLOTS.includes(s)));
      const scoped = objects.length > 1 && a.tokens.some((t, i) => t.kind === 'word' && /^for$/i.test(t.text) && a.tokens[i + 1]?.kind === 'entity' && i < verbAt);
      const placed = objects.some((m) => m.place !== undefined) || scoped;
      // "contains `a` or `b`": any one of them; "contains neither `a` nor `b`", "does not contain `a` or `b`": none of them (never "not both").
      const joiners = objects.length > 1 ? a.tokens.filter((t, i) => t.kind === 'word' && /^(and|or)$/i.test(t.text) && a.tokens.slice(0, i).some((u) => u.kind === 'entity') && a.tokens.slice(i + 1).some((u) => u.kind === 'entity')).map((t) => t.text.toLowerCase()) : [];
      const anyOf = !a.negated && joiners.includes('or');
      // "… `a` and `b` or `c`", "not both `a` and `b`": a mixture of "and" and "or", or a denial of both together, no reading says.
      if ((anyOf && (joiners.includes('and') || placed)) || (a.negated && objects.length > 1 && a.tokens.some((t) => t.kind === 'word' && /^both$/i.test(t.text)))) return null;
      const claimed = `${objects.map((m) => m.text).join(anyOf ? ' or ' : ' and ')}${placed ? (scoped ? ', all in one message' : ', all in one error') : ''}`;
      const wholeLineTexts = [...new Set([...lineTexts, ...pathsAlone])];
      const text = `${a.negated && objects.length > 1 ? `${where} none of ${objects.map((m) => m.text).join(', ')}` : `${neg(a.negated, `${where} ${claimed}`)}${wholeLineTexts.length > 0 && !a.negated ? (wholeLineTexts.length > 1 ? ', each a whole line' : ', a whole line') : ''}`}`;
      const held = (found: boolean[]) => (a.negated ? found.every((f) => !f) : anyOf ? found.some(Boolean) : found.every(Boolean));
      /** Each text named a line is a whole line of what is SHOWN (the stream's lines), never words of one. */
      const wholeLines = (shown: string) => a.negated || wholeLineTexts.every((x) => shown.split('\n').some((l) => l.trim() === x.trim()));
      // Said of the report, no part of it named: a word of the executor's notices is sought in what the executor said.
      const ofReport = !nowhere && labels === null && streams.length === 0 && !output;
      const seek = (m: Mention, text: string, c: CommandRecord | undefined, o: Observation) => m.test(ofReport && m.notice ? executorWords(text, o) : text, c, o);
      /** SHOWN gives the text where a thing is sought: with the notes on the output where NOTES. */
      const holding = (shown: (notes: boolean) => string, c: CommandRecord | undefined, o: Observation): boolean[] => (placed ? [namedByOneError(objects, shown(notesSought), c, o)] : objects.map((m) => seek(m, shown(m.ofNotes === true), c, o)));
      const named = (shown: (notes: boolean) => string, c: CommandRecord | undefined, o: Observation): Verdict => {
        const found = holding(shown, c, o);
        return { ok: held(found) && wholeLines(shown(false)), actual: shown(notesSought).split('\n').slice(0, 12).join(' ⏎ ') };
      };
      // A stream's place in the report holds its lines and the executor's notices about it ("(stderr: output hidden by configuration)").
      const shownOf = (c: CommandRecord, o: Observation, notes: boolean) =>
        labels !== null ? c.report.split('\n').filter((l) => labels.some((x) => l.startsWith(x))).join('\n') : streams.length > 0 ? [...c.lines.filter((l) => streams.includes(l.stream)).map((l) => l.text), ...(notes ? c.notices.filter((n) => streams.some((x) => n.includes(`${x}:`))) : [])].join('\n') : textOf(c, o, output, a, notes);
      const unshownOf = (commands: readonly CommandRecord[]) => (ofPrinted ? commands.flatMap((c) => lostUnasked(c, printedStreams).map((x) => (commands.length > 1 ? `command ${c.index + 1}: ${x}` : x))) : []);
      const each = perCommand(a, text, (c, o) => printedVerdict(named((notes) => shownOf(c, o, notes), c, o), a.negated, unshownOf([c])), { quoted: true });
      // No command named ("its error says …", "the report reads …"): the whole report, every command's part and the run's messages, says it.
      const whole = (o: Observation): Verdict => {
        const shown = (notes: boolean) => [...o.record.commands.map((c) => shownOf(c, o, notes)), ...(streams.length > 0 || output || labels !== null ? [] : [unquoted(o.record.messages.join('\n'), o, a)])].join('\n');
        const by = [undefined, ...o.record.commands];
        const said = placed ? [by.some((c) => namedByOneError(objects, shown(notesSought), c, o))] : objects.map((m) => by.some((c) => seek(m, shown(m.ofNotes === true), c, o)));
        return printedVerdict({ ok: held(said) && wholeLines(shown(false)), actual: shown(notesSought).split('\n').slice(0, 12).join(' ⏎ ') }, a.negated, unshownOf(o.record.commands));
      };
      const commandNamed = a.entities('ordinal').some((x) => x.of === 'command') || a.has('HOST', 'CONTAINER');
      if (every) return a.negated || commandNamed ? null : ofEvery(every, { text, evaluate: each.evaluate });
      const echoed = ofReport && reportDenies(a) ? a.entities('quoted').map((q) => q.text) : [];
      // A run that stopped at its configuration has only the messages about it.
      return { text: commandNamed ? each.text : text, evaluate: (o) => undecidedByEcho(echoed, o) ?? (o.record.commands.length === 0 && !output ? named(() => o.record.messages.join('\n'), undefined, o) : commandNamed ? each.evaluate(o) : whole(o)) };
    },
  },
  {
    // "`compiling` is listed under `Partial Output:`", "the notice under `Partial Output:` reads `(…)`": a text in the block a heading of the report opens.
    name: 'under a heading',
    needs: [['UNDER'], ['E:quoted']],
    allows: ['E:quoted', 'OUTPUT', 'NOTICE', 'MENTION', 'SHOWN'],
    build(a) {
      const quoted = a.entities('quoted').map((q) => q.text);
      const headings = quoted.filter((q) => q.endsWith(':'));
      const texts = quoted.filter((q) => !q.endsWith(':'));
      // "the first line under `Output:` is `x`": a line of the block by its place, the texts of the report's to read.
      if (headings.length !== 1 || texts.length === 0 || a.negated || a.entities('ordinal').some((x) => x.of === 'line') || a.has('LAST_LINE')) return null;
      const [heading] = headings;
      const elsewhere = beforeUnder(a);
      const inBlock = texts.filter((x) => !elsewhere.includes(x));
      const said = `the block under ${JSON.stringify(heading)} in the report contains ${inBlock.map((x) => JSON.stringify(x)).join(' and ')}`;
      const headed = (c: CommandRecord) => c.report.split('\n').some((l) => l.trim() === heading);
      const check = (c: CommandRecord): Verdict => {
        const lines = c.report.split('\n');
        const start = lines.findIndex((l) => l.trim() === heading);
        const end = start < 0 ? -1 : lines.findIndex((l, i) => i > start && l.trim() === '');
        const block = start < 0 ? [] : lines.slice(start + 1, end < 0 ? undefined : end);
        const ok = block.length > 0 && inBlock.every((x) => block.some((l) => quotedIn(x, l))) && elsewhere.every((x) => lines.some((l) => quotedIn(x, l)));
        return { ok, actual: start < 0 ? `no line ${JSON.stringify(heading)} in the report` : block.slice(0, 8).join(' ⏎ ') };
      };
      const whole = elsewhere.length > 0 ? `the report contains ${elsewhere.map((x) => JSON.stringify(x)).join(' and ')} ∧ ${said}` : said;
      const each = perCommand(a, whole, check, { quoted: true });
      // "`starting` is listed under `Partial Output:`", said of no command in a run of several: the block is a part only some
      // reports have (a command that timed out), so it is the block of each report that has one, and at least one has
      // (before: of every command, so a command that succeeded, with no such block, failed a sentence that holds).
      if (each.text !== whole || everyCommand(a) !== null) return each;
      return {
        text: `${whole} (of each report that has that block)`,
        evaluate(o) {
          const holding = o.record.commands.filter(headed);
          if (holding.length === 0) return { ok: false, actual: `no report has a line ${JSON.stringify(heading)}` };
          const verdicts = holding.map(check);
          return { ok: verdicts.every((v) => v.ok), actual: verdicts.map((v, i) => (holding.length > 1 ? `command ${holding[i].index + 1}: ${v.actual}` : v.actual)).join('; ') };
        },
      };
    },
  },
  {
    // "`sleep 4` is announced with `(timeout 2s, from defaultTimeout)`", "the second command is announced as `[2/2] host: …`".
    name: 'the announcement line',
    needs: [['ANNOUNCE'], ['E:quoted', 'E:duration']],
    allows: ['E:quoted', 'E:duration'],
    build(a) {
      const quoted = a.tokens.filter((t) => t.kind === 'entity' && (t.entity.type === 'quoted' || t.entity.type === 'duration'));
      // A quoted text before the verb names the command ("`sleep 4` is announced with …"); those after it are what the line says.
      const verb = a.tokens.findIndex((t) => t.kind === 'word' && t.concepts.includes('ANNOUNCE'));
      const said = quoted.filter((t) => a.tokens.indexOf(t) > verb);
      const subject = quoted.filter((t) => a.tokens.indexOf(t) < verb);
      if (said.length === 0 || subject.length > 1 || a.negated) return null;
      const texts = said.map((t) => t.text);
      // "is announced as `[1/3] host: …`", "the announcement line reads `[2/2] …`": a text from the line's progress mark on,
      // said to be what it reads, is the whole line; "announced with `…`", "says `…`" quote a part of it.
      const before = a.tokens[a.tokens.indexOf(said[0]) - 1];
      const whole = said.length === 1 && said[0].kind === 'entity' && said[0].entity.type === 'quoted' && /^\[\d+\/\d+\] /.test(texts[0]) && !/…|\.\.\./.test(texts[0]) && /\(timeout [^)]+\)$/.test(texts[0].trim()) && before?.kind === 'word' && /(^reads|^is| as|^(?:is |are |was |were )?announced)$/i.test(before.text);
      const check = (c: CommandRecord, o: Observation): Verdict => {
        const line = announcementOf(c, o);
        return { ok: line !== undefined && (whole ? line.trim() === texts[0].trim() : texts.every((x) => quotedIn(x, line))), actual: line ?? 'no announcement line' };
      };
      const ofEach = perCommand(a, whole ? `the announcement line == ${JSON.stringify(texts[0])}` : `the announcement line contains ${texts.map((x) => JSON.stringify(x)).join(' and ')}`, check, { quoted: subject.length === 0 });
      // "the third command is announced as `[3/3] host: … (not run)`": a command failFast did not start has no record, its announcement only.
      const place = a.entities('ordinal').find((o) => o.of === 'command')?.index;
      if (typeof place !== 'number') return ofEach;
      return {
        text: ofEach.text,
        async evaluate(o) {
          const line = notRunLines(o, place)[0];
          if (line === undefined) return ofEach.evaluate(o);
          return { ok: whole ? line.trim() === texts[0].trim() : texts.every((x) => quotedIn(x, line)), actual: `not run: ${line}` };
        },
      };
    },
  },
  {
    // "the third command is never announced", "the second is still announced": whether the run printed that command's `[N/M]` line.
    name: 'announced',
    needs: [['ANNOUNCE'], ['E:ordinal']],
    allows: ['E:ordinal', 'COMMAND', 'FILLER'],
    build(a) {
      const ordinals = a.entities('ordinal').filter((x) => x.of === 'command');
      const verbs = a.tokens.filter((t) => t.kind === 'word' && t.concepts.includes('ANNOUNCE'));
      const fillers = a.tokens.filter((t) => t.kind === 'word' && t.concepts.includes('FILLER') && t.concepts.length === 1);
      // "the first is announced `[1/3] host: … (timeout 3s, from command)`": one whole announcement quoted is what the line says, the announcement line's rule.
      const quoted = a.entities('quoted');
      if (quoted.length === 1 && /^\[\d+\/\d+\] .*\(timeout [^)]+\)$/.test(quoted[0].text.trim())) return null;
      if (ordinals.length !== 1 || ordinals.length !== a.entities('ordinal').length || verbs.length !== 1 || !/^(is |are |was |were )?announced$/i.test(verbs[0].text) || fillers.some((t) => !/^(still|also|too|even|ever|at all)$/i.test(t.text))) return null;
      const [{ index }] = ordinals;
      const which = index === 'last' ? 'the last command' : `command ${index + 1}`;
      return {
        text: neg(a.negated, `${which} is announced (the run prints its "[${index === 'last' ? 'M' : index + 1}/M]" line)`),
        evaluate(o) {
          const n = index === 'last' ? o.record.config.commands.length : index + 1;
          const lines = o.record.messages.flatMap((m) => m.split('\n')).filter((l) => /^\[\d+\/\d+\] /.test(l));
          return { ok: n > 0 && not(a.negated, lines.some((l) => l.startsWith(`[${n}/`))), actual: lines.join(' ⏎ ') || 'no command announced' };
        },
      };
    },
  },
  {
    name: 'the values printed',
    needs: [['E:range']],
    allows: ['SHOWN', 'WRITE', 'OUTPUT', 'E:stream', 'EXACTLY', 'FIRST'],
    build(a) {
      const ranges = a.entities('range');
      // Numbers alone: "prints 1 to 10" is the output, line for line; texts numbered alike ("`line1` to `line5`") are lines the texts of the report read.
      if (ranges.length !== 1 || a.negated || !a.has('SHOWN', 'WRITE') || ranges[0].prefix !== undefined) return null;
      const { from, to } = ranges[0];
      if (to < from || to - from > 100_000) return null;
      const streams = streamsOf(a);
      const expected = rangeTexts(ranges[0]);
      // "prints 1 to 10" is the whole of what it printed; "1 to 10 are shown", what the report shows.
      const ofPrinted = !saysShown(a);
      return perCommand(a, `the ${streams.join(' and ')} lines shown are exactly ${from} to ${to}`, (c) => {
        const shown = c.lines.filter((l) => streams.includes(l.stream)).map((l) => l.text.trim());
        const v = { ok: shown.length === expected.length && shown.every((line, k) => line === expected[k]), actual: `${shown.length} lines: ${shown.slice(0, 3).join(', ')}${shown.length > 3 ? ` … ${shown.at(-1)}` : ''}` };
        return printedVerdict(v, false, ofPrinted ? lostUnasked(c, streams) : [], true);
      });
    },
  },
  {
    name: 'the output is',
    needs: [['OUTPUT'], ['E:quoted', 'E:path', 'E:number']],
    allows: ['EXACTLY', 'E:stream', 'SET'],
    build(a) {
      const values = a.tokens.filter((t) => t.kind === 'entity' && ['quoted', 'path', 'number'].includes(t.entity.type));
      // "the third command … with the output `third`": a command's place is whose output; a line's, a line of it.
      if (values.length !== 1 || a.has('MENTION', 'SHOWN', 'WRITE', 'LAST_LINE') || a.entities('ordinal').some((o) => o.of === 'line')) return null;
      // "there is no `Exit Status: Timeout` line": a line of the report, not the whole output.
      if (a.tokens.every((t) => !(t.kind === 'word' && t.concepts.includes('OUTPUT')) || /^lines?$/i.test(t.text))) return null;
      const value = values[0].text;
      const streams = streamsOf(a);
      // "`done` is still in the output": a text among the lines shown, never the whole output.
      const output = a.tokens.findIndex((t) => t.kind === 'word' && t.concepts.includes('OUTPUT'));
      const inside = a.tokens.slice(0, output).filter((t) => !/^(the|its|their)$/i.test(t.text)).at(-1);
      if (inside !== undefined && /^(in|within|inside|among)$/i.test(inside.text)) {
        return perCommand(a, neg(a.negated, `a line of the output shown (${streams.join(' and ')}) contains ${JSON.stringify(value)}`), (c) => {
          const shown = c.lines.filter((l) => streams.includes(l.stream)).map((l) => l.text);
          return printedVerdict({ ok: not(a.negated, shown.some((l) => l.includes(value))), actual: JSON.stringify(shown.join('\n').slice(0, 500)) }, a.negated, lostUnasked(c, streams));
        }, { quoted: true });
      }
      return perCommand(a, neg(a.negated, `the output shown (${streams.join(' and ')}) == ${JSON.stringify(value)}`), (c) => {
        const shown = c.lines.filter((l) => streams.includes(l.stream)).map((l) => l.text).join('\n');
        return printedVerdict({ ok: not(a.negated, shown.trim() === value), actual: JSON.stringify(shown.slice(0, 500)) }, a.negated, lostUnasked(c, streams), true);
      }, { quoted: true });
    },
  },
  {
    // "the only interface it lists is `lo`", "`lo` is the only network interface the command lists": of the interfaces its
    // output names (interfaces.ts), that one and no other. Other lines it prints are no interfaces, so not claimed of.
    name: 'the only network interface listed',
    needs: [['INTERFACE'], ['EXACTLY'], ['E:quoted']],
    allows: ['MENTION', 'SHOWN', 'WRITE', 'OUTPUT', 'REMAIN', 'CONTAINER'],
    build(a) {
      const names = a.entities('quoted').map((q) => q.text.trim());
      // "only": the one word of EXACTLY that says "no other" ("just", "exactly" say a text's measure); "listed", not a container left.
      const words = a.tokens.filter((t) => t.kind === 'word' && !isFunction(t));
      if (names.length !== 1 || !isInterfaceName(names[0]) || a.negated || words.some((t) => (is(t, 'EXACTLY') && !/^only$/i.test(t.text)) || (is(t, 'REMAIN') && !/^listed$/i.test(t.text)))) return null;
      return perCommand(a, `of the network interfaces its output lists, ${JSON.stringify(names[0])} alone`, (c) => {
        const listed = interfacesListed(c.lines.filter((l) => l.stream === 'stdout').map((l) => l.text));
        return { ok: listed.length === 1 && listed[0] === names[0], actual: `interfaces listed: ${listed.join(', ') || 'none'}` };
      }, { quoted: true });
    },
  },
  {
    // "its output is, line by line, `a`, `b` and `c`", "its output is the three lines `a`, `b` and `c`", "its first two output lines are `x` and `y`":
    // the lines it printed, in that order, and no other (or the first of them, where "first" says so).
    name: 'the output is these lines',
    needs: [['OUTPUT'], ['E:quoted']],
    allows: ['E:count', 'E:stream', 'FIRST'],
    build(a) {
      const texts = a.entities('quoted').map((q) => q.text);
      const counts = a.entities('count');
      if (texts.length < 2 || a.negated || counts.length > 1 || (counts[0] && (counts[0].unit !== 'line' || counts[0].n !== texts.length))) return null;
      // The texts stand together at the end, joined by commas and "and" only: an order word or another word between them is read elsewhere.
      const firstText = a.tokens.findIndex((t) => t.kind === 'entity' && t.entity.type === 'quoted');
      if (a.tokens.slice(firstText).some((t) => !(t.kind === 'entity' && t.entity.type === 'quoted') && !(isFunction(t) && /^(,|and)$/i.test(t.text)))) return null;
      // Words for the output: "output", "the lines", "line by line"; a line named alone ("the line") is one line, not these.
      const lineWords = a.tokens.filter((t) => t.kind === 'word' && t.concepts.includes('OUTPUT') && /^lines?$/i.test(t.text)).map((t) => t.text.toLowerCase());
      const lineByLine = lineWords.length === 2 && lineWords.every((w) => w === 'line');
      if (!(lineWords.length === 0 || lineByLine || (lineWords.length === 1 && lineWords[0] === 'lines')) || a.tokens.some((t) => t.kind === 'word' && t.concepts.includes('OUTPUT') && !/^(output|lines?)$/i.test(t.text))) return null;
      const first = a.has('FIRST');
      if (first && !counts[0]) return null;
      const streams = streamsOf(a);
      const list = texts.map((x) => JSON.stringify(x)).join(', ');
      // All the lines it printed, in order, are known only where none was left unshown; its first ones, where the first were kept.
      return perCommand(a, first ? `the first ${texts.length} lines shown are ${list}` : `the lines shown are exactly ${list}, in this order`, (c) => {
        const shown = c.lines.filter((l) => streams.includes(l.stream)).map((l) => l.text.trim());
        const lines = first ? shown.slice(0, texts.length) : shown;
        const v = { ok: lines.length === texts.length && lines.every((l, i) => l === texts[i]), actual: JSON.stringify(shown.slice(0, 12)) };
        return printedVerdict(v, false, first && c.limits.keepOutput !== 'tail' ? [] : lostUnasked(c, streams), true);
      }, { quoted: true });
    },
  },
  {
    name: 'the command prints',
    needs: [['WRITE', 'SHOWN', 'MENTION'], ['E:quoted', 'E:path']],
    allows: ['E:stream', 'TWICE'],
    build(a) {
      const values = [...a.entities('quoted').map((q) => q.text), ...a.entities('path').map((p) => p.text)];
      // What the user sees is the report, the message rule's.
      if (values.length !== 1 || a.has('MESSAGE', 'OUTPUT', 'NOTICE', 'USER')) return null;
      // spec-run's own diagnostics ("spec-run: SIGINT: stopping what runs") go to its stderr, which no record of a run holds: unread, never a command's line.
      if (/^spec-run:/.test(values[0])) return null;
      if (fileBeforeItsVerb(a)) return null;
      // "… with `"event":"timeout"`": JSON members, with no verb of writing, are a line of the `--log` file, not what the command printed.
      if (JSON_MEMBER.test(values[0]) && !a.has('WRITE')) return null;
      const streams = streamsOf(a);
      // "contains `fail`" is met by `failed` too, "prints `1`" never by `10` (texts.ts, saysContained); among the lines a command
      // printed, "does not print `fail`" is broken by `failed` too (soughtWithinWords, below), never in the report, whose notes hold words.
      const within = saysContained(a.tokens) && printedText(values[0]);
      // "prints `x` twice": on two of its lines, no more; of the lines it printed, which its lines shown are only where it printed no other.
      if (a.has('TWICE')) {
        // Of the run, of the report, or denied: no count of a command's lines.
        if (a.negated || runSubject(a) || executorText(values[0]) || (a.has('MENTION') && !a.has('WRITE'))) return null;
        return perCommand(a, `exactly 2 lines printed on ${streams.join(' or ')} contain ${JSON.stringify(values[0])} (every line printed shown, else undecided, a failure)`, (c) => {
          const unshown = notShown(c, streams);
          const lines = JSON.stringify(c.lines.map((l) => l.text).join('\n').slice(0, 500));
          if (unshown.length > 0) return { ok: false, actual: `undecided: ${unshown.join(', ')} (${lines})` };
          return { ok: c.lines.filter((l) => streams.includes(l.stream) && quotedIn(values[0], l.text, within)).length === 2, actual: lines };
        }, { quoted: true });
      }
      // "the run prints `note: …`", "spec-run exec writes …": what the run shows, its announcements, notes and reports, not a line a command wrote.
      if (runSubject(a) && a.entities('stream').length === 0) {
        return {
          text: neg(a.negated, `what spec-run exec shows (announcements, notes, reports) contains ${JSON.stringify(values[0])}${within ? WITHIN_WORDS : ''}`),
          evaluate: (o) => ({ ok: not(a.negated, quotedIn(values[0], o.record.messages.join('\n'), within)), actual: o.record.messages.join(' ⏎ ').slice(0, 500) }),
        };
      }
      // "it shows `Exit Code: 124`", "it says …": with a verb of saying, none of writing ("printed" is the command's) and no stream named, a text of the report (its fields, notices and messages), not a line the command wrote.
      if (((a.has('MENTION') || reports(a)) && !a.has('WRITE') && a.entities('stream').length === 0) || (a.entities('stream').length === 0 && executorText(values[0]))) {
        const every = everyCommand(a) ?? everyReport(a);
        const said = perCommand(a, neg(a.negated, `the report contains ${JSON.stringify(values[0])}${within ? WITHIN_WORDS : ''}`), (c, o) => {
          const report = textOf(c, o, false, a);
          return { ok: not(a.negated, quotedIn(values[0], report, within)), actual: report.split('\n').slice(0, 12).join(' ⏎ ') };
        }, { quoted: true });
        // "both commands say `…`": every command's report, of as many as said.
        const each = every && !a.negated ? ofEvery(every, said) : said;
        // Of no command in particular, in a run that ran none (a configuration refused), the report is what the run printed.
        const { unnamed } = selector(a, true, false);
        return {
          text: each.text,
          evaluate: (o) => (unnamed && o.record.commands.length === 0 ? { ok: not(a.negated, quotedIn(values[0], o.record.messages.join('\n'), within)), actual: o.record.messages.join(' ⏎ ').slice(0, 500) } : each.evaluate(o)),
        };
      }
      // What spec-run exec itself prints (a refused configuration's heading and lines, its announcements, notes and reports) is on
      // its stdout, all of it: "you'll see `hooks.yaml:2:13: …`", "`…` is printed on standard output" of a line only it prints, or of
      // any text in a run that ran no command, are what it printed, on the stream said (on stderr, never).
      const ownLines = (o: Observation) => {
        const printedByRun = quotedIn(values[0], o.record.messages.join('\n'), within);
        const onStdout = streams.includes('stdout');
        return {
          ok: not(a.negated, printedByRun && onStdout),
          actual: `${printedByRun ? `spec-run exec printed it, on its stdout${onStdout ? '' : ' (not on stderr)'}` : 'spec-run exec did not print it'}: ${o.record.messages.join(' ⏎ ').slice(0, 500)}`,
        };
      };
      const ownWhere = `a line spec-run exec printed on ${streams.length === 2 ? 'its output' : streams[0]} contains ${JSON.stringify(values[0])}${within ? WITHIN_WORDS : ''} (spec-run exec writes its own lines on stdout)`;
      if (ownRunLine(values[0])) return { text: neg(a.negated, ownWhere), evaluate: ownLines };
      // "`Build the test image first.` is shown": where the text is the command's configured `message:` and no stream is named, it is
      // shown where spec-run prints that message, on a line of the report, never among the lines the command printed ("prints `x`" is the command's).
      const asMessage = a.entities('stream').length === 0 && !a.has('WRITE');
      const configured = (c: CommandRecord) => asMessage && c.message !== undefined && c.message.split('\n')[0].trim() === values[0].trim();
      // "prints `x`", "does not output `x`": of every line the command printed, which the lines shown decide only where none was left unshown.
      const printed = a.has('WRITE') && !a.has('SHOWN');
      const withinPrinted = (within || (printed && soughtWithinWords(a))) && printedText(values[0]);
      // "it prints `/tmp`": a path printed (as `pwd` or a variable's value prints it) is a whole line; denied, it is in no line at all.
      const pathLine = printed && !a.negated && a.entities('path').some((p) => p.text === values[0] && p.text.startsWith('/'));
      const inWords = withinPrinted ? WITHIN_WORDS : '';
      // "stdout does not contain `x`": of its output as configured, which a cut nobody asked for leaves unknown; "`x` is not shown on stdout", of what the report shows.
      const ofOutput = !printed && !saysShown(a);
      const where = printed ? `a line printed on ${streams.join(' or ')} ${pathLine ? 'is' : 'contains'} ${JSON.stringify(values[0])}${inWords} (${pathLine ? 'a path printed is a whole line; ' : ''}${UNDECIDED_PRINTED})` : `a line shown on ${streams.join(' or ')} contains ${JSON.stringify(values[0])}${inWords}`;
      const ofCommands = perCommand(a, neg(a.negated, `${where}${asMessage ? " (the report's line, where it is the command's configured message)" : ''}`), (c) => {
        if (configured(c)) {
          const shown = messageShown(c.report, values[0], []);
          return { ok: not(a.negated, shown.ok), actual: shown.actual };
        }
        const found = c.lines.some((l) => streams.includes(l.stream) && (pathLine ? l.text.trim() === values[0] : quotedIn(values[0], l.text, withinPrinted)));
        const lines = JSON.stringify(c.lines.map((l) => l.text).join('\n').slice(0, 500));
        return printedVerdict({ ok: not(a.negated, found), actual: lines }, a.negated, printed ? notShown(c, streams) : ofOutput ? lostUnasked(c, streams) : []);
      }, { quoted: true });
      // Of no command in particular, in a run that ran none (its configuration refused): the only lines there are, spec-run exec's own.
      // Denied ("`x` is never printed"), it is said of what the commands print, which none did: read as before.
      if (!selector(a, true, false).unnamed || a.negated) return ofCommands;
      return { text: `${ofCommands.text}; where no command ran, ${neg(a.negated, ownWhere)}`, evaluate: (o) => (o.record.commands.length === 0 ? ownLines(o) : ofCommands.evaluate(o)) };
    },
  },
  {
    name: 'a line of the output',
    // What a place of the report begins with is read with the texts of the report (texts.ts).
    needs: [['E:ordinal', 'LAST_LINE', 'E:position'], ['E:quoted', 'E:path', 'E:number']],
    allows: ['OUTPUT', 'E:stream', 'SET', 'EXACTLY', 'SHOWN', 'WRITE', 'MESSAGE'],
    build(a) {
      // "line 2 of the output is …": a place in the output, not in a file.
      const [position, more] = a.entities('position');
      if (more || position?.column !== undefined || (position && a.entities('ordinal').length > 0)) return null;
      const ordinal = position?.line !== undefined ? { type: 'ordinal' as const, index: position.line - 1, of: 'line' as const } : a.entities('ordinal').find((o) => o.of === 'line');
      const values = a.tokens.filter((t) => t.kind === 'entity' && ['quoted', 'path', 'number'].includes(t.entity.type));
      if (values.length !== 1 || a.entities('ordinal').length !== (ordinal && !position ? 1 : 0) || (ordinal && a.has('LAST_LINE'))) return null;
      // "one line ends with …", "no line ends with …": any line of a place, never its last (texts.ts reads the first).
      if (!ordinal && someLine(a, true)) return null;
      // "the only line of the output ends with `/x`": a line said to end with a text is that line's end, never the whole of the last line.
      const edgeVerb = a.tokens.findIndex((t) => is(t, 'LAST_LINE') && /^(ends|end|finishes|closes)( with)?$/i.test(t.text));
      if (!ordinal && edgeVerb > 0 && a.tokens.slice(0, edgeVerb).some((t) => t.kind === 'word' && /^line$/i.test(t.text))) return null;
      // "every error line ends with `…`": each of them, which the last line alone does not say. Not read.
      if (!ordinal && edgeVerb >= 0 && a.has('EACH')) return null;
      const index = ordinal ? ordinal.index : 'last';
      const value = values[0].text;
      // "the message ends with `Valid: …`": a text of several words closes the place, the end of its last line. A single word or number
      // ("ends with `25`") is a line the command printed, whole, as is a text called a line ("ends with the line `x`").
      const closing = edgeVerb >= 0 && /\s/.test(value.trim()) && !a.tokens.slice(edgeVerb + 1).some((t) => t.kind === 'word' && /^line$/i.test(t.text));
      const isValue = (line: string) => (closing ? line.trim().endsWith(value.trim()) : line.trim() === value);
      const equals = closing ? 'ends with' : '==';
      const streams = streamsOf(a);
      // "the first line of the report", "the report ends with …": the report's lines, not the output's ("line" is no word for the output).
      const report = a.has('MESSAGE') && !a.tokens.some((t) => t.kind === 'word' && t.concepts.includes('OUTPUT') && !/^lines?$/i.test(t.text)) && a.entities('stream').length === 0;
      const name = index === 'last' ? 'the last line' : `line ${index + 1}`;
      // "the first line is `Error: …`", naming neither the output nor the report: the output's first line, the report's (which opens with its verdict), or the first of all spec-run exec printed (its announcement).
      // "the last line printed is `…`", naming neither: the output's last line, or the last line of all the run printed (which ends with the executor's own lines).
      const unnamedPlace = !a.has('MESSAGE') && !a.tokens.some((t) => t.kind === 'word' && t.concepts.includes('OUTPUT') && !/^lines?$/i.test(t.text)) && a.entities('stream').length === 0;
      const unnamed = unnamedPlace && index === 0;
      // "the command ends with `Exit Status: …`": how a command ended, a line its report holds (texts.ts), never the last line printed.
      if (unnamedPlace && !ordinal && !a.tokens.some((t) => t.kind === 'word' && /line/i.test(t.text)) && /^Exit (Code|Status):/.test(value.trim())) return null;
      // "the output ends with `…`", of no command: the run's output is that too (what spec-run exec printed ends with its own lines).
      const runOutput = a.tokens.some((t, i) => t.kind === 'word' && /^output$/i.test(t.text) && /^the$/i.test(a.tokens[i - 1]?.text ?? '')) && !a.has('MESSAGE', 'HOST', 'CONTAINER') && a.entities('stream').length === 0 && !a.entities('ordinal').some((o) => o.of === 'command');
      const unnamedLast = (unnamedPlace || runOutput) && index === 'last' && !a.tokens.some((t) => t.kind === 'word' && /^(its|their)$/i.test(t.text));
      const of = report ? "the command's report (its blank lines left out)" : unnamed ? 'the output shown, or of the report, or of all spec-run exec printed,' : unnamedLast ? 'the output shown, or of all spec-run exec printed,' : 'the output shown';
      // "spec-run prints `…` as its first line": a line of all the run printed.
      const runLines = (o: Observation) => o.record.messages.flatMap((m) => m.split('\n')).filter((l) => l.trim() !== '');
      const runLine = (o: Observation) => {
        const lines = runLines(o);
        const line = index === 'last' ? lines.at(-1) : lines[index];
        return { ok: not(a.negated, line !== undefined && isValue(line)), actual: line === undefined ? `no such line (${lines.length} lines)` : JSON.stringify(line) };
      };
      // "the last line of the report", of no command ("its" names one): the report is all the run printed, which its own closing lines end.
      const wholeReport = report && index === 'last' && selector(a, true, false).text === '' && !a.tokens.some((t) => t.kind === 'word' && /^(its|their)$/i.test(t.text));
      // "the output ends with `interrupted by SIGINT: …`": a line of the run's own, never of a command's output.
      if (runSubject(a) || wholeReport || runText(value) || refusalHeading(value)) return { text: neg(a.negated, `${name} of all spec-run exec printed ${equals} ${JSON.stringify(value)}`), evaluate: runLine };
      const perEach = perCommand(a, neg(a.negated, `${name} of ${of} ${equals} ${JSON.stringify(value)}`), (c) => {
        const shown = c.lines.filter((l) => streams.includes(l.stream)).map((l) => l.text);
        // The report as printed: its verdict first, its output and notices, then a message and the fixes.
        const reportLines = c.report.split('\n').filter((l) => l.trim() !== '');
        const lines = report ? reportLines : shown;
        const line = index === 'last' ? lines.at(-1) : lines[index];
        const matches = line !== undefined && isValue(line);
        const reportMatches = unnamed && reportLines[0] !== undefined && isValue(reportLines[0]);
        return { ok: not(a.negated, matches || reportMatches), actual: `${line === undefined ? `no such line (${lines.length} lines)` : JSON.stringify(line)}${unnamed ? `; the report's: ${JSON.stringify(reportLines[0] ?? '')}` : ''}` };
      }, { quoted: true });
      // Naming no place, of a run that ran no command (its configuration refused): the only lines there are, spec-run exec's own.
      const each: Check = unnamed ? { ...perEach, evaluate: (o) => (o.record.commands.length === 0 ? runLine(o) : perEach.evaluate(o)) } : perEach;
      if (!(unnamedLast || unnamed) || a.negated) return each;
      return {
        text: each.text,
        async evaluate(o) {
          const printed = runLine(o);
          if (printed.ok) return { ok: true, actual: `${name} of all spec-run exec printed: ${printed.actual}` };
          return each.evaluate(o);
        },
      };
    },
  },
  {
    name: 'a container left behind',
    needs: [['CONTAINER'], ['REMAIN']],
    allows: ['SHOWN', 'MENTION', 'END', 'AFTER', 'TIMED_OUT', 'TERMINATE', 'KILL', 'COMPLETE', 'RUNS', 'CREATE', 'FAIL', 'SUCCEED', 'TIMEOUT'],
    build: (a) => containerCheck(a, a.negated ? 'every container created was removed (and docker ps -a lists none of them)' : 'a container is left behind', (_c, gone) => (a.negated ? gone : !gone)),
  },
  {
    name: 'a container removed',
    needs: [['CONTAINER'], ['REMOVE']],
    allows: ['END', 'AFTER', 'TIMED_OUT', 'TERMINATE', 'KILL', 'COMPLETE', 'FAIL', 'SUCCEED', 'TIMEOUT'],
    build: (a) => containerCheck(a, neg(a.negated, 'a container was created, and every container was removed'), (c, gone) => not(a.negated, c.containers.length > 0 && gone)),
  },
  {
    name: 'a container created',
    needs: [['CONTAINER', 'E:count'], ['CREATE']],
    allows: ['E:count', 'IMAGE', 'E:image', 'FIRST', 'EACH', 'EXACTLY'],
    build(a) {
      const counts = a.entities('count').filter((c) => c.unit === 'container');
      // "runs in a container created from the image": where it ran.
      if (a.entities('count').length !== counts.length || counts.length > 1 || a.has('RUNS') || (!a.has('CONTAINER') && counts.length === 0)) return null;
      const n = counts[0]?.n;
      const images = [...a.entities('image').map((i) => i.name), ...(a.has('IMAGE') ? a.entities('quoted').map((q) => q.text) : [])];
      if (images.length > 1 || (a.negated && images.length > 0)) return null;
      const image = images[0];
      const what = a.negated ? 'no container created' : `${n !== undefined ? `containers created == ${n}` : 'a container created and started'}${image ? ` from image ${image}` : ''}`;
      return perCommand(a, what, (c) => ({
        ok: (a.negated ? c.containers.length === 0 : n !== undefined ? c.containers.length === n : c.containers.some((x) => x.created && x.started)) && (!image || c.image?.requested === image),
        actual: `${c.containers.length} container(s)${c.image ? `, image ${c.image.requested}` : ''}`,
      }), { context: !a.tokens.some((_t, i) => restricts(a.tokens, i)), quoted: a.has('IMAGE') });
    },
  },
  {
    name: 'where it ran',
    needs: [['HOST', 'CONTAINER', 'E:image'], ['RUNS', 'CREATE', 'NOT']],
    allows: ['IMAGE', 'E:quoted', 'AT_MOST'],
    build(a) {
      // "inside a container": where, not a bound.
      if (a.tokens.some((t) => t.kind === 'word' && t.concepts.includes('AT_MOST') && !/^(inside|within)$/i.test(t.text))) return null;
      const images = [...a.entities('image').map((i) => i.name), ...(a.has('IMAGE') ? a.entities('quoted').map((q) => q.text) : [])];
      if (a.entities('quoted').length > 0 && !a.has('IMAGE')) return null;
      if (a.has('HOST') && (a.has('CONTAINER') || images.length > 0)) return null;
      // "both host commands run": the word of place restricts which commands the sentence is about, it says nowhere they ran.
      if (!a.tokens.some((t, i) => is(t, 'HOST', 'CONTAINER') && !restricts(a.tokens, i))) return null;
      // "no container is created" says what was created, not where the command ran.
      if (a.has('CREATE') && !a.has('RUNS')) return null;
      const context = a.has('HOST') ? 'host' : 'docker';
      const text = context === 'host' ? 'ran on the host (no container)' : `ran in a container${images[0] ? ` of image ${images[0]}` : ''}`;
      return perCommand(a, neg(a.negated, text), (c) => ({ ok: not(a.negated, c.context === context && (!images[0] || c.image?.requested === images[0])), actual: `${c.context}${c.image ? ` (${c.image.requested} as ${c.image.used})` : ''}` }), { quoted: true, context: true });
    },
  },
  // "on the host and in Docker alike"; "the same timed-out wording a host command gets" (of a container's run): compared with the other context.
  ...([[['HOST'], ['CONTAINER']], [['SAME'], ['HOST', 'CONTAINER']]] as const).map(
    (needs): Rule<Check> => ({
      name: 'same on host and in a container',
      needs: needs.map((group) => [...group]),
      allows: ['END', 'SAME', 'HOST', 'CONTAINER', 'TIMEOUT', 'TIMED_OUT', 'EXIT', 'MESSAGE', 'APPLY', 'SEND', 'TERMINATE', 'KILL', 'SIGNAL', 'E:signal', 'GRACE', 'OUTPUT', 'LIMITED', 'OMITTED', 'SHOWN'],
      refuses: [],
      build(a) {
        if (a.negated) return null;
        const aspect = a.has('MESSAGE') ? 'message' : 'outcome';
        // "both time out": that outcome in each context, not only the same one.
        const timedOut = a.has('TIMED_OUT') || (a.has('TIMEOUT') && a.has('TERMINATE', 'KILL'));
        // "Command 1 times out exactly like on the host": of the command named by its place, not of every command of the run.
        const ordinal = a.entities('ordinal').find((n) => n.of === 'command');
        const at = (commands: readonly unknown[]) => (ordinal === undefined ? undefined : ordinal.index === 'last' ? commands.length - 1 : ordinal.index);
        const text = `${ordinal === undefined ? '' : `the ${ordinal.index === 'last' ? 'last command' : `command ${ordinal.index + 1}`}: `}${aspect === 'message' ? 'the same outcome, exit code and message (but for the duration)' : 'the same outcome and exit code'} on the host and in a container${timedOut ? ', both timed out' : ''}`;
        return {
          text,
          evaluate: async (o) => {
            const other = await o.other();
            const index = at(o.record.config.commands);
            const same = bothContexts(o, other, aspect, index);
            const compared = index === undefined ? [...o.record.commands, ...other.commands] : [o.record.commands[index], other.commands[index]];
            const both = !timedOut || compared.every((c) => c?.outcome === 'timeout');
            return { ok: same.ok && both, actual: same.actual };
          },
        };
      },
    }),
  ),
  {
    name: 'mounted',
    needs: [['MOUNT']],
    allows: ['PROJECT', 'E:path', 'WORKDIR', 'CONFIG'],
    build(a) {
      const paths = a.entities('path');
      if (paths.length > 1) return null;
      const target = paths[0]?.text ?? '/workspace';
      return perCommand(a, neg(a.negated, `the configuration's directory mounted at ${target}`), (c) => ({
        // The configuration's directory as the command sees it: a host path (the mount's source), or in a container its path there (the mount's target).
        ok: not(a.negated, c.mounts.some((m) => m.target === target && (m.source === c.env[DEFAULT_CONFIG_DIR_ENV] || m.target === c.env[DEFAULT_CONFIG_DIR_ENV]))),
        actual: c.mounts.map((m) => `${m.source} → ${m.target}`).join('; ') || 'no mount',
      }));
    },
  },
  {
    name: 'working directory',
    needs: [['WORKDIR', 'RUNS']],
    allows: ['E:path', 'PROJECT', 'CONFIG', 'SET', 'E:quoted', 'WRITE'],
    build(a) {
      const paths = [...a.entities('path').map((p) => p.text), ...a.entities('quoted').map((q) => q.text)];
      if (paths.length > 1 || (paths.length === 0 && !a.has('PROJECT', 'CONFIG'))) return null;
      // "it prints /tmp as its working directory": a line it printed, and the directory it ran in.
      if (a.has('WRITE')) {
        if (paths.length !== 1 || !a.has('WORKDIR') || a.has('PROJECT', 'CONFIG')) return null;
        return perCommand(a, neg(a.negated, `a line shown == ${JSON.stringify(paths[0])}, and working directory == ${paths[0]}`), (c) => ({
          ok: not(a.negated, c.lines.some((l) => l.text.trim() === paths[0]) && c.workdir === paths[0]),
          actual: `working directory ${c.workdir}; lines ${JSON.stringify(c.lines.map((l) => l.text).join('\n').slice(0, 200))}`,
        }), { quoted: true });
      }
      // "runs in /tmp": a directory named by its path; "runs" alone says nothing of one.
      if (!a.has('WORKDIR') && (a.entities('path').length !== 1 || a.entities('quoted').length > 0)) return null;
      const text = paths[0] ? `working directory == ${paths[0]}` : "working directory == the configuration's directory (/workspace in a container)";
      return perCommand(a, neg(a.negated, text), (c) => ({
        ok: not(a.negated, paths[0] ? c.workdir === paths[0] : c.workdir === (c.context === 'docker' ? '/workspace' : c.env[DEFAULT_CONFIG_DIR_ENV])),
        actual: `working directory ${c.workdir}`,
      }), { quoted: true });
    },
  },
  {
    name: 'environment variable',
    needs: [['E:variable']],
    allows: ['SHOWN', 'MENTION', 'SET', 'ENVIRONMENT', 'E:quoted', 'E:path', 'CONFIG', 'PROJECT', 'WORKDIR', 'ABSOLUTE'],
    build(a) {
      const variables = a.entities('variable');
      const values = [...a.entities('quoted').map((q) => q.text), ...a.entities('path').map((p) => p.text)];
      if (variables.length !== 1 || values.length > 1) return null;
      const name = variables[0].name;
      const toConfigDir = values.length === 0 && a.has('CONFIG', 'PROJECT', 'WORKDIR');
      const text = values[0] !== undefined ? `env ${name} == ${values[0]}` : toConfigDir ? `env ${name} == the configuration's directory (absolute)` : `env ${name} is set`;
      return perCommand(a, neg(a.negated, text), (c) => {
        const value = c.env[name];
        const ok = value !== undefined && (values[0] !== undefined ? value === values[0] : !toConfigDir || (value.startsWith('/') && value === c.env[DEFAULT_CONFIG_DIR_ENV]) || value.startsWith('/'));
        return { ok: not(a.negated, ok), actual: value === undefined ? `${name} not set` : `${name}=${value}` };
      }, { quoted: true });
    },
  },
  ...([['REJECT'], ['VALIDATION', 'FAIL'], ['CONFIG', 'FAIL']] as const).map(
    (needs): Rule<Check> => ({
      name: 'configuration rejected',
      needs: needs.map((n) => [n]),
      allows: ['CONFIG', 'MESSAGE', 'MENTION', 'E:key', 'E:quoted', 'E:number', 'E:duration', 'E:position', 'VALIDATION', 'FAIL', 'TIMEOUT', 'WORKDIR', 'MEMORY', 'SHOWN', 'E:count'],
      build(a) {
        // "the error names …": the noun "error" is a message's; failing is said by a verb ("fails to load").
        if (needs[0] === 'CONFIG' && !a.tokens.some((t) => t.kind === 'word' && t.concepts.includes('FAIL') && !t.concepts.includes('MESSAGE'))) return null;
        const named = a.after('MENTION').filter((t) => t.kind === 'entity');
        // Without a naming verb, the field the sentence is about ("the timeout is rejected") is the one an error names.
        const subjects = a.has('MENTION') ? [] : fieldsNamed(a);
        // "the timeout of the third command is rejected": any error naming the field is not that command's; unread.
        if (subjects.length > 0 && a.entities('ordinal').some((o) => o.of === 'command')) return null;
        // Every place the sentence gives is a claim, named or not ("refused with an error at line 3, column 7 that says …").
        const positions = a.tokens.flatMap((t) => (t.kind === 'entity' && t.entity.type === 'position' ? [placeOfError(t.entity)] : []));
        const texts = [...named.filter((t) => !(t.kind === 'entity' && t.entity.type === 'position')).map((t) => (t.kind === 'entity' && t.entity.type === 'key' ? t.entity.name : t.text)), ...subjects];
        if (a.has('MENTION') && named.length === 0) return null;
        // "`stop.commands[0].memory` and `stop.commands[0].user` are each rejected as `…`", "is rejected with `…`": each field's path an error is about, and what that error says;
        // texts said with no naming verb are claims too, never left unchecked.
        const allQuoted = a.tokens.flatMap((t) => (t.kind === 'entity' && t.entity.type === 'quoted' && !named.includes(t) && !namesFile(t.entity.text) ? [t.entity.text] : []));
        // "`maxOutputLines: 20000` is refused with …": a field and its value, as the YAML says them, name the field an error is about (by its path), never a text it holds.
        const settings = allQuoted.flatMap((q) => fieldSetting(q) ?? []);
        const quoted = allQuoted.filter((q) => fieldSetting(q) === null);
        const paths = quoted.filter(fieldPath);
        // A quoted problem line (`controls.yaml:6:15: stop.commands[1].memory: …`) is a line spec-run exec printed, place and message.
        const printed = quoted.filter(problemLine);
        const said = quoted.filter((q) => !fieldPath(q) && !problemLine(q));
        if (a.negated && allQuoted.length > 0) return null;
        if (printed.length > 0) {
          // A place besides the problem line quoted, which gives its own: whose place it is cannot be told.
          if (named.length > 0 || paths.length > 0 || settings.length > 0 || said.length > 0 || positions.length > 0) return null;
          return {
            text: `the configuration is rejected (validation errors, nothing runs), ${printed.map((x) => `a problem line spec-run exec printed reads ${JSON.stringify(x)}`).join(' and ')}`,
            evaluate: (o) => ({
              ok: o.record.errors.length > 0 && o.record.commands.length === 0 && printed.every((x) => problemLinePrinted(x, o)) && subjects.every((t) => o.record.errors.some((e) => e.path.endsWith(t) || e.message.includes(t))),
              actual: o.record.messages.flatMap((m) => m.split('\n')).filter(problemLine).map((l) => l.trim()).join('; ') || 'no problem line',
            }),
          };
        }
        if (settings.length > 0 && (named.length > 0 || paths.length > 0 || settings.length > 1)) return null;
        if (paths.length > 0 || said.length > 0 || settings.length > 0) {
          if (named.length > 0 || (paths.length > 1 && !a.has('EACH') && said.length > 0)) return null;
          const about = (path: string) => (e: { path: string }) => e.path === path || e.path === `stop.${path}` || (settings.includes(path) && e.path.endsWith(`.${path}`));
          paths.push(...settings);
          const says = (e: { message: string }) => said.every((x) => quotedIn(x, e.message));
          // "timeout: is refused with `…`": the one field the sentence is about is the field whose error says the text.
          const subject = paths.length === 0 && subjects.length === 1 && said.length > 0 ? subjects[0] : null;
          const ofSubject = (e: { path: string }) => subject === null || e.path.toLowerCase().endsWith(subject.toLowerCase());
          return {
            text: `the configuration is rejected (validation errors, nothing runs), ${paths.length > 0 ? `${paths.length > 1 ? 'each of ' : ''}${paths.map((p) => (settings.includes(p) ? `the field of ${JSON.stringify(allQuoted.find((q) => fieldSetting(q) === p))}` : JSON.stringify(p))).join(' and ')} with an error of its own` : 'an error'}${positions.map((at) => ` at ${at.text}`).join('')}${said.length > 0 ? ` that says ${said.map((x) => JSON.stringify(x)).join(' and ')}` : ''}${subject !== null ? ` (the error of the field ${subject}: its path ends with it)` : ''}`,
            evaluate: (o) => ({
              ok:
                o.record.errors.length > 0 &&
                o.record.commands.length === 0 &&
                (paths.length > 0 ? paths.every((p) => o.record.errors.some((e) => about(p)(e) && says(e) && positions.every((at) => at.holds(e, o)))) : o.record.errors.some((e) => says(e) && ofSubject(e) && positions.every((at) => at.holds(e, o)))) &&
                subjects.filter((f) => !paths.some((p) => p.endsWith(`.${f}`))).every((t) => o.record.errors.some((e) => e.path.endsWith(t) || e.message.includes(t))),
              actual: o.record.errors.map((e) => `${e.path}: ${e.message}`).join('; ') || 'no error',
            }),
          };
        }
        if (a.negated) return { text: 'the configuration is accepted (no validation error)', evaluate: (o) => ({ ok: o.record.errors.length === 0, actual: o.record.errors.map((e) => e.message).join('; ') || 'no error' }) };
        return {
          text: `the configuration is rejected (validation errors, nothing runs)${texts.length + positions.length > 0 ? `, an error naming ${[...texts.map((t) => JSON.stringify(t)), ...positions.map((p) => p.text)].join(' and ')}` : ''}`,
          evaluate: (o) => ({
            // A place said with a text is that error's place, not any error's.
            ok:
              o.record.errors.length > 0 &&
              o.record.commands.length === 0 &&
              (positions.length > 0 ? o.record.errors.some((e) => texts.every((t) => e.message.includes(t)) && positions.every((at) => at.holds(e, o))) : texts.every((t) => o.record.errors.some((e) => e.message.includes(t)))),
            actual: o.record.errors.map((e) => e.message).join('; ') || 'no error',
          }),
        };
      },
    }),
  ),
  {
    // "because the timeout is negative", "the workdir is relative", "`stop.commands[0].timeout` is refused because only a
    // single unit is allowed": the value the executor refuses, and why.
    name: 'a value refused',
    needs: [Object.keys(FAULTS), ['E:key', 'TIMEOUT', 'WORKDIR', 'MEMORY', 'E:quoted']],
    allows: ['CONFIG', 'PATH', 'REJECT', 'FAIL', 'VALIDATION', 'MESSAGE', 'SET', 'E:quoted', 'REASON', 'NOTICE'],
    build(a) {
      const faults = Object.keys(FAULTS).filter((concept) => a.has(concept));
      if (faults.length !== 1 || a.negated || !refusedFor(a)) return null;
      // "with the hint `(e.g. '300s')`": a refused configuration runs nothing, so its hint is the error's own text; no other notice is.
      if (a.tokens.some((t) => t.kind === 'word' && t.concepts.includes('NOTICE') && !/^hints?$/i.test(t.text))) return null;
      const fault = FAULTS[faults[0]];
      // A duration's fault is a reason the sentence gives for a refusal it says ("rejected because …", "the error says …"), never a value's description alone.
      if (Object.hasOwn(DURATION_FAULTS, faults[0]) && !a.has('REJECT', 'FAIL', 'MESSAGE', 'VALIDATION')) return null;
      const quoted = a.entities('quoted').map((q) => q.text);
      const field = refusedField(a, quoted.filter(fieldPath));
      if (field === null) return null;
      // "is refused with `controls.yaml:10:16: stop.commands[2].workdir: …`": the problem line quoted is a claim too, as spec-run exec printed it.
      const printed = quoted.filter(problemLine);
      // Any other text quoted ("the unknown unit `'x'`") is in the same error's message.
      const said = quoted.filter((q) => !fieldPath(q) && !problemLine(q));
      return {
        text: `the configuration is rejected, an error ${field.text} says it is ${fault.text}${said.map((x) => ` and says ${JSON.stringify(x)}`).join('')}${printed.map((x) => `, a problem line spec-run exec printed reads ${JSON.stringify(x)}`).join('')}`,
        evaluate: (o) => ({
          ok: o.record.commands.length === 0 && o.record.errors.some((e) => field.about(e) && fault.pattern.test(e.message) && said.every((x) => quotedIn(x, e.message))) && printed.every((x) => problemLinePrinted(x, o)),
          actual: o.record.errors.map((e) => `${e.path}: ${e.message}`).join('; ') || 'no error',
        }),
      };
    },
  },
  {
    // "the problems are listed in file order", "three defect lines follow, in the order of their lines in the file": the
    // `file:line:col:` lines of a refused configuration stand as their places stand in the file (and are as many as said).
    name: 'problems in file order',
    needs: [['FILE_ORDER'], ['PROBLEM']],
    allows: ['SHOWN', 'MENTION', 'REMAIN', 'ORDER', 'UNDER', 'SECTION', 'HEADLINE', 'OUTPUT', 'E:number', 'E:count', 'EACH', 'FILLER', 'WRITE'],
    refuses: ['E:quoted', 'E:ordinal', 'E:nth', 'E:position'],
    build(a) {
      const counts = [...a.entities('number').map((n) => n.n), ...a.entities('count').filter((c) => c.unit === 'line').map((c) => c.n)];
      if (a.negated || counts.length > 1 || a.entities('count').some((c) => c.unit !== 'line')) return null;
      // "each" said of the problems, never of their words ("each of them in file order"); a heading is the configuration's `Error:` line, which they stand under.
      if (a.tokens.some((t) => t.kind === 'word' && t.concepts.includes('SECTION') && !/^heading$/i.test(t.text))) return null;
      const n = counts[0];
      return {
        text: `the configuration's problem lines${n === undefined ? '' : ` (${n} of them)`} stand in the order of their places in the file`,
        evaluate: (o) => {
          const places = o.record.errors.map((e) => [e.line ?? 0, e.column ?? 0] as const);
          const ordered = places.every((p, i) => i === 0 || p[0] > places[i - 1][0] || (p[0] === places[i - 1][0] && p[1] >= places[i - 1][1]));
          return { ok: places.length > 0 && ordered && (n === undefined || places.length === n), actual: places.map(([l, c]) => `${l}:${c}`).join(', ') || 'no problem' };
        },
      };
    },
  },
  {
    name: 'configuration accepted',
    needs: [['ACCEPT']],
    allows: ['CONFIG', 'E:key', 'E:quoted', 'E:duration', 'E:number', 'VALIDATION', 'TIMEOUT', 'E:count', 'FAIL'],
    // "the first command is valid": one entry of a configuration, which may be refused as a whole all the same.
    refuses: ['E:ordinal'],
    build(a) {
      // "loads without errors": the negation is the errors', not the loading's.
      if (a.has('FAIL') && !a.negated) return null;
      const rejected = a.negated && !a.has('FAIL');
      return {
        text: rejected ? 'the configuration is rejected (validation errors)' : 'the configuration is accepted (no validation error)',
        evaluate: (o) => ({ ok: (o.record.errors.length === 0) !== rejected, actual: o.record.errors.map((e) => e.message).join('; ') || 'no error' }),
      };
    },
  },
  {
    // "`logs/run.jsonl` is created", "no file `m.jsonl` is created", "`out.txt` is not created": a file in the run's directory (or the project's) after the run.
    name: 'a file created',
    needs: [['E:quoted', 'E:path'], ['CREATE']],
    allows: ['CONFIG', 'WORKDIR', 'AFTER', 'APPLY'],
    refuses: ['HOST', 'CONTAINER', 'RUNS', 'E:ordinal'],
    build(a) {
      const names = [...a.entities('quoted').map((q) => q.text), ...a.entities('path').map((p) => p.text)];
      // A name without an extension is a file where it is said to be created or written ("`ran-marker` is not created"): a
      // command is run, never created; any other verb of this fact ("started", "used") may be said of a command or a container.
      const made = a.tokens.some((t) => t.kind === 'word' && /^(created|written)$/i.test(t.text));
      if (names.length !== 1 || !(looksLikeFile(names[0]) || (made && /^[a-z0-9_][\w.-]*(\/[\w.-]+)*$/.test(names[0])))) return null;
      const [name] = names;
      if (name === LOG_REFERENT) {
        return { text: neg(a.negated, 'the --log file exists after the run'), evaluate: (o) => (o.log ? { ok: not(a.negated, o.log.lines !== null), actual: o.log.lines === null ? `${o.log.name} was not created` : `${o.log.name} has ${o.log.lines.length} line(s)` } : { ok: false, actual: 'the run has no --log file' }) };
      }
      return { text: neg(a.negated, `a file ${name} exists after the run (in its directory)`), evaluate: (o) => ({ ok: not(a.negated, o.files.includes(name)), actual: o.files.join(', ') || 'no file' }) };
    },
  },
  {
    // "it gains a line with `"event":"timeout"`, `"exitCode":124`": a line of the file `--log` named, holding each of those JSON members.
    name: 'a line of the log',
    needs: [['OUTPUT', 'LOG_GROWS'], ['E:quoted']],
    allows: ['SET', 'APPLY', 'LOG_GROWS', 'E:quoted', 'CONFIG'],
    build(a) {
      const quoted = a.entities('quoted');
      const members = quoted.flatMap((q) => q.text.split('\n'));
      // Only members as JSON writes them ("key":value), all of one object: those are the log's, not a text of the report.
      if (a.negated || !a.has('LOG_GROWS') || quoted.length !== 1 || !members.every((m) => JSON_MEMBER.test(m))) return null;
      return {
        text: `one line of the --log file holds ${members.join(', ')}`,
        evaluate: (o) => (o.log?.lines ? { ok: o.log.lines.some((line) => lineHoldsMembers(line, members)), actual: o.log.lines.join(' ⏎ ').slice(0, 600) } : { ok: false, actual: o.log ? `${o.log.name} was not created` : 'the run has no --log file' }),
      };
    },
  },
  {
    // "that line has `"event":"timeout"`, `"exitCode":124`", "the object records …", "it also carries …", "line 2 holds …":
    // members as JSON writes them are only ever the --log file's, so a verb of holding them says a line of that file
    // holds them all; "line N" is its Nth line. Not said of every line, of no line, or of a file or a count (the rule above).
    name: 'a log line holds its members',
    needs: [['E:quoted'], ['MENTION', 'APPLY', 'SET']],
    allows: ['OUTPUT', 'JSON_LINE', 'COMMAND', 'E:position', 'EACH'],
    refuses: ['E:ordinal', 'E:nth'],
    build(a) {
      const quoted = a.entities('quoted');
      const members = quoted.flatMap((q) => q.text.split('\n'));
      if (a.negated || quoted.length !== 1 || !members.every((m) => JSON_MEMBER.test(m))) return null;
      // "each line holds …", "every line has …": every line of the file (and at least one); "each" of no line ("either", "any") is not read.
      const each = a.tokens.filter((t) => is(t, 'EACH'));
      const everyLine = each.length > 0;
      if (everyLine && (each.length > 1 || !/^(each|every|all)$/i.test(each[0].text) || !a.tokens.some((t) => t.kind === 'word' && /^lines?$/i.test(t.text)))) return null;
      // The subject: the line (the object, the record) or "it" for the one the step before named; never a command by name.
      if (a.tokens.some((t) => t.kind === 'word' && ((t.concepts.includes('COMMAND') && !/^it$/i.test(t.text)) || (t.concepts.includes('OUTPUT') && !/^(line|entry|record)$/i.test(t.text))))) return null;
      const positions = a.entities('position');
      if (positions.length > 1 || positions.some((p) => p.line === undefined || p.column !== undefined)) return null;
      // Said of a line the clause names (a line, an object, "it", "line 2"), never of members alone ("… holds two lines with `…`": each or one, not said).
      if (positions.length === 0 && !a.tokens.some((t) => t.kind === 'word' && (/^(it|line|record)$/i.test(t.text) || t.concepts.includes('JSON_LINE')))) return null;
      const nth = positions[0]?.line;
      if (everyLine && nth !== undefined) return null;
      const object = saysJsonObject(a);
      const kind = object ? ', a JSON object,' : '';
      if (everyLine) {
        return {
          text: `every line of the --log file${kind} holds ${members.join(', ')} (and it has one)`,
          evaluate: (o) => {
            if (!o.log?.lines) return { ok: false, actual: o.log ? `${o.log.name} was not created` : 'the run has no --log file' };
            const ok = o.log.lines.length > 0 && o.log.lines.every((line) => lineHoldsMembers(line, members) && (!object || isJsonObject(line)));
            return { ok, actual: o.log.lines.join(' ⏎ ').slice(0, 600) };
          },
        };
      }
      return {
        text: nth === undefined ? `one line of the --log file${kind} holds ${members.join(', ')}` : `line ${nth} of the --log file${kind} holds ${members.join(', ')}`,
        evaluate: (o) => {
          if (!o.log?.lines) return { ok: false, actual: o.log ? `${o.log.name} was not created` : 'the run has no --log file' };
          const holding = (line: string) => lineHoldsMembers(line, members) && (!object || isJsonObject(line));
          const ok = nth === undefined ? o.log.lines.some(holding) : nth >= 1 && nth <= o.log.lines.length && holding(o.log.lines[nth - 1]);
          return { ok, actual: o.log.lines.join(' ⏎ ').slice(0, 600) };
        },
      };
    },
  },
  {
    // "`logs/limits.jsonl` holds exactly one line", "… receives a line with `"event":"timeout"`, `"exitCode":124`",
    // "holds exactly two lines, each a JSON object with …": the lines of the file `--log` named, how many, and the JSON members in one (each) of them.
    name: 'the lines of the log',
    needs: [['E:quoted', 'E:path'], ['E:count', 'JSON_LINE', 'OUTPUT']],
    allows: ['MENTION', 'SET', 'SEND', 'APPLY', 'JSON_LINE', 'EXACTLY', 'EACH', 'OUTPUT', 'E:count', 'CREATE', 'CONFIG'],
    build(a) {
      // "The file `x.jsonl` is created and holds …": the file, created (a file never created holds no line).
      if (a.tokens.some((t) => t.kind === 'word' && ((t.concepts.includes('CONFIG') && !/^file$/i.test(t.text)) || (t.concepts.includes('CREATE') && !/^created$/i.test(t.text))))) return null;
      const named = [...a.entities('quoted').map((q) => q.text), ...a.entities('path').map((p) => p.text)];
      const files = named.filter((x) => /^[\w./-]+\.(jsonl|ndjson|log)$/.test(x));
      const memberTexts = named.filter((x) => x.split('\n').every((m) => JSON_MEMBER.test(m)));
      const counts = a.entities('count');
      // One file, its members said at most once, a count of lines only, and a verb that says the file holds or gets them.
      if (a.negated || files.length !== 1 || files.length + memberTexts.length !== named.length || memberTexts.length > 1 || counts.length > 1 || counts.some((c) => c.unit !== 'line')) return null;
      if (!a.has('MENTION', 'SEND', 'APPLY') || a.tokens.some((t) => t.kind === 'word' && t.concepts.includes('OUTPUT') && !/^lines?$/i.test(t.text))) return null;
      const [file] = files;
      const members = memberTexts[0]?.split('\n') ?? [];
      const count = counts[0]?.n;
      const each = a.has('EACH');
      // "holds exactly one line" is a count; "a line with …", one line among them; "each a JSON object with …", every line.
      // "two lines with …": each of them or one, not said.
      if ((count === undefined && members.length === 0) || (each && members.length === 0) || (a.has('EXACTLY') && count === undefined) || (count !== undefined && count > 1 && members.length > 0 && !each)) return null;
      const object = saysJsonObject(a);
      // "the first line of `x.jsonl` has …": that line, by its place; a place with a count, or with nothing said of the line, is not this rule's.
      const place = /\b(first|second|third|fourth|fifth|last|1st|2nd|3rd|4th|5th)\s+(?:line|entry|record|object)\b/i.exec(a.tokens.map((t) => t.text).join(' '))?.[1].toLowerCase();
      const at = place === undefined ? undefined : place === 'last' ? -1 : ['first', 'second', 'third', 'fourth', 'fifth'].indexOf(place) >= 0 ? ['first', 'second', 'third', 'fourth', 'fifth'].indexOf(place) : Number(place[0]) - 1;
      if (at !== undefined && (count !== undefined || each || members.length === 0)) return null;
      const lineSaid = at !== undefined ? `its ${place} line${object ? ', a JSON object,' : ''}` : `${each ? 'each line' : 'a line'}${object ? ', a JSON object,' : ''}`;
      const said = [count === undefined ? null : `${count} line${count === 1 ? '' : 's'}`, members.length === 0 && !object ? null : members.length === 0 ? lineSaid.replace(/,$/, '') : `${lineSaid} holding ${members.join(', ')}`].filter((x) => x !== null).join(', ');
      return {
        text: `the --log file ${file === LOG_REFERENT ? '' : `${file} `}${a.has('CREATE') ? 'is created and ' : ''}has ${said}${count === 0 && !a.has('CREATE') ? ' (never created, or empty)' : ''}`,
        evaluate(o) {
          if (!o.log) return { ok: false, actual: 'the run has no --log file' };
          if (file !== LOG_REFERENT && o.log.name !== file && !o.log.name.endsWith(`/${file}`)) return { ok: false, actual: `the --log file is ${o.log.name}` };
          const lines = o.log.lines;
          // A file the run never made has no line: "nothing is logged" holds of it (the executor makes none where it has no line to write).
          if (lines === null) return count === 0 && !a.has('CREATE') ? { ok: true, actual: `${o.log.name} was not created` } : { ok: false, actual: `${o.log.name} was not created` };
          const holding = (line: string) => lineHoldsMembers(line, members) && (!object || isJsonObject(line));
          const placed = at === undefined ? undefined : lines.at(at);
          const ok = at !== undefined ? placed !== undefined && holding(placed) : (count === undefined || lines.length === count) && ((members.length === 0 && !object) || (each ? lines.length > 0 && lines.every(holding) : lines.some(holding)));
          return { ok, actual: `${lines.length} line(s): ${lines.join(' ⏎ ').slice(0, 600)}` };
        },
      };
    },
  },
  {
    // "all three commands run", "every command is executed", "both commands ran", "3 commands run": each command of the
    // configuration ran its line (none left unreached, none that could not run), and there are that many. Said of a place,
    // a command by its place or its line, or with a word of order ("in that order"), it is another fact's or none.
    name: 'every command ran',
    needs: [['RUNS'], ['EACH', 'E:count']],
    allows: [],
    refuses: ['HOST', 'CONTAINER', 'E:ordinal', 'E:quoted', 'USER', 'HOOK', 'FILLER'],
    build(a) {
      const counts = a.entities('count');
      if (a.negated || counts.some((c) => c.unit !== 'command') || counts.length > 1 || !a.has('COMMAND') && counts.length === 0) return null;
      const each = a.tokens.filter((t) => is(t, 'EACH'));
      if (each.some((t) => !/^(all|every|each|both)$/i.test(t.text))) return null;
      const n = counts[0]?.n ?? (each.some((t) => /^both$/i.test(t.text)) ? 2 : undefined);
      return {
        text: `every command of the configuration ran its line${n !== undefined ? ` (${n} commands)` : ''}`,
        evaluate: (o) => {
          const ran = o.record.commands.filter((c) => c.outcome !== 'error');
          const ok = o.record.commands.length > 0 && o.record.commands.length === o.record.config.commands.length && ran.length === o.record.commands.length && (n === undefined || ran.length === n);
          return { ok, actual: `${o.record.config.commands.length} configured: ${o.record.commands.map((c) => `${c.run} → ${c.outcome}`).join('; ') || 'no command ran'}` };
        },
      };
    },
  },
  {
    // "both host commands run", "the container commands are started": the commands a word of place picks out ran (started, whatever their end).
    name: 'commands of a place ran',
    needs: [['RUNS'], ['HOST', 'CONTAINER']],
    allows: [],
    refuses: ['E:ordinal', 'E:quoted', 'E:image', 'USER'],
    build(a) {
      const at = a.tokens.findIndex((t) => is(t, 'HOST', 'CONTAINER'));
      if (a.negated || !restricts(a.tokens, at) || a.tokens.filter((t) => is(t, 'HOST', 'CONTAINER')).length > 1) return null;
      const context = is(a.tokens[at], 'HOST') ? 'host' : 'docker';
      const both = a.tokens.some((t) => t.kind === 'word' && /^both$/i.test(t.text));
      const plural = /s$/i.test(a.tokens[at + 1].text);
      const n = both ? 2 : plural ? undefined : 1;
      return {
        text: `the ${context === 'host' ? 'host' : 'container'} command${n === 1 ? '' : 's'} ran${n !== undefined ? ` (${n} of them)` : ''}`,
        evaluate: (o) => {
          const ran = o.record.commands.filter((c) => c.context === context && c.outcome !== 'error');
          return { ok: n === undefined ? ran.length > 0 : ran.length === n, actual: o.record.commands.map((c) => `${c.context}: ${c.run} → ${c.outcome}`).join('; ') || 'no command ran' };
        },
      };
    },
  },
  {
    name: 'nothing runs',
    // "no command is announced": a command is announced as it starts, so none announced is none run; "no command is announced or run" says it twice.
    needs: [['RUNS', 'CREATE', 'ANNOUNCE'], ['NOT']],
    allows: [],
    // "not every command runs", "not all commands ran": some did not, which is not none.
    refuses: ['HOST', 'CONTAINER', 'E:ordinal', 'E:quoted', 'EACH'],
    alternatives: true,
    build(a) {
      if (!a.negated) return null;
      // Alternatives only between the words of this fact ("announced or run"), never others.
      if (a.tokens.some((t, i) => /^or$/i.test(t.text) && ![a.tokens[i - 1], a.tokens[i + 1]].every((w) => w?.kind === 'word' && w.concepts.some((c) => ['RUNS', 'CREATE', 'ANNOUNCE'].includes(c))))) return null;
      // "the command is not announced": a command with outcome error is announced all the same; not read.
      const announced = a.has('ANNOUNCE');
      // "the command never ran", "even though this command never ran": said of a command the run may well report, that its
      // line was never executed: not reached, or it could not run (outcome error, exit 125: its image could not be had, its
      // working directory is missing). "no command ran", "nothing runs": the run holds no command at all.
      const words = a.tokens.map((t) => (t.kind === 'word' ? t.text.toLowerCase() : ''));
      const named = words.findIndex((w, i) => w === 'command' && /^(the|this|that|its)$/.test(words[i - 1] ?? ''));
      if (named >= 0 && announced) return null;
      if (named >= 0) {
        return {
          text: "the command's line never ran (it was not reached, or could not run: outcome error)",
          evaluate: (o) => {
            const lineRan = o.record.commands.filter((c) => c.outcome !== 'error');
            // A run whose configuration was refused ran no command at all: the command's line never ran either.
            const refused = o.record.errors.length > 0 && o.record.commands.length === 0;
            const ok = refused || o.record.commands.length < o.record.config.commands.length || lineRan.length < o.record.commands.length;
            return { ok, actual: o.record.commands.map((c) => `${c.run} → ${c.outcome}, exit ${c.exitCode}`).join('; ') || 'no command ran' };
          },
        };
      }
      // "the job never starts": a command the executor could not start (outcome error: its workdir or image missing, no container of it started) never ran.
      return {
        text: 'no command ran',
        evaluate: (o) => {
          const ran = o.record.commands.filter(started);
          return { ok: ran.length === 0, actual: `${ran.length} command(s) ran${ran.length < o.record.commands.length ? `, ${o.record.commands.length - ran.length} could not start` : ''}` };
        },
      };
    },
  },
  {
    // "the second command still runs", "`echo done` is never started".
    name: 'a command ran',
    needs: [['RUNS', 'CREATE'], ['E:ordinal', 'E:quoted']],
    allows: ['AFTER'],
    refuses: ['HOST', 'CONTAINER', 'E:image', 'USER'],
    build(a) {
      const ordinals = a.entities('ordinal').filter((o) => o.of === 'command');
      const named = a.entities('quoted');
      // A text in the report's own words ("is reported as `Error: …`") is never a command that ran.
      if (ordinals.length + named.length !== 1 || a.entities('ordinal').length !== ordinals.length || (named[0] && (looksLikeFile(named[0].text) || executorText(named[0].text)))) return null;
      // "`ran-marker` is not created": a thing named and said to be created (a file, a container) is never a command said to run.
      if (named[0] && !a.tokens.some((t) => t.kind === 'word' && t.concepts.includes('RUNS')) && a.tokens.some((t) => t.kind === 'word' && /^(created|create|creates)$/i.test(t.text))) return null;
      const which = ordinals[0] ? (ordinals[0].index === 'last' ? 'the last command' : `command ${ordinals[0].index + 1}`) : `\`${named[0].text}\``;
      // A command ran where a process of it started: not one the run never reached (failFast, an interrupt: not in the record),
      // nor one the executor could not run (exit cause 'infrastructure': its working directory missing, its image not had).
      const started = (c: CommandRecord | undefined) => c !== undefined && c.exitCause !== 'infrastructure';
      const ran = (o: Observation) => (ordinals[0] ? started(ordinals[0].index === 'last' ? o.record.commands[o.record.config.commands.length - 1] : o.record.commands[ordinals[0].index]) : o.record.commands.some((c, i) => o.runs[i]?.includes(named[0].text) && started(c)));
      return { text: `${which} ${a.negated ? 'never ran' : 'ran'}`, evaluate: (o) => ({ ok: ran(o) !== a.negated, actual: o.record.commands.map((c) => c.run).join('; ') || 'no command ran' }) };
    },
  },
  {
    // "…, because of the timeout", "…, indicating a timeout": that it timed out.
    name: 'a timeout, said alone',
    needs: [['TIMEOUT']],
    allows: ['OUTCOME'],
    refuses: UNIVERSAL_SLOTS.filter((slot) => slot !== 'FILLER'),
    build: (a) => (a.negated ? null : perCommand(a, 'outcome == timeout', (c) => ({ ok: c.outcome === 'timeout', actual: c.outcome }))),
  },
  {
    // "the image does not exist": it was neither found nor pulled.
    name: 'the image is missing',
    needs: [['IMAGE', 'E:image'], ['MISSING']],
    allows: ['PULL', 'FAIL', 'AFTER', 'E:image'],
    build: (a) =>
      a.negated
        ? null
        : perCommand(a, 'the image could not be found or pulled', (c) => ({
            ok: c.events.some((e) => e.type === 'image' && e.action === 'pull-failed'),
            actual: c.events.flatMap((e) => (e.type === 'image' ? [`${e.image}: ${e.action}`] : [])).join('; ') || `no image event (${c.context})`,
          })),
  },
  {
    name: 'the timeout that applies',
    // "the built-in default of 5 minutes": a default is a timeout's, in a run of commands.
    needs: [['TIMEOUT', 'E:key', 'DEFAULT']],
    allows: ['E:duration', 'APPLY', 'OWN', 'DEFAULT', 'BUILTIN', 'WINS', 'DISABLE', 'FOREVER', 'SET', 'CONFIG', 'E:key', 'LIMITED', 'AFTER'],
    build(a) {
      const [d, more] = a.entities('duration');
      if (more || a.entities('key').some((k) => k.name !== 'timeout' && k.name !== 'defaultTimeout')) return null;
      if (!a.has('TIMEOUT', 'E:key') && !d) return null;
      // "it is not reported as a timeout": how the command ended (the rule of a timeout said alone), not the timeout configured.
      if (classedAs(a)) return null;
      // "…, not a timeout", "it is not a timeout": the noun after "not a" is what the end is (or is not) taken for, not a timeout
      // configured ("no timeout", "without a timeout"): how the command ended, where nothing else of a timeout's setting is said.
      if (notATimeout(a)) {
        if (d || a.has('APPLY', 'OWN', 'DEFAULT', 'BUILTIN', 'WINS', 'DISABLE', 'FOREVER', 'SET', 'CONFIG', 'E:key', 'LIMITED', 'AFTER')) return null;
        return perCommand(a, 'not (outcome == timeout)', (c) => ({ ok: c.outcome !== 'timeout', actual: c.outcome }));
      }
      // "is not run on the host without its limit": two negations (a limit that may not be the timeout, a run denied) are not read as one.
      if (a.tokens.filter((t) => t.kind === 'word' && t.concepts.includes('NOT')).length > 1) return null;
      const source = sourceOf(a);
      if (source === 'conflict') return null;
      type Test = (t: Observation['documented'][number]) => boolean;
      const fromSource: Test = (t) => source === null || (source === 'default' ? t.source !== 'command' : t.source === source);
      const from = source === null ? '' : ` (from ${SOURCE_TEXT[source]})`;
      let text: string;
      let test: Test;
      if (d) {
        text = `timeout == ${showDuration(d.ms)}${from}`;
        test = (t) => t.ms === d.ms && fromSource(t);
      } else if (a.has('DISABLE', 'FOREVER')) {
        text = `no timeout (timeout: none)${from}`;
        test = (t) => t.ms === null && fromSource(t);
      } else if (source !== null && a.has('WINS', 'APPLY')) {
        text = `timeout from ${SOURCE_TEXT[source]}`;
        test = fromSource;
      } else if (source === null && (a.has('APPLY') || a.negated)) {
        // "is not run on the host without its limit": a negated run, or two negations, deny no timeout.
        const negations = a.tokens.filter((t) => t.kind === 'word' && t.concepts.includes('NOT'));
        if (negations.length > 1 || a.tokens.some((t, i) => negations.includes(t) && a.tokens[i + 1]?.kind === 'word' && (a.tokens[i + 1] as { concepts: string[] }).concepts.includes('RUNS'))) return null;
        // "a timeout applies"; "no timeout applies", "runs without any deadline".
        text = a.negated ? 'no timeout (timeout: none)' : 'a timeout applies (not none)';
        return perCommand(a, text, (_c, o, i) => ({ ok: (o.documented[i]?.ms === null) === a.negated, actual: `timeout ${o.documented[i]?.text} (from ${o.documented[i]?.source})` }));
      } else return null;
      return perCommand(a, neg(a.negated, text), (_c, o, i) => ({ ok: not(a.negated, o.documented[i] !== undefined && test(o.documented[i])), actual: `timeout ${o.documented[i]?.text} (from ${o.documented[i]?.source})` }));
    },
  },
  {
    name: 'a field as configured',
    needs: [['E:key'], ['E:number', 'E:quoted', 'E:path', 'E:image']],
    allows: ['SET', 'APPLY', 'CONFIG', 'OWN'],
    build(a) {
      const keys = a.entities('key').map((k) => k.name);
      const values = a.tokens.filter((t) => t.kind === 'entity' && ['number', 'quoted', 'path', 'image'].includes(t.entity.type));
      const fields: Record<string, (c: CommandRecord) => unknown> = {
        maxOutputLines: (c) => c.limits.maxOutputLines,
        memory: (c) => c.limits.memory,
        cpus: (c) => c.limits.cpus,
        network: (c) => c.limits.network,
        user: (c) => c.user,
        workdir: (c) => c.workdir,
        image: (c) => c.image?.requested,
      };
      if (keys.length !== 1 || values.length !== 1) return null;
      const [key] = keys;
      // "the memory setting is reported as `applies in a container only …`": what the error about the field says, never its value.
      if (classedAs(a) || readsAsError(values[0])) {
        if (a.negated || !(values[0].kind === 'entity' && values[0].entity.type === 'quoted')) return null;
        return fieldError(key, values[0].text);
      }
      if (!Object.hasOwn(fields, key)) return null;
      // A memory limit's size ("64m") is the memory limit's own rule's, which reads it as a size.
      if (key === 'memory' && /^\d+[bkmg]?$/i.test(values[0].text.replace(/\s/g, ''))) return null;
      const value = values[0].kind === 'entity' && values[0].entity.type === 'number' ? values[0].entity.n : values[0].text;
      return perCommand(a, neg(a.negated, `${key} == ${JSON.stringify(value)}`), (c) => ({ ok: not(a.negated, String(fields[key](c)) === String(value)), actual: `${key} ${JSON.stringify(fields[key](c) ?? null)}` }), { quoted: true });
    },
  },
  {
    name: 'the user it runs as',
    needs: [['USER'], ['E:quoted', 'E:number']],
    allows: ['SET', 'APPLY'],
    build(a) {
      const values = a.tokens.filter((t) => t.kind === 'entity' && (t.entity.type === 'quoted' || t.entity.type === 'number'));
      if (values.length !== 1) return null;
      // "user gets `must be a user name …`": the error about the field, never a user a command ran as.
      if (readsAsError(values[0])) return a.negated ? null : fieldError('user', values[0].text);
      return perCommand(a, neg(a.negated, `runs as user ${values[0].text}`), (c) => ({ ok: not(a.negated, c.user === values[0].text), actual: `user ${c.user ?? '(the image default)'}` }), { quoted: true });
    },
  },
  {
    name: 'the memory limit set',
    needs: [['MEMORY', 'E:key'], ['E:quoted', 'E:duration', 'E:number']],
    allows: ['SET', 'APPLY', 'LIMITED', 'TIMEOUT'],
    build(a) {
      if (a.entities('key').some((k) => k.name !== 'memory') || (!a.has('MEMORY') && a.entities('key').length === 0)) return null;
      const values = a.tokens.filter((t) => t.kind === 'entity' && ['quoted', 'duration', 'number'].includes(t.entity.type));
      const text = values[0]?.text.replace(/\s/g, '').toLowerCase();
      if (values.length !== 1 || !text || !/^\d+[bkmg]?$/.test(text)) return null;
      return perCommand(a, neg(a.negated, `memory limit == ${text}`), (c) => ({ ok: not(a.negated, c.limits.memory === text), actual: `memory ${c.limits.memory ?? 'unlimited'}` }), { quoted: true });
    },
  },
  {
    // "runs with the network disabled", "has no network access".
    name: 'no network',
    needs: [['NETWORK', 'E:key'], ['NOT', 'DISABLE']],
    allows: ['APPLY', 'RUNS', 'LIMITED', 'SET'],
    build(a) {
      if (a.entities('key').some((k) => k.name !== 'network') || (!a.has('NETWORK') && a.entities('key').length === 0) || a.entities('quoted').length > 0) return null;
      if (a.has('DISABLE') && a.negated) return null;
      return perCommand(a, 'network == none (the container has no network)', (c) => ({ ok: c.limits.network === 'none', actual: `network ${c.limits.network ?? '(the engine default)'}` }));
    },
  },
  {
    // "the image is pulled before the command runs".
    name: 'the image pulled',
    needs: [['IMAGE', 'E:image'], ['PULL']],
    allows: ['AFTER', 'AT_MOST', 'FIRST', 'E:image', 'MISSING'],
    build(a) {
      const images = a.entities('image').map((i) => i.name);
      if (images.length > 1) return null;
      return perCommand(a, neg(a.negated, `the image${images[0] ? ` ${images[0]}` : ''} was pulled before the command ran`), (c) => ({
        ok: not(a.negated, c.events.some((e) => e.type === 'image' && e.action === 'pulled' && (!images[0] || e.image === images[0] || c.image?.requested === images[0]))),
        actual: c.events.flatMap((e) => (e.type === 'image' ? [`${e.image}: ${e.action}`] : [])).join('; ') || `no image event (${c.context})`,
      }));
    },
  },
  {
    name: 'memory limit',
    needs: [['MEMORY', 'E:key'], ['KILL', 'TERMINATE', 'TIMED_OUT']],
    allows: ['TIMEOUT', 'AT_MOST', 'LIMITED', 'CONTAINER'],
    build: (a) => a.entities('key').some((k) => k.name !== 'memory') || (!a.has('MEMORY') && a.entities('key').length === 0) ? null : perCommand(a, neg(a.negated, 'killed by its memory limit (exit code 137)'), (c) => ({ ok: not(a.negated, c.exitCause === 'memory-limit'), actual: `${c.outcome} (${c.exitCause})` })),
  },
];

const UNIVERSAL = UNIVERSAL_SLOTS;

/** A sentence about two commands by their place ("the first times out and the second still runs") is one fact each, never one fact of the first. */
const GUARDED: Rule<Check>[] = RULES.map((rule) => ({
  ...rule,
  build(a: Args) {
    if (new Set(a.entities('ordinal').filter((o) => o.of === 'command').map((o) => o.index)).size > 1) return null;
    // "stopped at once", "exits promptly": how soon, against nothing measured; dropped, it would pass a stop that took any time.
    if (a.entities('duration').length === 0 && a.tokens.some((t) => t.kind === 'word' && t.concepts.includes('TIME_WORD') && PROMPTLY.test(t.text))) return null;
    try {
      return rule.build(a);
    } catch (error) {
      if (error instanceof UncheckedText) return withReportTexts(rule, a);
      throw error;
    }
  },
}));

/** The rules whose facts name a configuration error's place. */
const ERROR_PLACE_RULES = new Set(['the message names', 'configuration rejected']);
/** Facts that name an error's place and nothing it says ("the messages name line 5"). */
const placesAlone = new WeakSet<Check>();
/** Facts that name texts or places: what an error may say, or where it is. */
const naming = new WeakSet<Check>();

/** RULE, its facts marked by what they name: an error's place alone, or texts and places at all. */
function markedByWhatItNames<T extends Check>(rule: Rule<T>): Rule<T> {
  return {
    ...rule,
    build(a: Args) {
      const check = rule.build(a);
      const places = a.entities('position').length;
      const texts = a.tokens.filter((t) => t.kind === 'entity' && (t.entity.type === 'quoted' || t.entity.type === 'path' || t.entity.type === 'key')).length;
      if (check !== null && places > 0 && texts === 0 && ERROR_PLACE_RULES.has(rule.name)) placesAlone.add(check);
      if (check !== null && places + texts > 0) naming.add(check);
      return check;
    },
  };
}

/**
 * "the error message names line 5 and column 16", "the error names line 5, and it says `x`": an error's
 * place in one fact and its other place, or what it says, in another, each checked of any error, would
 * pass on two errors; the sentence is read whole (one error), or stays undefined.
 */
function errorPlaceUntied(parts: Check[]): string | null {
  return parts.some((p) => placesAlone.has(p) && parts.some((q) => q !== p && naming.has(q))) ? "an error's place is said in one fact and what it says, or its other place, in another: they are not tied to one error" : null;
}

const SENTENCE_RULES = GUARDED.map(markedByWhatItNames);
const SENTENCE_FALLBACK = [TEXT_RULE, PARTS_COUNTED].map(markedByWhatItNames);

/**
 * "fails with `Exit Code: 125`", "is reported as timed out, with `Exit Code: 124`": a fact,
 * and the texts of the report said beside it, each in the report of the command the fact is
 * about. Null when the fact without those texts is not read.
 */
function withReportTexts(rule: Rule<Check>, a: Args): Check | null {
  // Of a command named by its place, every text said beside the fact is what its report says ("fails with `touch: denied` and `Exit Code: 1`").
  const placed = a.entities('ordinal').some((o) => o.of === 'command');
  const texts = a.tokens.filter((t) => t.kind === 'entity' && t.entity.type === 'quoted' && !HEADINGS.includes(t.entity.text) && (executorText(t.entity.text) || placed));
  // "…, yet the run exits with `3`": a number said as an exit status (a word of exiting, then "with", "of", "is" or none, before it) is a
  // status, never a text the report shows (command 3's `[3/3]` always holds a 3). Not read so.
  const statusWords = /^(with|of|is|was|=|equals|to|becomes|stays)$/i;
  const saidAsStatus = (t: Token) => {
    let i = a.tokens.indexOf(t) - 1;
    while (i >= 0 && a.tokens[i].kind === 'word' && statusWords.test(a.tokens[i].text)) i--;
    return is(a.tokens[i], 'EXIT');
  };
  if (texts.some((t) => /^\d+$/.test(t.text.trim()) && saidAsStatus(t))) return null;
  const rest = args(a.tokens.filter((t) => !texts.includes(t)));
  let fact: Check | null;
  try {
    fact = rule.build(rest);
  } catch (error) {
    if (error instanceof UncheckedText) return null;
    throw error;
  }
  if (fact === null || a.negated) return null;
  const quoted = texts.map((t) => t.text);
  const select = selector(rest, false, false);
  return {
    text: `${fact.text} ∧ ${select.text}the report shows ${quoted.map((x) => JSON.stringify(x)).join(' and ')}`,
    async evaluate(o) {
      const verdict = await fact.evaluate(o);
      const picked = select.pick(o);
      const shown = picked.length > 0 && picked.every(({ command }) => quoted.every((x) => commandLines(command, o).some((line) => quotedIn(x, line))));
      return { ok: verdict.ok && shown, actual: `${verdict.actual}; ${shown ? 'the report shows them' : `the report does not show ${quoted.join(' and ')}`}` };
    },
  };
}

/** "A is V, and so is B", "A is V, as is B": B is V too, said again so that each clause is a fact. */
function unelided(sentence: string): string {
  return sentence.replace(/^(.+)\b(is|are|was|were)\s+([^,]+?),?\s+(?:and so|as)\s+(?:is|are|was|were)\s+(.+)$/i, (_, a: string, verb: string, value: string, b: string) => `${a}${verb} ${value}, and ${b} ${verb} ${value}`);
}

/**
 * "the second is reported with `…` and `…`, about four seconds after its start": a report comes
 * when the command ends, so a time after its start said after what it is reported with is when it
 * ended, said as a clause of its own ("…, and ends about four seconds after its start").
 */
function reportedAt(sentence: string): string {
  if (!/\b(?:is|are|was|were|gets|got) reported\b/i.test(sentence)) return sentence;
  return sentence.replace(
    /,\s+((?:about|roughly|approximately|around|nearly|at least|at most|just over|just under)\s+(?:\d+(?:\.\d+)?|[a-z]+(?:-[a-z]+)?)\s+(?:seconds?|minutes?|milliseconds?|s|ms)\s+after\s+(?:its start|their start|it started|they started))\s*\.?$/i,
    ', and ends $1',
  );
}

/**
 * "the status is `Timeout (signal 15: SIGTERM)`", "the exit status reads `Memory limit (…)`": a value of the report's
 * `Exit Status:` line said without its label (or with the label as the subject) is that line, said with it.
 */
function statusLabelled(sentence: string): string {
  // The line's label said as the subject is the line too: "`Exit Status:` reads `Timeout (…)`".
  return sentence.replace(/(?:\b(?:the |its )?(?:exit )?status(?: line)?|(?:\b(?:the |its ))?`Exit Status:`(?: line)?) (?:is|reads|was|says|shows|is shown as|is reported as|is given as) `([^`]+)`/gi, (whole, value: string) =>
    statusValue(value) ? `the exit status line reads \`Exit Status: ${value}\`` : whole,
  );
}

/**
 * "the exit code shown and returned is 124": a code shown (the report's) and returned (by spec-run exec, its status), two
 * codes said equal; "returned" says what the process gives back, never how the command ended.
 */
function shownAndReturned(sentence: string): string {
  return sentence
    .replace(/\b(?:the |its )?exit (code|status) (shown|reported|printed) and returned (is|was) (\d+)\b/gi, 'the exit $1 $2 $3 $4 and spec-run exec exits with $4')
    .replace(/\b(?:the |its )?exit (?:code|status) returned (?:is|was) (\d+)\b/gi, 'spec-run exec exits with $1');
}

/** "The second (command) …", "the first report …": the words of a sentence's subject that name one command by its place, or null. */
function oneCommandSubject(clause: string): string | null {
  const subject = subjectOf(tokenize(clause));
  const place = subject[0];
  if (place?.kind !== 'entity' || place.entity.type !== 'ordinal' || place.entity.of !== 'command') return null;
  return `the ${place.text} ${subject[1]?.text ?? 'command'}`;
}

/**
 * A part of a sentence cut around its list of texts, said of the one command the sentence opens
 * with ("The second is reported with `a` and `b`, after at least four seconds": the second's
 * time, not every command's) unless it names a subject of its own; read alone when not read so.
 */
function saidOf(subject: string | null, part: string, readPart: (text: string) => Reading<Check>): Reading<Check> {
  const clause = part.replace(/^(and|but|then)\s+/i, '');
  if (subject === null || namesOne(tokenize(clause), tokenize(subject))) return readPart(part);
  const own = /^(its|their)\s+/i.test(clause) ? `${subject}'s ${clause.replace(/^\S+\s+/, '')}` : `${subject} ${clause}`;
  const said = readPart(own);
  return said.ok ? said : readPart(part);
}

/** "None of `a`, `b`, `c` or `d` is printed": a negation over every text of the list, said as "neither `a` nor `b` nor …" is read. */
function noneOfEach(sentence: string): string {
  return sentence.replace(/(^|[,;]\s+|\band\s+)none of (`[^`]+`(?:(?:\s*,\s*(?:or\s+|and\s+|nor\s+)?|\s+(?:or|and|nor)\s+)`[^`]+`)+)/gi, (_, before: string, list: string) => `${before}neither ${list.match(/`[^`]+`/g)!.join(' nor ')}`);
}

/** "`Error: … could not be pulled:` followed by the engine's answer": what follows a text on its line, described by whose answer it is rather than quoted. */
const DESCRIBED_REST = /,?\s+followed by (?:the|its) (?:engine's|docker's|daemon's|registry's) (?:answer|reply|response)(?=\s*[,.;]|\s+and\s|\s*$)/i;

/**
 * SENTENCE read without its described rest of a line, and the text quoted just before that rest
 * continued on its line in what the run printed; null when the sentence has no such rest.
 */
function withDescribedRest(sentence: string): Reading<Check> | null {
  const rest = DESCRIBED_REST.exec(sentence);
  if (!rest) return null;
  const quoted = [...sentence.slice(0, rest.index).matchAll(/`([^`]+)`/g)].at(-1)?.[1];
  if (quoted === undefined || !sentence.slice(0, rest.index).trimEnd().endsWith('`')) return { ok: false, notUnderstood: [rest[0].trim()], reason: 'what follows is said of no text just before it' };
  const reading = readThen(sentence.slice(0, rest.index) + sentence.slice(rest.index + rest[0].length));
  if (!reading.ok) return reading;
  const continued: Check = {
    text: `a line the run printed has ${JSON.stringify(quoted)} with more text after it`,
    evaluate(o) {
      const lines = o.record.messages.flatMap((m) => m.split('\n'));
      const line = lines.find((l) => continuedOn(quoted, l));
      return { ok: line !== undefined, actual: line ?? lines.find((l) => quotedIn(quoted, l)) ?? `no line has ${JSON.stringify(quoted)}` };
    },
  };
  return { ok: true, parts: [...reading.parts, continued], rules: [...reading.rules, 'a text continued on its line'] };
}

/** The engine's listing of containers, in code marks, with options of its own (`docker ps -a --filter label=…`). */
const ENGINE_LISTING = String.raw`\`docker\s+(?:ps|container\s+ls)(?:\s+-a|\s+--all)?(?:\s+--filter[\s=]\S+)*\``;
/** Words that say no more of the containers listed than that they are the run's, and that the run is over. */
// A container named by a name of its own (`spec-run-1`) may be another run's: only the run's name pattern (`spec-run-<pid>-<hex>`, `spec-run-`) is the run's.
// "the container named in the `removed` note": the note spec-run exec prints of the run's container when it removes it.
const OF_THE_RUN = /^(?:(?:a|any|the|that|this|its|of|from|by|leftover|left|over|container|containers|run|name|afterwards|anymore|any\s+more|once|is|are|was|spec-run|spec-run-|`spec-run-(?:[^`]*<[^`]*>[^`]*)?`|labelled|labeled|`[a-z.-]+=[^`]*`|named\s+in\s+the\s+(?:`removed`\s+|removed\s+)?note(?:\s+`container\s+spec-run-(?:<pid>-<hex>|…|\.\.\.)\s+removed`)?),?\s*)*$/i;

/**
 * "`docker ps -a` no longer lists a container of that run", "`docker ps -a --filter label=…` lists nothing afterwards",
 * "nothing left in `docker ps -a`": the engine lists none of the run's containers, which is that every container the
 * run created is gone (asked of the engine when the run is over). Said in these words only, of the run's containers
 * and nothing else; a listing said otherwise is left for readThen to refuse.
 */
function engineListingNone(sentence: string): string {
  const none = '\u0001';
  return sentence
    .replace(new RegExp(String.raw`${ENGINE_LISTING}\s+(?:no\s+longer\s+|does\s+not\s+|doesn't\s+)?(?:lists?|shows?|returns?|has)\s+(?:(?:no|nothing|none)\b)?([^,;.]*)`, 'gi'), (whole: string, rest: string) =>
      /\b(?:no\s+longer|does\s+not|doesn't)\b|\s(?:no|nothing|none)\b/i.test(whole) && OF_THE_RUN.test(rest.trim()) ? none : whole)
    .replace(new RegExp(String.raw`\b(?:nothing|no\s+container)\s+(?:is\s+)?left\s+in\s+${ENGINE_LISTING}`, 'gi'), none)
    // "the container named in the `removed` note is no longer listed by `docker ps -a`", "the container is gone from `docker ps -a`": the same, said of the container.
    .replace(new RegExp(String.raw`\b(the\s+containers?\b[^.;]*?)\s+(?:is|are)\s+(?:(?:no\s+longer|not|never)\s+(?:listed|shown)\s+(?:by|in)|gone\s+from)\s+${ENGINE_LISTING}`, 'gi'), (whole: string, subject: string) => (OF_THE_RUN.test(subject.trim()) ? none : whole))
    .replace(new RegExp(none, 'g'), 'no container of the run is left behind');
}

/** Reads a Then sentence as one check, or a conjunction of clauses, each one check; texts said to follow follow the texts the sentence quoted before them. */
/**
 * "a JSON object with …", "each line is a JSON object": a line said to be an object is one JSON object, parsed, never a
 * text that merely holds the members ("object" alone, as the lexicon's word for a log line, says no more than a line).
 */
const saysJsonObject = (a: Args) => a.tokens.some((t) => t.kind === 'word' && t.concepts.includes('JSON_LINE') && /^json\s+(object|record|document)s?$/i.test(t.text));

/** Whether LINE is one JSON object (not an array, a string or a number). */
function isJsonObject(line: string): boolean {
  try {
    const value: unknown = JSON.parse(line);
    return typeof value === 'object' && value !== null && !Array.isArray(value);
  } catch {
    return false;
  }
}

/** A verb of a plural subject, said of one ("succeed" → "succeeds", "are" → "is"). */
const singular = (verb: string) => ({ are: 'is', were: 'was', have: 'has', do: 'does' })[verb.toLowerCase()] ?? (/(s|sh|ch|x|o)$/i.test(verb) ? `${verb}es` : `${verb}s`);
const COMMAND_PLACE = /\bthe\s+(first|second|third|fourth|fifth|sixth|last)\b(?!\s+(?:lines?|items?|columns?|problems?|errors?|notes?|notices?|times?|runs?|texts?)\b)/gi;

/**
 * "the second is announced with `…`, the third with `…`, and both succeed": "both" alone as a subject is the two commands the
 * sentence named before it by their place, each said of its own; never every command of the run (a third may have run). A
 * sentence naming other than two is left as written.
 */
function bothNamedBefore(sentence: string): string {
  const both = /^(.*?)(?:,\s*|;\s*|\s+)(?:and\s+)?both\s+(?!of\b|the\b|commands?\b|jobs?\b|steps?\b|lines?\b|streams?\b|[`“"])([a-z]+)\b(.*)$/i.exec(sentence);
  if (!both) return sentence;
  const [, before, verb, rest] = both;
  const places = [...new Set([...before.matchAll(COMMAND_PLACE)].map((m) => m[1].toLowerCase()))];
  if (places.length !== 2) return sentence;
  return `${before}, the ${places[0]} ${singular(verb)}${rest}, and the ${places[1]} ${singular(verb)}${rest}`;
}

/**
 * A Then's checks, or why it is not read. A sentence that names several commands by their places, not read as written,
 * is read as its fact said of each of them ("the second and third commands fail": each fails; commands-named.ts).
 */
let thenDepth = 0;
export function readThen(said: string): Reading<Check> {
  // The whole sentence is judged once, before any rule reads a part of it (which may lack the words that define a placeholder).
  if (thenDepth === 0) {
    const unread = unreadPlaceholder(said);
    if (unread !== null) {
      // "`P/hooks`" where the setup starts the run on `P/hooks/stop.yaml`: the run has P, as a directory where spec-run exec
      // starts; read so by the rules of a run's places, it is that directory, never a text.
      const name = unread.ok ? '' : (unread.notUnderstood[0] ?? '').replace(/\/$/, '');
      // (The setup's words are not all at hand: a When step of its own is not; the rules of a run's places check that the run has it.)
      if (!/^[A-Z][A-Z0-9_]*$/.test(name)) return unread;
      thenDepth += 1;
      try {
        const read = readThenAt(notesUnderHeader(said));
        const naming = read.ok ? read.parts.filter((p) => p.text.includes(`${name}/`) || p.text.includes(`\`${name}\``)) : [];
        const placed = naming.length > 0 && naming.every((p) => p.text.includes('a path from where spec-run exec starts'));
        return placed ? read : unread;
      } finally {
        thenDepth -= 1;
      }
    }
  }
  thenDepth += 1;
  try {
    return readThenAt(notesUnderHeader(said));
  } finally {
    thenDepth -= 1;
  }
}

/**
 * A placeholder a quoted text of SENTENCE holds whose shape is not read ("<a duration>"), or a quoted path from a stand-in
 * the sentence does not define ("`W/proj`"): not read, as any reading of it would be a guess. Null where there is none.
 */
function unreadPlaceholder(sentence: string): Reading<Check> | null {
  const shapeless = (sentence.match(/`[^`]*`/g) ?? []).map((span) => placeholderUnread(span.slice(1, -1))).find((p) => p !== null);
  if (shapeless) return { ok: false, notUnderstood: [shapeless], reason: 'a placeholder of a quoted text that says a format in words not read' };
  const standIn = standInPathUnread(sentence);
  if (standIn !== null) return { ok: false, notUnderstood: [standIn], reason: 'a quoted path from a stand-in for a directory the scenario does not define in words read' };
  return null;
}

const NOTE_ORDINAL = String.raw`(first|second|third|fourth|fifth|sixth|last|\d+(?:st|nd|rd|th))`;
/** "the (first) (command's) header (line)", "the header of the second command": a command's announcement, by its place where said. */
const NOTE_HEADER = String.raw`(?:the\s+)?(?:${NOTE_ORDINAL}\s+)?(?:command's\s+)?(?:header|heading|announcement)(?:\s+line)?(?:\s+of\s+the\s+${NOTE_ORDINAL}\s+command)?`;
const NOTE_QUOTED = String.raw`(?:the|a)\s+note\s+(\`[^\`]+\`)`;
const NOTE_ON_HEADER = new RegExp(String.raw`\b${NOTE_HEADER}\s+(?:carries|has|shows|holds|bears|displays|gets|is\s+followed\s+by)\s+${NOTE_QUOTED}`, 'i');
const NOTE_UNDER_HEADER = new RegExp(String.raw`\b(?:under|below|beneath|underneath)\s+${NOTE_HEADER},?\s+(?:(?:there\s+is|is\s+printed|is\s+shown|comes|appears|stands)\s+)?${NOTE_QUOTED}(?:\s+(?:is|gets)\s+(?:printed|shown|written|displayed)|\s+appears|\s+follows)?`, 'i');
/**
 * "the header carries the note `…`", "under the first header the note `…` is printed", "the second command's header is followed
 * by the note `…`": spec-run exec prints a command's notes on their own `  note:` lines below its header, never on it; said so,
 * the note is among that command's notes (written as the words that read them), not a text of the header line.
 */
function notesUnderHeader(sentence: string): string {
  const of = (ord?: string) => (ord === undefined ? "the command's" : `the ${ord} command's`);
  return sentence
    .replace(NOTE_ON_HEADER, (_w, a?: string, b?: string, q?: string) => `${of(a ?? b)} notes include ${q}`)
    .replace(NOTE_UNDER_HEADER, (_w, a?: string, b?: string, q?: string) => `${of(a ?? b)} notes include ${q}`);
}

function readThenAt(said: string): Reading<Check> {
  const sentence = closingLineSaid(headingsNamedUnder(said));
  const another = anotherRunReading(sentence, readThen);
  if (another !== null) return another;
  const own = ownLineOnStream(sentence);
  if (own !== null) return own;
  // "stderr is `error: …` followed by `(run spec-run exec --help for usage)`": spec-run exec's own streams (command-line-refused.ts).
  const streams = ownStreamsReading(sentence, readThen);
  if (streams !== null) return streams;
  const field = logFieldValueSaid(sentence);
  if (field !== null) return field;
  // "`hook.jsonl` has exactly 1 line (the timeout; `exit 5` is not logged)": what the log's lines are, never the commands' outcome.
  const logLines = logLinesSaid(sentence, readThen);
  if (logLines !== null) return logLines;
  const attached = withAttachedClauses(sentence);
  if (attached !== null) return attached;
  const written = readThenPositioned(sentence);
  if (written.ok) return written;
  // "exits with 2 without running anything", "…, although a later command succeeded": the outcome and its qualifier, each a
  // claim (outcome-qualified.ts); only where the sentence does not read whole, whose reading keeps what a part would lose.
  const qualified = outcomeQualifiedReading(sentence, readThen, selfDenied);
  if (qualified !== null) return qualified;
  const together = commandsNamedTogether(sentence);
  if (together === null) return written;
  const each = readThen(together.each);
  const after = together.after === null ? null : readThen(together.after);
  if (!each.ok || (after !== null && !after.ok)) return written;
  return { ok: true, parts: [...each.parts, ...(after?.ok ? after.parts : [])], rules: [...each.rules, ...(after?.ok ? after.rules : [])] };
}

/** A text placed on a line in words ("begins with … and ends with …") first, then word by word. */
function readThenPositioned(sentence: string): Reading<Check> {
  const edges = positionReading(sentence, readThen, true);
  if (edges !== null) return edges;
  const read = readThenWords(sentence);
  // "well before the 30 seconds of the sleep are over", where no rule reads it as written: a bound of that many seconds,
  // and a command of the scenario sleeping that long (domain-facts.ts).
  const sleep = read.ok ? null : sleepBoundSaid(sentence);
  const bySleep = sleep === null ? null : readThen(sleep.sentence);
  if (sleep !== null && bySleep?.ok) return { ok: true, parts: [...bySleep.parts, sleep.check], rules: [...bySleep.rules, "a time said against the command's own sleep"] };
  // A text placed on a line in words no other rule reads ("followed by the file name", "an indented note line which begins with"): read as a whole.
  // The layout of a refusal's lines (its header, then one indented problem line each), a To fix: list's items by position: read as a whole, where nothing else reads it.
  return read.ok ? read : (positionReading(sentence, readThen) ?? refusalLayoutReading(sentence, readThen) ?? fixListReading(sentence) ?? outputSequenceReading(sentence) ?? read);
}

function readThenWords(sentence: string): Reading<Check> {
  // "the heading line reads `[1/1] host: …` with the command text": the announcement, and in it the command's own line.
  const withRun = /^(.*\S)\s*,?\s+with (?:the|its) command(?:'s)? (?:text|line)\.?$/i.exec(sentence);
  if (withRun) {
    const rest = readThen(withRun[1]);
    if (!rest.ok || !rest.parts.some((p) => p.text.includes('the announcement line '))) return { ok: false, notUnderstood: ['with the command text'], reason: 'the command text is read only in its announcement' };
    return { ...rest, parts: [...rest.parts, announcedWithRun(withRun[1])] };
  }
  // What `docker ps` (`-a`) lists is the engine's containers: read only where it is said to list none of the run's (below); else not read.
  // "≈ 3 s (± 0.5 s)": a time with a tolerance is its bounds, first, so that no other reading takes the tolerance's number.
  // Before the rewrites of files-left.ts, which say "no file `x` is created" again in a form whose fact reads only names with an extension.
  const left = directoryLeftReading(sentence, readThen);
  if (left !== null) return left;
  // "`$HOOK_DIR` holds the absolute path of `proj/cfg`", "`SPEC_RUN_CONFIG_DIR` is empty" (domain-facts.ts).
  const variables = variableClausesReading(sentence, readThen);
  if (variables !== null) return variables;
  // "the file `x` in the project directory contains `y` after the run": the file's text, kept after the run (domain-facts.ts).
  const holds = projectFileHolds(sentence);
  if (holds !== null) return { ok: true, parts: [holds], rules: ['a file in the project directory holds a text after the run'] };
  const text = engineListingNone(listedNoneInWords(announcedTimeoutInWords(bothNamedBefore(durationTolerances(reportLabelsNamed(filesLeftSaid(logEventsNamed(logFieldsSaid(fileNeverMade(timeoutWithCode(statusAppositive(sentence))))))))))));
  const timed = timeClaimSaid(text);
  if (timed !== null) {
    const readings = timed.sentences.map(readThen);
    const failed = readings.find((r) => !r.ok);
    if (failed) return failed;
    const parts = [...readings.flatMap((r) => (r.ok ? r.parts : [])), ...timed.checks];
    // What was left aside or read as a bound is said in the reading, beside its last check.
    const last = parts[parts.length - 1];
    if (timed.shown.length > 0 && last) parts[parts.length - 1] = { ...last, text: `${last.text} (${timed.shown.join('; ')})`, evaluate: (o) => last.evaluate(o) };
    return { ok: true, parts, rules: [...readings.flatMap((r) => (r.ok ? r.rules : [])), ...timed.notes] };
  }
  const notReached = timeoutNotReachedSaid(text);
  if (notReached !== null) {
    if ('unread' in notReached) return { ok: false, notUnderstood: [notReached.unread], reason: 'a timeout the report says was not reached, in words not read' };
    const rest = notReached.rest === undefined ? null : readThen(notReached.rest);
    if (rest && !rest.ok) return rest;
    return { ok: true, parts: [notReached.check, ...(rest?.ok ? rest.parts : [])], rules: ['the report says a timeout was not reached', ...(rest?.ok ? rest.rules : [])] };
  }
  const directory = nothingInDirectory(text);
  if (directory) return { ok: false, notUnderstood: [directory], reason: 'a directory said to get no file, which no fact reads' };
  // "a note such as `note: container spec-run-30205-f35005a3 removed`": an example of a text, whose particulars (a pid, a name) are the
  // writer's run's; checked as written, it would fail every other run. Not read.
  const example = /\b(such as|for example|for instance|e\.g\.|like)[\s,:]*(?=[`“])/i.exec(text.replace(/`[^`]*`|“[^”]*”/g, (span) => (span.startsWith('`') ? '`\u0000`' : '“\u0000”')));
  if (example) return { ok: false, notUnderstood: [example[1]], reason: 'a text given as an example, not as the text itself' };
  // "nothing from `4` on", "every line from `x` onwards": a run of lines from a text to the end, which no fact reads (read
  // without it, "from `4`" became the output being that text). Not read.
  const onwards = /\bfrom\s+(?:`[^`]*`|“[^”]*”|\S+)\s+(?:on|onwards?|forwards?|upwards)\b/i.exec(text);
  // Right after a set of lines whose last is the line before it ("shows 1, 2, 3 and nothing from 4 on"), the rules of output items read it.
  if (onwards) return outputItemsReading(text) ?? { ok: false, notUnderstood: [onwards[0]], reason: 'a run of lines from a text to the end, which no fact reads' };
  const comparison = comparedElsewhere(text);
  if (comparison) {
    // "…, as on the host": the claim, and the same in the other place, which the fact that compares checks by running it there.
    const compared = comparison.asSame === undefined ? null : readThen(comparison.asSame);
    if (compared?.ok) return compared;
    return { ok: false, notUnderstood: comparison.words, reason: 'a comparison with a run in another place, read neither as the claim nor as a fact that compares' };
  }
  const listing = /`?docker\s+(?:ps|container\s+ls)(?:\s+-a)?`?/i.exec(text);
  if (listing) return { ok: false, notUnderstood: [listing[0]], reason: "what the engine's listing shows is not read" };
  const described = withDescribedRest(text);
  if (described !== null) return described.ok ? unscopedPartOf(described) : described;
  const byOutcome = TIMED_OUT_ONE.exec(text);
  if (byOutcome) {
    // "the stage that timed out took at least 2 s": what the clause says is of the command that timed out; read of it alone.
    const rest = readThen(text.replace(TIMED_OUT_ONE, 'the command'));
    return rest.ok ? { ...rest, parts: rest.parts.map(ofTheTimedOut) } : rest;
  }
  // A count of output lines in words ("it's showing 5 of 20 output lines", "stdout had 15 lines omitted"), or a notice
  // paraphrased ("a note says the container was removed"), is read as a whole first: word by word, its numbers were taken
  // for texts or counts of lines shown, and its words for texts.
  // A notice placed against the lines kept is read as a whole first: word by word, its count was a count of lines shown.
  const counted = noticePlacedReading(text) ?? linesShownReading(text) ?? noticeSaidReading(text) ?? lineRangesReading(text);
  if (counted !== null) return counted.ok ? counted : (layoutReading(text, readThen) ?? sequenceReading(text, readThen) ?? counted);
  // A run's directory said as what is printed is read as a whole first: word by word, "path" and "directory" were texts.
  const printed = printedPlaceReading(text);
  if (printed !== null) return printed;
  // A placeholder of a quoted text the sentence defines as a directory of the run: read as that directory, not any text.
  const defined = placeholderDefinedReading(text, readThen);
  if (defined !== null) return defined;
  const reading = readSentence(text);
  if (!reading.ok) {
    const other = fieldErrorReading(text) ?? refusalReasonReading(text) ?? messagePartsReading(text) ?? refusalFirstLineReading(text) ?? outputItemsReading(text) ?? saidInWordsReading(text) ?? reading;
    return other.ok ? other : (layoutReading(text, readThen) ?? sequenceReading(text, readThen) ?? other);
  }
  const parts = followingInSentence(text, reading.parts);
  // "shows `a` only, followed by `stdout: ... (1 line omitted)`": a text said to follow the only one is in the place too, which "only" would deny.
  const only = (p: Check) => (p as { only?: true }).only === true;
  if (parts.some(only) && parts.some((p) => (p as { referent?: string }).referent !== undefined)) return { ok: false, notUnderstood: ['only'], reason: 'a place said to hold only some texts, and a text after them' };
  const dropped = numbersDropped(tokenize(text), parts.map((p) => p.text));
  if (dropped.length > 0) return { ok: false, notUnderstood: dropped, reason: 'a number of the sentence that no fact of its reading holds: a clause dropped, or read as another' };
  const placeLost = placeDropped(text, parts.map((p) => p.text));
  if (placeLost.length > 0) return { ok: false, notUnderstood: placeLost, reason: 'a place in the order of the lines that no fact of its reading holds' };
  const orderLost = orderDropped(text, parts.map((p) => p.text));
  if (orderLost.length > 0) return { ok: false, notUnderstood: orderLost, reason: 'a sequence between its parts that no fact of its reading holds' };
  const denied = selfDenied(parts);
  if (denied !== null) return { ok: false, notUnderstood: [], reason: `it reads as a fact and its own denial (${denied}), which no run passes: a word is read in another sense than the writer's` };
  const labelAsText = labelReadAsText(text, parts);
  if (labelAsText !== null) return { ok: false, notUnderstood: [`${labelAsText} line`], reason: `"${labelAsText} line" names the report's line that label opens, which no fact of the reading holds: it was read as a text` };
  return unscopedPartOf({ ...reading, parts: timeOfTheTimedOut(parts) });
}

/** A command named by its outcome, as the subject of a clause: "the stage that timed out", "the one which timed out". */
const TIMED_OUT_ONE = /\bthe\s+(?:command|stage|step|job|one|process)\s+(?:that|which)\s+(?:has\s+)?timed\s+out\b/i;
/** A check said of no command in particular: its text opens with the fact, no selector before it. */
const TIME_OF_NO_COMMAND = /^(?:not \()?(?:outcome == completed, )?(?:elapsed|the duration on the report's `Duration:` line) /;

/** CHECK evaluated on the commands of the run that timed out only (none: it fails, as no command is what it is said of). */
function ofTheTimedOut(check: Check): Check {
  return {
    ...check,
    text: `(the command that timed out) ${check.text}`,
    evaluate(o) {
      const kept = o.record.commands.flatMap((c, i) => (c.outcome === 'timeout' ? [i] : []));
      if (kept.length === 0) return { ok: false, actual: 'no command timed out' };
      const only = <T>(xs: readonly T[]) => kept.map((i) => xs[i]);
      return check.evaluate({ ...o, record: { ...o.record, commands: only(o.record.commands) }, documented: only(o.documented), runs: only(o.runs), synthesized: only(o.synthesized) });
    },
  };
}

/**
 * "The report shows `Error: Command execution timed out after 2s` …, with a Duration of a little over 2 seconds": a time said
 * of no command, beside a text that names a command's timing out, is the time of the command that timed out; checked of each
 * command of a run of several, it would be of the others too (which ran for their own times).
 */
function timeOfTheTimedOut(parts: Check[]): Check[] {
  const timedOut = parts.some((p) => !p.text.startsWith('not (') && /"[^"]*\btimed out\b[^"]*"/i.test(p.text));
  return timedOut ? parts.map((p) => (TIME_OF_NO_COMMAND.test(p.text) ? ofTheTimedOut(p) : p)) : parts;
}

/**
 * "its `Command:` line shows `…`", "the `Exit Status:` line": a label of the report quoted before "line" names the line it
 * opens; the label where a fact of PARTS seeks it as a text (within the announcement, anywhere) is read wrong. The label, or null.
 */
function labelReadAsText(text: string, parts: readonly Check[]): string | null {
  const label = /`([A-Z][\w ]*:)`\s+lines?\b/.exec(text)?.[1];
  return label !== undefined && parts.some((p) => p.text.includes(`contains "${label}"`) || p.text.includes(` and "${label}"`)) ? label : null;
}

/** A check's text scoped to one command ("the command 1: …"). */
const SCOPED = /^(?:\(it: [^)]*\) )?the command \d+: /;
/** A part of a command's own report: its `Duration:` line, a block of it, its lines. */
const PART_OF_A_REPORT = /\bthe report's `Duration:` line\b|^(?:\(it: [^)]*\) )?the block under\b|\bline of the report\b|^(?:\(it: [^)]*\) )?the report\b/;

/**
 * READING unread where it opens with facts of one command ("the first job reports …") and a later fact is of a part of a
 * command's report said of no command ("…, with a `Duration:` between 3.0 s and 3.5 s: the rest did not run"): the sentence
 * speaks of that command, and the fact unscoped would be checked on every command of the run (the others ran for
 * another time, without such a block).
 */
function unscopedPartOf(reading: Extract<Reading<Check>, { ok: true }>): Reading<Check> {
  const [first, ...rest] = reading.parts;
  if (first === undefined || !SCOPED.test(first.text)) return reading;
  // A denial said of no command ("… and `x` does not appear anywhere") is said of every report, the command's among them.
  const unscoped = rest.find((p) => !SCOPED.test(p.text) && PART_OF_A_REPORT.test(p.text) && !/\bnone of\b|^not \(|\bno line\b/.test(p.text));
  return unscoped === undefined ? reading : { ok: false, notUnderstood: [], reason: `a fact of a report's part said of no command ("${unscoped.text}") in a sentence about one command: checked on every command, it would be of the others too` };
}

/**
 * The fact PARTS both state and deny ("stopped with SIGTERM and not killed" read as "stopped …" and "not (stopped …)"),
 * null where there is none: such a reading is the interpreter's, never the writer's meaning.
 */
function selfDenied(parts: readonly Check[]): string | null {
  const inner = (text: string) => /^not \((.*)\)$/.exec(text)?.[1];
  const denial = parts.map((p) => inner(p.text)).find((fact) => fact !== undefined && parts.some((p) => p.text !== `not (${fact})` && p.text.replace(/^\(it: [^)]*\) /, '').startsWith(fact.replace(/^\(it: [^)]*\) /, ''))));
  return denial ?? null;
}

/**
 * "The exit code is 124, as on the host", "like in a container", "as a host command does": a comparison with a run in
 * another place is not what the claim is of (the scenario's command); its words, and where it names the place with a
 * preposition, the sentence with "the same as" there (the fact that compares, which runs the other place), never the
 * command's place. A sentence that says "the same" already is that fact's; not this.
 */
function comparedElsewhere(sentence: string): { words: string[]; asSame?: string } | null {
  const tokens = tokenize(sentence);
  if (tokens.some((t) => is(t, 'SAME'))) return null;
  for (let i = 0; i < tokens.length; i++) {
    const word = tokens[i].text;
    if (tokens[i].kind !== 'word' || !/^(as|like)$/i.test(word)) continue;
    let j = i + 1;
    const preposition = tokens[j]?.kind === 'word' && /^(on|in|inside|under|with)$/i.test(tokens[j].text);
    if (preposition) j++;
    while (tokens[j]?.kind === 'word' && /^(a|an|the|its)$/i.test(tokens[j].text)) j++;
    if (!is(tokens[j], 'HOST', 'CONTAINER')) continue;
    // "runs as a host command": what the command is, not a comparison; "as on the host", "like a host command": one.
    if (!preposition && /^as$/i.test(word) && !/^(does|did|do|would|gets|got)$/i.test(tokens[j + 2]?.text ?? tokens[j + 1]?.text ?? '')) continue;
    const words = tokens.slice(i, j + 1).map((t) => t.text);
    if (!preposition) return { words };
    const at = new RegExp(String.raw`(?:\b(?:just|exactly)\s+)?\b${word}\s+(?=${tokens[i + 1].text}\b)`, 'i');
    return { words, asSame: sentence.replace(at, 'the same as ') };
  }
  return null;
}

/**
 * "…, nothing runs, and the exit status is 2": after a clause saying that no command ran, a
 * status said of no one is spec-run exec's own, the only one there is.
 */
/** "Exit status is 124.": a sentence of the status alone, its article left out as a heading leaves it, is "the exit status is 124". */
const statusAlone = (sentence: string) => sentence.replace(/^\s*exit status(?:\s+is|\s+was|\s*==?|\s*:)?\s+(\d+)\s*\.?\s*$/i, 'the exit status is $1');

/** The parts of the report whose first or last text a sentence names: the announcement line, the report, its output block. */
const EDGED_PLACE = String.raw`(?:announcement(?:\s+line)?|header|heading|progress\s+line|report|output(?:\s+block)?|block)`;
const EDGE_VERBS: Record<string, string> = { ends: 'ends with', closes: 'ends with', starts: 'begins with', begins: 'begins with', opens: 'begins with' };

/**
 * "the announcement ends `(timeout 5s, from command)`", "the report opens `Error: …`": a place of the
 * report whose first or last text is quoted right after the verb, as with "with"; and "the summary note
 * `(Showing …)` closes the output": the text as the subject, the place as the object. Only of the parts
 * of the report named above: of a message ("the message ends `…`", the end of one error line) it is not read.
 */
function placeEdgeBare(sentence: string): string {
  return sentence
    .replace(new RegExp(String.raw`\b(${EDGED_PLACE})\s+(ends|closes|starts|begins|opens)\s+(?=\`)`, 'gi'), (_w, place: string, verb: string) => `${place} ${EDGE_VERBS[verb.toLowerCase()]} `)
    .replace(new RegExp(String.raw`(?:\b((?:the|a|an)\s+(?:[a-z-]+\s+){0,2}))?(\`[^\`]+\`)\s+(ends|closes|starts|begins|opens)\s+(the\s+${EDGED_PLACE})\b`, 'gi'), (_w, noun: string | undefined, quoted: string, verb: string, place: string) => `${place} ${EDGE_VERBS[verb.toLowerCase()]} ${noun ?? ''}${quoted}`);
}

/**
 * "The second announcement ends `…` and that command reports `Exit Code: 124`": "that command" is the
 * command the sentence opened with by its place (its announcement, report or header), said again by
 * its place; else it would be no command in particular, and the clause checked of every report.
 */
function thatCommandByPlace(sentence: string): string {
  const opening = /^\s*the\s+(first|second|third|fourth|fifth|sixth|seventh|eighth|ninth|tenth|last)\s+(?:command's\s+)?(?:command|announcement|report|header|heading)\b/i.exec(sentence);
  return opening ? sentence.replace(/\b(?:that|this|the same)\s+command\b/gi, `the ${opening[1].toLowerCase()} command`) : sentence;
}

/**
 * "reports `OK: command succeeded` with `own` in its output", "succeeds with `own` in its output": texts
 * said to be in its output are a clause of their own (its output contains them), never the whole output,
 * nor words of the report's other texts.
 */
function withTextsInOutput(sentence: string): string {
  return sentence.replace(/\s+with\s+(`[^`]+`(?:(?:\s*,\s*|\s+and\s+|\s*,\s+and\s+)`[^`]+`)*)\s+in\s+(its|their|the)\s+((?:partial\s+)?output)\b/gi, (_w, texts: string, whose: string, output: string) => `, and ${whose} ${output} contains ${texts}`);
}

/**
 * "ends with a `To fix:` list of four hints, the last being `…`", "… of four numbered suggestions, the last of
 * which is `…`", "ends with `To fix:` and four numbered items, the last being `…`": a list whose last item is the
 * text, as "whose last item is" says it, and how many items it has.
 */
function fixesCountedWithLast(sentence: string): string {
  const items = String.raw`(\S+)\s+(numbered\s+)?(?:hints|suggestions|fixes|items|steps)\s*,\s*the\s+last(?:\s+one)?\s+(?:being|of\s+which\s+is)\s+(\`[^\`]+\`)`;
  const rewrite = (numbered: string | undefined, count: string, numberedAfter: string | undefined, last: string) =>
    `a ${numbered || numberedAfter ? 'numbered ' : ''}\`To fix:\` list whose last item is ${last}, and the \`To fix:\` list has ${count} items`;
  return sentence
    .replace(new RegExp(String.raw`\ba\s+(numbered\s+)?\`To fix:\`\s+list\s+of\s+${items}`, 'gi'), (_w, numbered: string | undefined, count: string, after: string | undefined, last: string) => rewrite(numbered, count, after, last))
    .replace(new RegExp(String.raw`\`To fix:\`\s+and\s+${items}`, 'gi'), (_w, count: string, after: string | undefined, last: string) => rewrite(undefined, count, after, last));
}

function runStatusAfterNothing(sentence: string): string {
  return sentence.replace(/(\b(?:nothing|no command|none of (?:the|its) commands)\s+(?:runs|ran|is run|was run|gets run|is started|starts|runs at all)\b[^`]*?(?:,\s*|\s+)(?:and\s+)?)(?:the|its)\s+(exit status|exit code|status)\b/i, "$1spec-run exec's $2");
}

/**
 * "the kept lines are 10, 11 and 12", "the lines retained are `x` and `y`": the lines the output block keeps
 * of what the command printed, named by their content: each a whole line, these and no others, in the order
 * listed (the executor's notes on them, such as the omission indicator, aside). Only a list that ends the sentence.
 */
function keptLines(sentence: string): string {
  const item = String.raw`(?:\`[^\`]+\`|\d+)`;
  const kept = new RegExp(String.raw`^(?:the\s+(?:kept|retained|surviving)\s+lines|the\s+lines\s+(?:kept|retained))\s+(?:are|were)\s+(${item}(?:\s*,\s*${item})*(?:\s*,?\s+and\s+|\s*,\s*)${item})\s*$`, 'i').exec(sentence.trim());
  if (!kept) return sentence;
  const items = kept[1].split(/\s*,\s*(?:and\s+)?|\s+and\s+/).map((x) => x.trim().replace(/^\`|\`$/g, ''));
  return `the output block is ${items.map((x) => `\`${x}\``).join(', then ')}`;
}

/** Whether a run of quoted texts, joined by commas, "and" and "or" alone, has both "and" and "or" among its joining words. */
function andWithOr(tokens: Token[]): boolean {
  // The joining words between the texts of the run so far, and those after its last text (a run's only once a text follows).
  // A joining word before the run's first text ("… exits with 2 and `u`, `v` or `e` …") joins clauses, not texts.
  let run = new Set<string>();
  let pending: string[] = [];
  let texts = 0;
  for (const t of tokens) {
    if (t.kind === 'entity' && t.entity.type === 'quoted') {
      if (texts > 0) pending.forEach((w) => run.add(w));
      pending = [];
      texts++;
    } else if (t.kind === 'word' && /^(,|and|or)$/i.test(t.text)) pending.push(t.text.toLowerCase());
    else [run, pending, texts] = [new Set(), [], 0];
    if (run.has('and') && run.has('or')) return true;
  }
  return false;
}

function readSentence(text: string): Reading<Check> {
  const sentence = runStatusAfterNothing(fixesCountedWithLast(withTextsInOutput(thatCommandByPlace(placeEdgeBare(noneOfEach(unelided(reportedAt(statusLabelled(shownAndReturned(elidedTimeUnits(durationRanges(statusAlone(keptLines(text))))))))))))));
  // "`a1` to `b3`": texts from one to another that are no range of numbered texts; their ends alone are not what it says.
  const spanned = tokenize(sentence).find((t, i, all) => t.kind === 'word' && /^(to|through|thru)$/i.test(t.text) && all[i - 1]?.kind === 'entity' && all[i + 1]?.kind === 'entity' && [all[i - 1], all[i + 1]].every((x) => x.kind === 'entity' && x.entity.type === 'quoted'));
  if (spanned) return { ok: false, notUnderstood: [spanned.text], reason: 'texts from one to another that are not numbered alike' };
  // "`a` and `b` or `c`": texts joined by "and" and "or" at once, (a and b) or c, or a and (b or c); no reading says which.
  if (andWithOr(tokenize(sentence))) return { ok: false, notUnderstood: ['or'], reason: 'texts joined by "and" and by "or" at once, whose grouping no reading knows' };
  const same = (x: Check, y: Check) => x.text === y.text;
  // "`a`, then `b`", "`a`, `b` and `c` are shown": a list of texts is one fact about them all, never one fact each.
  const list = textList(tokenize(sentence));
  const asList = (text: string) => read(text, { rules: [TEXT_RULE], universal: UNIVERSAL, splitAt: [], wholeFirst: true, same });
  // "Under `Output:`, it shows `a`, not `b`": texts shown and texts denied, one fact of one place, never split at its commas.
  if (deniedFrom(args(tokenize(sentence))) >= 0) {
    const contrast = asList(sentence);
    if (contrast.ok) return contrast;
  }
  if (list.list) {
    const whole = asList(sentence);
    if (whole.ok) return whole;
    // "the command succeeds and its output is `a` followed by `b`": the clause of the list as one fact, the others as they read.
    const around = aroundList(sentence);
    if (around && (around.before || around.after)) {
      const subject = oneCommandSubject(sentence);
      const parts = [around.before ? readThen(around.before) : null, around.before ? saidOf(subject, around.list, asList) : asList(around.list), around.after ? saidOf(subject, around.after, readThen) : null].filter((r): r is Reading<Check> => r !== null);
      if (parts.every((r) => r.ok)) return { ok: true, parts: parts.flatMap((r) => (r.ok ? r.parts : [])), rules: parts.flatMap((r) => (r.ok ? r.rules : [])) };
    }
  }
  // "After the output, the report shows `x`": said of the clause it opens.
  const moved = anchorMovedBack(sentence, tokenize);
  if (moved !== null) {
    const back = readThen(moved);
    if (back.ok) return back;
  }
  const reading = read(sentence, { rules: SENTENCE_RULES, fallback: SENTENCE_FALLBACK, untied: errorPlaceUntied, universal: UNIVERSAL, splitAt: [',', 'and', 'but', 'then'], splitAtConcepts: ['REASON'], splitBefore: ['with', 'while', 'whereas'], relativeClauses: true, wordsAsTexts: ['the message names', TEXT_RULE.name], coordinatedTexts: true, wholeFirst: true, same });
  // Texts in an order no fact read: never each text alone, without the order ("`a` followed by `b`, while …": one part reads them in their order).
  const orderRead = (texts: readonly string[] | undefined) => texts !== undefined && list.texts.every((x) => texts.includes(x));
  // "the exit code must be 124, although the command itself exited with 0": a concession says the same fact of something
  // else (the process against what the report says), never a second value of it; a sentence it joins that gives one measure two values is not read.
  const conceded = tokenize(sentence).find((t) => t.kind === 'word' && t.concepts.includes('REASON') && /though/i.test(t.text));
  const measured = (c: Check) => (/ == /.test(c.text) ? c.text.slice(0, c.text.indexOf(' == ')) : null);
  const twice = reading.ok && reading.parts.some((c, i) => measured(c) !== null && reading.parts.some((d, k) => k !== i && measured(d) === measured(c) && d.text !== c.text));
  if (reading.ok && conceded !== undefined && twice) return { ok: false, notUnderstood: [conceded.text], reason: 'a concession says a fact of something other than what the clause before says it of' };
  // "a line that begins with `a` and ends with `b`": one line's two ends, never a line that begins with `a` and the last line of all.
  const twoEnds = tokenize(sentence).findIndex((t, i, all) => t.kind === 'word' && /^(begins|starts|opens)( with)?$/i.test(t.text) && all.slice(i + 1).some((u, k) => u.kind === 'word' && /^and$/i.test(u.text) && /^(ends|finishes|closes)( with)?$/i.test(all.slice(i + 2 + k).find((v) => !(v.kind === 'word' && /^(it|also|then)$/i.test(v.text)))?.text ?? '') && all.slice(i + 1, i + 1 + k).every((v) => v.kind === 'entity' || (v.kind === 'word' && /^(with|the|text|line)$/i.test(v.text)))));
  if (reading.ok && twoEnds >= 0 && /\b(line|one)\s+(that|which)\s+(begins|starts|opens)\b/i.test(sentence)) return { ok: false, notUnderstood: ['ends with'], reason: "one line's beginning and its end are not read as one line" };
  if (reading.ok && list.ordered && !reading.parts.some((p) => orderRead((p as { ordered?: readonly string[] }).ordered))) return { ok: false, notUnderstood: tokenize(sentence).flatMap((t) => (t.kind === 'word' && t.concepts.includes('ORDER') ? [t.text] : [])), reason: 'the order of the texts is not read' };
  // A command failFast did not start shows only its announcement (`[3/3] host: … (not run)`) and the `note: not run: …` under it,
  // never a line of a command that ran: a part that looks for its mark or note anywhere else ("both are shown `(not run)`",
  // looked for in every command's lines) is left unread. Read: the announcement or report of a command named by its place.
  // "both commands are shown `(not run)`": said of every command, the mark is of each command failFast did not start, and
  // "both" says there are two of them.
  const notRunMarks = [...sentence.matchAll(/`([^`]+)`/g)].map((m) => m[1]).filter((x) => /\(not run\)|^(note: )?not run: /.test(x.trim()));
  if (!reading.ok || notRunMarks.length === 0) return reading;
  const both = /\bboth\b/i.test(sentence);
  const parts = reading.parts.map((p) => {
    const marks = notRunMarks.filter((x) => p.text.includes(JSON.stringify(x)));
    if (marks.length === 0) return p;
    // "the third command shows up as `[3/3] host: … (not run)`": a command by its place, which has no report (it never ran): its
    // announcement and the note under it, where spec-run exec prints them.
    const placed = /^the command (\d+): the (announcement line|report) /.exec(p.text);
    if (placed) return notRunAt(Number(placed[1]), marks, placed[2] === 'announcement line' && p.text.includes(' == '));
    return p.text.startsWith(EVERY_COMMAND) && /\b(both|all|each|every)\b/i.test(sentence) ? notRunShown(marks, both ? 2 : undefined) : null;
  });
  if (parts.some((p) => p === null)) return { ok: false, notUnderstood: notRunMarks, reason: 'a command not run is shown only by its announcement and the note under it' };
  return { ...reading, parts: parts as Check[] };
}

/**
 * "the first line is `Error: invalid configuration x.yaml:`, printed on standard output": a line only spec-run exec prints
 * (texts.ts, ownRunLine) and the stream said of it, which is spec-run exec's own stream, never a command's: it writes its
 * own lines on stdout. The claim before the comma is read as it is alone. Null where the sentence is no such claim.
 */
function ownLineOnStream(sentence: string): Reading<Check> | null {
  const m = /^(.*\S)\s*,\s*(?:printed|written|shown|output)\s+(?:on|to)\s+(?:the\s+|its\s+)?(standard output|standard error|stdout|stderr)\s*\.?$/i.exec(sentence);
  if (!m) return null;
  const texts = [...m[1].matchAll(/`([^`]+)`/g)].map((x) => x[1]);
  if (texts.length !== 1 || !ownRunLine(texts[0])) return null;
  const main = readThen(m[1]);
  if (!main.ok) return main;
  const stream = /out/i.test(m[2]) ? 'stdout' : 'stderr';
  const check: Check = {
    text: `spec-run exec printed ${JSON.stringify(texts[0])} on ${stream} (it writes its own lines on stdout)`,
    evaluate: (o) => {
      const found = quotedIn(texts[0], o.record.messages.join('\n'), false);
      return { ok: found && stream === 'stdout', actual: found ? 'spec-run exec printed it, on its stdout' : 'spec-run exec did not print it' };
    },
  };
  return { ok: true, parts: [...main.parts, check], rules: [...main.rules, "spec-run exec's own line, on its stream"] };
}

/** "an `"error"` that starts with `…`", "its `"command"` field is `…`": a field of a JSON line named in quotes, and what its value is said to be. */
const LOG_FIELD_VALUE = /(?:^|,\s*|\s+)(?:and\s+)?(?:an?|the|its)\s+`"([A-Za-z_]\w*)"`\s+(?:(?:field|member|value|entry)\s+)?(?:(?:that|which)\s+)?(starts|begins|opens|ends|finishes|contains|holds|includes|is|equals|reads)\s+(?:with\s+)?`([^`]+)`/i;

/**
 * "The first line has `"event":"could-not-run"` and an `"error"` that starts with `The shell could not start`": a field of a
 * line of the `--log` file, named in quotes, with what its value is (begins with, ends with, contains): that field of that
 * line, never a text of a command's output. Read where the rest of the sentence is one line of the log, by its place
 * ("line 2 of the --log file holds …"); else the sentence is not read (null where it names no such field).
 */
function logFieldValueSaid(sentence: string): Reading<Check> | null {
  const m = LOG_FIELD_VALUE.exec(sentence);
  if (!m) return null;
  const [said, key, verb, value] = m;
  const refused: Reading<Check> = { ok: false, notUnderstood: [`"${key}"`], reason: `the field "${key}" of a line of the --log file is read only beside that line's place and its members` };
  const rest = (sentence.slice(0, m.index) + sentence.slice(m.index! + said.length)).trim();
  if (!/`"[A-Za-z_]\w*":/.test(rest)) return refused;
  const main = readThen(rest);
  if (!main.ok || main.parts.length !== 1) return refused;
  const nth = /^line (\d+) of the --log file(?:, a JSON object,)? holds /.exec(main.parts[0].text);
  if (!nth) return refused;
  const n = Number(nth[1]);
  const how = /^(starts|begins|opens)$/i.test(verb) ? 'begins' : /^(ends|finishes)$/i.test(verb) ? 'ends' : /^(contains|holds|includes)$/i.test(verb) ? 'contains' : 'is';
  const holds = (x: string) => (how === 'begins' ? x.startsWith(value) : how === 'ends' ? x.endsWith(value) : how === 'contains' ? x.includes(value) : x === value);
  const check: Check = {
    text: `line ${n} of the --log file has the field "${key}", a text that ${how === 'is' ? 'is' : how === 'contains' ? 'contains' : `${how} with`} ${JSON.stringify(value)}`,
    evaluate: (o) => {
      if (!o.log?.lines) return { ok: false, actual: o.log ? `${o.log.name} was not created` : 'the run has no --log file' };
      const line = o.log.lines[n - 1];
      if (line === undefined) return { ok: false, actual: `the --log file has ${o.log.lines.length} line(s)` };
      let parsed: unknown;
      try {
        parsed = JSON.parse(line);
      } catch {
        return { ok: false, actual: `line ${n} is no JSON: ${line.slice(0, 300)}` };
      }
      const field = typeof parsed === 'object' && parsed !== null && !Array.isArray(parsed) ? (parsed as Record<string, unknown>)[key] : undefined;
      // A number, true or false said to be the value is its JSON ("is `124`").
      const ok = typeof field === 'string' ? holds(field) : how === 'is' && field !== undefined && JSON.stringify(field) === value.trim();
      return { ok, actual: field === undefined ? `line ${n} has no field "${key}": ${line.slice(0, 300)}` : `"${key}": ${JSON.stringify(field)}` };
    },
  };
  return { ok: true, parts: [...main.parts, check], rules: [...main.rules, 'a field of a line of the log, and its value'] };
}

/** READING with NOTE on what its last check's text says: an attached clause accounted for, not checked. */
function noted(reading: Reading<Check>, note: string): Reading<Check> {
  if (!reading.ok) return reading;
  const last = reading.parts.at(-1)!;
  return { ...reading, parts: [...reading.parts.slice(0, -1), { text: `${last.text} (${note})`, evaluate: last.evaluate }] };
}

/**
 * SENTENCE read as its main claim and the clause attached to it (attached-clauses.ts), where it has one of them:
 * a contrast is a second claim, the command's own status a check of its own, a general justification or the writer's
 * expectation a note in the reading. Null where it has none, or where its contrast read as two claims does not read.
 */
function withAttachedClauses(sentence: string): Reading<Check> | null {
  const joined = contrastsJoined(sentence);
  if (joined !== sentence) {
    const both = readThen(joined);
    return both.ok ? both : null;
  }
  const expected = asExpected(sentence);
  if (expected !== null) return noted(readThen(expected.main), `"${expected.aside}": the writer's expectation of that claim, no claim beyond it`);
  const conceded = ownStatusAttached(sentence);
  if (conceded !== null) {
    const main = readThen(conceded.main);
    return main.ok ? { ok: true, parts: [...main.parts, conceded.check], rules: [...main.rules, "the command's own status"] } : main;
  }
  const apposed = endingAppositive(sentence);
  if (apposed !== null) {
    const main = readThen(apposed.main);
    return main.ok ? { ok: true, parts: [...main.parts, apposed.check], rules: [...main.rules, 'an appositive ending said of the noun before it'] } : main;
  }
  const justified = generalJustification(sentence);
  if (justified !== null) return noted(readThen(justified.main), `"${justified.justification}": a justification said in general, no fact of this run, not checked`);
  return null;
}

/** The announcement of each command SENTENCE places by its mark (`[1/2]`; none: every command) holds the command's own line. */
function announcedWithRun(sentence: string): Check {
  const mark = /`\[(\d+)\/\d+\]/.exec(sentence);
  return {
    text: `${mark ? `the command ${mark[1]}` : 'every command'}: its announcement line holds its command line`,
    evaluate: (o) => {
      const chosen = o.record.commands.filter((c) => mark === null || c.index === Number(mark[1]) - 1);
      const lines = chosen.map((c) => ({ c, line: announcementOf(c, o) ?? '' }));
      return { ok: lines.length > 0 && lines.every(({ c, line }) => line.includes(`: ${announcedLine(c.run)}`)), actual: lines.map(({ line }) => line).join('; ') || 'no command of the run matches' };
    },
  };
}

/** The command at place N (from 1) is one failFast did not start, and its announcement (EXACT: is) or the notes under it hold MARKS. */
function notRunAt(n: number, marks: string[], exact: boolean): Check {
  return {
    text: `the command ${n} was not run (failFast): ${exact ? 'its announcement line ==' : 'its announcement or the note under it (as spec-run exec prints them) holds'} ${marks.map((x) => JSON.stringify(x)).join(' and ')}`,
    evaluate: (o) => {
      const lines = notRunLines(o, n - 1);
      const ok = lines.length > 0 && marks.every((x) => (exact ? lines[0] === x : lines.some((l) => l.includes(x))));
      return { ok, actual: lines.join(' ⏎ ') || `the command ${n} was not a command failFast did not start` };
    },
  };
}

/** Each command failFast did not start (COUNT of them, where said) shows MARKS in its announcement or the notes under it. */
function notRunShown(marks: string[], count: number | undefined): Check {
  return {
    text: `each command not run (failFast)${count === undefined ? '' : `, ${count} of them,`} shows ${marks.map((x) => JSON.stringify(x)).join(' and ')} in its announcement or the note under it`,
    evaluate: (o) => {
      const notRun = o.record.failedFast?.notRun ?? [];
      const shown = notRun.map((i) => notRunLines(o, i));
      const ok = notRun.length > 0 && (count === undefined || notRun.length === count) && shown.every((lines) => marks.every((x) => lines.some((l) => l.includes(x))));
      return { ok, actual: shown.map((lines) => lines.join(' ⏎ ')).join('; ') || 'every command was started' };
    },
  };
}
