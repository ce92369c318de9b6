// The interpreter of executor scenarios as a step provider: where the built-in
// executor vocabulary is active, a step no definition matches is read (a When as the
// setup of the run, a Then as one check of its record) and bound only when every word
// of it is accounted for. Its definition in reports is its interpretation, so a reader
// sees what was checked; a step it cannot read stays undefined, naming the words it
// did not understand.
import { fileURLToPath } from 'node:url';
import { dockerEngine } from '../../../executor/docker.js';
import { placeInDocument } from '../../../parse/block-place.js';
import { readYaml } from '../../../parse/yaml-error.js';
import { loadConfig, type ConfigError } from '../../../executor/config.js';
import type { CodeRef } from '../../../model/plan.js';
import type { World } from '../../../steps/index.js';
import { commandsRun, invalidBlockYaml, StepSkipped, worldInternals } from '../step-world.js';
import { ranByScenarioCode } from '../world.js';
import { existingSubject, placeOfError, setByStep } from '../vocabulary/subject.js';
import { configurationMistakes, statesRefusal } from '../../../translate/refused-block.js';
import { keyedSteps } from '../../../translate/step-keyword.js';
import { conditionUse, preconditionsUse, type ConditionUse, type ScenarioCondition } from './condition.js';
import { configuredValues } from './condition-setup.js';
import { markCode, showDuration } from './lexicon.js';
import { inExecutorTerms, marksAsSubject } from './own-terms.js';
import { inDocumentTerms, termsOf, termsShown, type DocumentTerm } from './document-terms.js';
import { holdsAfterRun, holdsOnlyConfiguration, withPlaceholdersDefined } from './scenario-directory.js';
import { placeholderTreeSaid } from './tree-said.js';
import { inPlainRegister, withoutFrame } from './register.js';
import { inExpectationRegister } from './expectation-register.js';
import { inPlainShape } from './shapes.js';
import { withoutSleepContrast } from './signal-said.js';
import { commandsNotStarted } from './not-started.js';
import { observe, type Observation } from './observation.js';
import { readThen, type Check, type Selector } from './then.js';
import { commandsListed, placeBeyond } from './commands-named.js';
import { processNamed } from './process-named.js';
import { textOwnerNamed } from './domain-facts.js';
import { textsSaidShown } from './texts-shown.js';
import { emptySetup, readWhen, type Setup, type SetupPart } from './when.js';
import { fromNamed, namedBeforeRun, unnamedReason } from './named-directories.js';

export const INTERPRETER_FILE = fileURLToPath(import.meta.url);
/** A document's own nouns, read from its prose: the library hands them to `interpret` only where the interpreter is loaded. */
export { termsOf };

export type Interpretation =
  | { ok: true; kind: 'setup' | 'check'; text: string; run: (this: World) => Promise<void> }
  | { ok: false; notUnderstood: string[]; reason: string };

interface ScenarioState {
  setup: Setup;
  /** What the condition before the YAML block set, or why it was not used. */
  conditionNote: string;
  observation?: Promise<Observation>;
  /** The texts the last Then checked quoted: what "it is followed by `…`" follows. */
  quoted: string[];
  /** The document's line of the step that last set each value of the configuration, by its path (`stop.commands[0].timeout`). */
  setAt: Record<string, number>;
  /** Each value a step said of the run (`run`, `timeoutMs`, `fields.user`), with that step's line: said again otherwise, it is a contradiction. */
  said: Map<string, { value: string; line: number }>;
}

const states = new WeakMap<object, ScenarioState>();

function stateOf(world: World): ScenarioState {
  let state = states.get(world);
  if (!state) {
    const { unit } = worldInternals(world);
    const setup = emptySetup();
    let conditionNote = '';
    if (unit.condition) {
      const use = usedCondition({ text: unit.condition, code: unit.conditionCode, yaml: yamlOf(world)?.text ?? null, terms: termsOf(unit), preconditions: unit.preconditions });
      if (use.kind === 'read') {
        for (const p of use.parts) p.apply(setup);
        conditionNote = `condition read as: ${use.parts.map((p) => p.text).join('; ')}`;
      } else conditionNote = `condition not read, the YAML block alone set up (words not understood: ${use.notUnderstood.join(', ')})`;
    }
    state = { setup, conditionNote, quoted: [], setAt: {}, said: new Map() };
    states.set(world, state);
  }
  return state;
}

function yamlOf(world: World): CodeRef | null {
  return worldInternals(world).unit.configs.find((c) => /^ya?ml$/i.test(c.lang ?? '')) ?? null;
}

/**
 * Why the scenario's YAML block did not read, placed in the document: the executor then runs
 * nothing, and its own message places the error in the block, not in the document. A repeated
 * key is not among them: the executor's loader names it by its field path.
 */
function yamlProblem(world: World): string[] {
  const yaml = yamlOf(world);
  const error = yaml && readYaml(yaml.text, yaml, { uniqueKeys: false }).error;
  return error ? [invalidBlockYaml(worldInternals(world).unit.file, error)] : [];
}

async function observation(world: World): Promise<Observation> {
  const state = stateOf(world);
  if (!state.observation) {
    const { unit, options } = worldInternals(world);
    // Two configurations, or a block the executor would not read as one: no run is the one the scenario gives.
    const mistakes = configurationMistakes(unit);
    if (mistakes.length > 0) throw new Error(mistakes.map((m) => `${m.message} (${unit.file}:${m.line})`).join('\n'));
    const setup = state.setup;
    // A When a built-in expression bound (the seed's vocabulary) described the same command.
    const described = existingSubject(world);
    if (described) {
      setup.fields = { ...described.fields, ...setup.fields };
      if (described.defaultTimeout !== undefined) setup.defaultTimeout ??= described.defaultTimeout;
      if (described.run !== undefined) setup.run ??= described.run;
    }
    const usesDocker = [setup, ...(setup.byCommand ?? [])].some((said) => said?.context === 'docker' || said?.image !== undefined) || /^\s*image\s*:/m.test(yamlOf(world)?.text ?? '');
    if (usesDocker) {
      const engine = await dockerEngine();
      if (!engine.ok) throw new StepSkipped(`${engine.error}. To fix: ${engine.solutions.join('; ')}`);
    }
    // A scenario that names the variable carrying the configuration's directory gets it under that name.
    const configDirEnv = unit.steps.map((s) => /\b([A-Z][A-Z0-9_]*CONFIG_DIR)\b/.exec(s.text)?.[1]).find((name) => name !== undefined);
    // A scenario that names its configuration file ("`stop.yaml` lists …") sees it so named in the executor's messages.
    const configName = [unit.condition ?? '', ...unit.steps.map((s) => s.text)].map((text) => /(?<![\w/.-])([\w-]+\.ya?ml)\b/.exec(text)?.[1]).find((name) => name !== undefined);
    const run = () => observe(yamlOf(world), setup, { imageAliases: options.imageAliases, signal: options.interrupt, configDirEnv, configName, projectDir: options.projectRoot, refusalStated: statesRefusal(unit) });
    state.observation = options.quietGate ? options.quietGate.run('shared', run) : run();
  }
  return state.observation;
}

/**
 * A When: what it says is added to the setup, and the last When of a row of them runs it (the
 * Thens after it check that run's record). The run happens here, in the order the scenario
 * states, and whatever follows: steps of the user's own after it see what the command did, and a
 * scenario of Whens alone still runs what it says.
 */
function setupStep(parts: SetupPart[]) {
  return async function (this: World): Promise<void> {
    const state = stateOf(this);
    if (state.observation) throw new Error('the run was already observed by an earlier Then: a When after it cannot change it');
    const yaml = yamlOf(this);
    const before = configuredValues(yaml, state.setup);
    for (const p of parts) p.apply(state.setup);
    this.attach('setup', parts.map((p) => p.text));
    const line = this.step?.line;
    if (line !== undefined) {
      const contradicted = contradictions(state, line);
      if (contradicted.length > 0) throw new Error(`${contradicted.join('; ')}. ${SAID_TWICE}`);
    }
    if (line !== undefined) for (const [path, value] of configuredValues(yaml, state.setup)) if (before.get(path) !== value) state.setAt[path] = line;
    if (line !== undefined && worldInternals(this).nextStepSetsUp?.(line)) return;
    const o = await observation(this);
    this.attach('run', runSummary(o, state));
    const unstated = await runNotAsStated(o, this);
    if (unstated.length > 0) throw new Error(unstated.join('\n'));
  };
}

/**
 * Why the run O is not the run the scenario states, so that no Then may be checked of it: its
 * configuration refused (or not valid YAML) where no Then expects that, or a command that never
 * started (not found, not executable, its container not started) where the scenario does not
 * say so. A Then about what the command did not do would hold of a command that never ran. Said
 * by whichever step runs the configuration: an interpreted When, else the first Then.
 */
async function runNotAsStated(o: Observation, world: World): Promise<string[]> {
  const refused = rejection(o, world);
  if (refused.length > 0 && !(await refusalExpected(o, world))) return [...refused, ...yamlProblem(world), NO_REFUSAL_STATED];
  return commandsNotStarted(o.record, worldInternals(world).unit);
}

const SAID_TWICE =
  "A scenario's Givens and Whens set up one run of one configuration, so a value said again is not a sequence but a contradiction: the last would silently replace the first (a first command would never run). Say each value once; for commands run one after another, write the scenario's configuration as a YAML block with a `stop:` list of commands";

/** Values of the run (SETUP, flattened) that the step at LINE changed from what an earlier step said: each named with both lines. Records what it says. */
function contradictions({ setup, said }: ScenarioState, line: number): string[] {
  const found: string[] = [];
  const walk = (value: unknown, path: string): void => {
    // Where "another" command is: a reader's cursor, not a value of the run.
    if (path === 'lastCommand' || value === undefined) return;
    if (Array.isArray(value)) return value.forEach((item, i) => walk(item, `${path}[${i}]`));
    if (value !== null && typeof value === 'object') return Object.entries(value).forEach(([key, item]) => walk(item, path === '' ? key : `${path}.${key}`));
    const shown = /Ms$/.test(path) && typeof value === 'number' ? showDuration(value) : JSON.stringify(value);
    const earlier = said.get(path);
    if (earlier && earlier.line !== line && earlier.value !== shown) found.push(`this step says ${settingName(path)} is ${shown}, where the step at line ${earlier.line} said ${earlier.value}`);
    if (!earlier || earlier.value !== shown) said.set(path, { value: shown, line });
  };
  walk(setup, '');
  return found;
}

/** A value of the run as a reader says it: `run` is the command, `byCommand[1].timeoutMs` the second command's timeout. */
function settingName(path: string): string {
  const names: Record<string, string> = { run: 'the command', timeoutMs: 'its timeout', defaultTimeoutMs: 'the default timeout', defaultTimeout: 'the default timeout', context: 'where it runs', image: 'its image', exitCode: 'its exit code', sleepMs: 'how long it runs' };
  const own = /^byCommand\[(\d+)\]\.(.*)$/.exec(path);
  if (own) return `command ${Number(own[1]) + 1}: ${settingName(own[2])}`;
  return names[path] ?? path.replace(/^fields\./, '');
}

const NO_REFUSAL_STATED = 'no THEN of the scenario says the configuration is refused (rejected, invalid, an error, exit status 2), nor holds of the refusal: its THENs are not run';

/**
 * Whether the scenario expects its configuration refused, the run O refused: its words say so
 * (as `check` reads them), or a Then the interpreter reads holds of the refusal (a message it
 * quotes). A specification of validation writes bad values on purpose.
 */
async function refusalExpected(o: Observation, world: World): Promise<boolean> {
  const { unit } = worldInternals(world);
  if (statesRefusal(unit)) return true;
  const terms = termsOf(unit);
  const condition = unit.condition === null ? undefined : { text: unit.condition, code: unit.conditionCode, yaml: yamlOf(world)?.text ?? null, terms, preconditions: unit.preconditions };
  for (const { step, keyword } of keyedSteps([unit])) {
    const reading = keyword === 'Then' ? readThenStep(sentenceOf(step.text, step.code, terms).sentence, condition) : null;
    if (!reading?.ok) continue;
    // A check not decidable of the run (a path the scenario placed nowhere) says nothing of the refusal either.
    const holds = async (run: Observation) => (await Promise.all(reading.parts.map((c) => c.evaluate({ ...run, before: [] })))).every((verdict) => verdict.ok);
    const decided = async (run: Observation) => holds(run).catch((error: unknown) => (error instanceof StepSkipped ? false : Promise.reject(error)));
    // "SHALL NOT time out", "the output SHALL NOT contain \"error\"" hold of a run in which nothing happened at all: for want of a command, not of the refusal.
    if ((await decided(o)) && !(await decided(nothingHappened(o)))) return true;
  }
  return false;
}

/** The run O as if nothing happened in it: no error, no command, nothing shown, exit status 0. */
function nothingHappened(o: Observation): Observation {
  return { ...o, record: { ...o.record, errors: [], commands: [], messages: [], exitStatus: 0 }, files: [], log: undefined };
}

/**
 * Why the executor rejected the run's configuration, each error placed in the document: at the
 * step that set its value, else where the YAML block writes it, never in the file spec-run wrote.
 */
function rejection(o: Observation, world: World): string[] {
  if (o.record.errors.length === 0) return [];
  const { file } = worldInternals(world).unit;
  const { setAt } = stateOf(world);
  const yaml = yamlOf(world);
  const inBlock = yaml && /^stop:/m.test(yaml.text) ? loadConfig(yaml.text, { at: { line: yaml.line, columns: yaml.columns } }).errors : [];
  const place = (e: ConfigError) => {
    const step = Object.entries(setAt).find(([path]) => e.path === path || e.path.startsWith(`${path}.`) || e.path.startsWith(`${path}[`))?.[1] ?? setByStep(existingSubject(world)?.setAt ?? {}, e.path);
    if (step === undefined && o.configAt !== undefined) {
      const at = placeInDocument(o.configAt, e.line, e.column);
      return `${file}:${at.line}:${at.column}`;
    }
    return placeOfError(e, file, step, inBlock);
  };
  return [`the executor rejected the configuration, so no command ran: ${o.record.errors.map((e) => `${e.message} (${place(e)})`).join('; ')}`];
}

/** What a run did, command by command, with the notes of how it was set up. */
function runSummary(o: Observation, state: ScenarioState): string[] {
  return [...o.notes, ...(state.conditionNote ? [state.conditionNote] : []), ...o.record.commands.map((c) => `${c.context}: ${c.run} → ${c.outcome}, exit ${c.exitCode}, ${Math.round(c.elapsedMs)} ms`)];
}

/** The step's code spans CODE that it says are there (SHOWN, as its sentence has them): what a later step's "them" stands after. */
const shownOf = (code: readonly string[], shown: readonly string[]) => code.filter((c) => shown.includes(c));

/** The check of a Then: CHECKS, and QUOTED, the texts it said shown (null where it quoted none), which the next step may stand after. */
function checkStep(checks: Check[], quoted: readonly string[] | null) {
  return async function (this: World): Promise<void> {
    // No When of the interpreter's ran the scenario's command, and the scenario's own code ran one: the run this Then would make is not that command's.
    const [ran] = commandsRun(this);
    if (!stateOf(this).observation && ran) throw new Error(ranByScenarioCode("the scenario's configuration, run by itself", ran));
    const o = await observation(this);
    const state = stateOf(this);
    const unstated = await runNotAsStated(o, this);
    if (unstated.length > 0) {
      this.attach('run', runSummary(o, state));
      throw new Error(unstated.join('\n'));
    }
    const verdicts = await Promise.all(checks.map((c) => c.evaluate({ ...o, before: state.quoted })));
    // A step that quoted texts, all of them denied, leaves nothing said shown for "them" to stand after.
    if (quoted !== null) state.quoted = [...quoted];
    this.attach('checked', checks.map((c, i) => `${c.text}: ${verdicts[i].ok ? 'yes' : 'NO'} (${verdicts[i].actual})`));
    this.attach('run', runSummary(o, state));
    const failed = checks.filter((_, i) => !verdicts[i].ok);
    if (failed.length > 0) throw new Error([...failed.map((c) => `expected ${c.text}; got ${verdicts[checks.indexOf(c)].actual}`), ...rejection(o, this), ...yamlProblem(this)].join('\n'));
  };
}

const conditionUses = new Map<string, ConditionUse>();

/** How CONDITION is used, read once for all the steps of its scenario. */
function usedCondition(condition: ScenarioCondition): ConditionUse {
  const key = JSON.stringify([condition.text, condition.code ?? [], condition.yaml, condition.terms ?? [], condition.preconditions ?? []]);
  let use = conditionUses.get(key);
  if (!use) conditionUses.set(key, (use = conditionUse(condition)));
  return use;
}

/** A step's text in the interpreter's terms, its inline code spans CODE marked again and the document's own nouns (TERMS) said as what they name; USED, the nouns it took from the document. */
function sentenceOf(text: string, code?: readonly string[], terms: readonly DocumentTerm[] = [], setup = false): { sentence: string; used: DocumentTerm[] } {
  const nouns = inDocumentTerms(markCode(text, code), terms);
  // A Given or When that sets up the tree by paths under the scenario's placeholder ("`<dir>/src/` exists") says the project's entries.
  const tree = setup ? placeholderTreeSaid(nouns.sentence, terms) : nouns.sentence;
  const own = withPlaceholdersDefined(holdsOnlyConfiguration(holdsAfterRun(tree)), terms);
  return { sentence: inPlainShape(inExecutorTerms(inPlainRegister(inExpectationRegister(own.sentence)))).trim().replace(/[.:]$/, ''), used: [...nouns.used, ...own.used] };
}

/** A Then's checks, or why it is not read. */
function readThenStep(sentence: string, condition?: ScenarioCondition): ReturnType<typeof readThen> | Extract<Interpretation, { ok: false }> {
  // "And it states …": a step opening with a pronoun is said of what the step before was about, as "It …" is.
  const opened = sentence.replace(/^it(s?)\b/, 'It$1');
  const pre = condition && preconditionsUse(condition);
  if (pre && pre.kind === 'unread') return preconditionUnread(pre);
  const unsaid = condition && conditionUnsaid(condition);
  if (unsaid) return unsaid;
  // "the fourth command …" of a block that lists three: a place no command of the scenario's configuration has.
  const listed = commandsListed(condition?.yaml);
  const beyond = listed === undefined ? null : placeBeyond(opened, listed.length);
  if (beyond !== null) return { ok: false, notUnderstood: [], reason: `"${beyond}" names a command the scenario's YAML block does not have: it lists ${listed?.length}` };
  // "…, not after the 20 s sleep": a contrast the bound before it entails (signal-said.ts).
  const reading = readThen(withoutSleepContrast(opened));
  if (reading.ok) return placesKept(reading, opened, listed?.length);
  // "the handler's `cleaning up`": a command's own process, read as that command where the block bears out which one.
  const own = processNamed(opened, listed) ?? textOwnerNamed(opened, listed);
  const ofCommand = own === null ? null : readThen(own.sentence);
  return ofCommand?.ok ? placesKept({ ...ofCommand, parts: ofCommand.parts.map((p) => ({ ...p, text: `${own!.note}${p.text}` })) }, opened, listed?.length) : reading;
}

/** A command named by its progress mark (`[2/3]`, "[2/2] report"), a place in the run whichever words stand around it. */
// Not the opening of an announcement a sentence quotes whole ("`[1/2] host: pwd (timeout 5m, …)`"): a text, no place.
const PROGRESS_MARK = /\[\d+\/\d+\](?!\s+(?:host|docker)\b)/;

/**
 * "report of `[2/2]` says …, Duration between 1.0s and 1.5s", "the first command times out, taking about 2 s": a check
 * whose own words name no command, in a sentence whose other clause places its checks on one, is said of that command,
 * never of every command of the run. Where the sentence's clauses name several places, or it names a command by its
 * progress mark that no check of it reads as one, which command the check is of is not kept: it stays unread.
 */
function placesKept(reading: Extract<ReturnType<typeof readThen>, { ok: true }>, sentence: string, listed: number | undefined): ReturnType<typeof readThen> | Extract<Interpretation, { ok: false }> {
  const unsaid = reading.parts.filter((p) => p.place?.kind === 'unsaid');
  if (unsaid.length === 0) return reading;
  const named = new Map<string, Selector>();
  for (const p of reading.parts) if (p.place?.kind === 'named') named.set(p.place.key, p.place.selector);
  const which = unsaid.map((p) => JSON.stringify(p.text)).join(', ');
  if (named.size > 1) return { ok: false, notUnderstood: [], reason: `${which} names no command of its own, beside checks of several (${[...named.keys()].map((k) => k.replace(/: $/, '')).join(', ')}): which one it is said of is not kept` };
  if (named.size === 1) {
    const [selector] = named.values();
    return { ...reading, parts: reading.parts.map((p) => (p.place?.kind === 'unsaid' ? p.place.place(selector) : p)) };
  }
  // One command listed: every command is that one.
  if (listed !== 1 && PROGRESS_MARK.test(sentence)) return { ok: false, notUnderstood: [], reason: `${which} names no command of its own, in a sentence that names one by its progress mark (${PROGRESS_MARK.exec(sentence)![0]}): read as every command's, the place said would not be kept` };
  return reading;
}

/**
 * Why no step of a scenario is read whose condition paragraph (CONDITION) is not understood and says what its YAML block
 * does not set up ("Given `<dir>/src/` exists"): its When would run the block without it, and its Thens check that run.
 * Null where the condition is read, or says nothing the block does not.
 */
function conditionUnsaid(condition: ScenarioCondition): Extract<Interpretation, { ok: false }> | null {
  const use = usedCondition(condition);
  if (use.kind !== 'unsaid') return null;
  const words = use.notUnderstood.map((w) => JSON.stringify(w)).join(', ');
  return { ok: false, notUnderstood: [], reason: `its scenario's condition ("${condition.text.trim()}") is not understood (${words}) and says what the YAML block does not set up: ${use.says.join('; ')}` };
}

/** Why no step of a scenario whose pre-condition in prose is not read is read: the run would start from another state. */
function preconditionUnread(pre: { text: string; notUnderstood: string[] }): Extract<Interpretation, { ok: false }> {
  return { ok: false, notUnderstood: pre.notUnderstood, reason: `its scenario's pre-condition ("${pre.text}") is not understood (${pre.notUnderstood.map((w) => JSON.stringify(w)).join(', ')}), and its run would start without it` };
}

/**
 * Reads a step (its inline code spans CODE marked again): a Given or When as setup, a Then
 * as checks. No step of a scenario whose condition paragraph (CONDITION) is not read and
 * says what its YAML block does not set up is read either: a When would run, and a Then check,
 * a setup other than the one written.
 */
export function interpret(text: string, keyword: string, code?: readonly string[], condition?: ScenarioCondition, introduces?: string, terms?: readonly DocumentTerm[], before?: readonly StepBefore[]): Interpretation {
  const key = JSON.stringify([text, keyword, code ?? [], condition === undefined ? null : [condition.text, condition.code ?? [], condition.yaml, condition.terms ?? [], condition.preconditions ?? []], introduces ?? null, terms ?? [], keyword === 'Then' ? (before ?? null) : null]);
  const known = readings.get(key);
  if (known !== undefined) return known;
  const reading = readStep(text, keyword, code, condition, introduces, terms, before);
  if (readings.size >= MOST_READINGS) readings.delete(readings.keys().next().value as string);
  readings.set(key, reading);
  return reading;
}

/**
 * Readings made, by everything a reading depends on: a run reads each step when it takes its
 * scenario's fingerprint, again when the step binds, and once more where it says why a step is
 * not read; reading a sentence was most of the CPU of a dry run. The oldest go first past a
 * bound (an editor's session reads many versions of its documents). The step functions they
 * hold keep their state in the world of the scenario they run in, so one serves every run.
 */
const readings = new Map<string, Interpretation>();
const MOST_READINGS = 20_000;

function readStep(text: string, keyword: string, code?: readonly string[], condition?: ScenarioCondition, introduces?: string, terms?: readonly DocumentTerm[], before?: readonly StepBefore[]): Interpretation {
  const { sentence, used } = sentenceOf(text, code, terms, keyword !== 'Then');
  if (keyword === 'Then') {
    const read = readThenStep(sentence, condition);
    if (!read.ok) return read;
    // A mark said as the subject after a frame of verifying ("Observation: [2/2] reports …") is one as well.
    const reading = { ...read, parts: [...runOfMarks(withoutFrame(inExpectationRegister(markCode(text, code)))), ...read.parts] };
    const unnamed = before === undefined ? null : unnamedAtStart(reading.parts, condition, before, terms);
    if (unnamed !== null) return { ok: false, notUnderstood: [], reason: unnamed };
    return { ok: true, kind: 'check', text: reading.parts.map((c) => c.text).join(' ∧ ') + termsShown(used), run: checkStep(reading.parts, code !== undefined && code.length > 0 ? shownOf(code, textsSaidShown(sentence)) : null) };
  }
  // A pre-condition not read leaves the scenario's Whens unbound as its Thens: none runs it from another state.
  const pre = condition && preconditionsUse(condition);
  if (pre && pre.kind === 'unread') return preconditionUnread(pre);
  // A condition paragraph not read that says what the block does not set up (a path, a file): the When would run the block
  // without it. Where the scenario has no block, the When's own words are its setup, and it is read as before.
  const unsaid = condition && condition.yaml !== null && conditionUnsaid(condition);
  if (unsaid) return unsaid;
  const reading = readWhen(sentence);
  const parts = reading.ok ? reading.parts : introduces === undefined ? null : introducedBlock(text, code, introduces, terms);
  if (!parts) return reading as Extract<typeof reading, { ok: false }>;
  return { ok: true, kind: 'setup', text: `setup: ${parts.map((p) => p.text).join('; ')}${termsShown(used)}`, run: setupStep(parts) };
}

/** A Given or When of a scenario before one of its Thens that the interpreter reads (none of the user's definitions binds it): its text, code spans, and the YAML block it introduces. */
export interface StepBefore {
  text: string;
  code?: readonly string[];
  introduces?: string;
}

/**
 * "`[1/2]` report is …", "[2/3] prints …" (or a label that names its section, "Expected in section `[2/3]`: …"): a
 * progress mark said as a command names command n of a run of m, so the run is
 * checked to have m commands (a mark of another run's count names no command of this one).
 */
function runOfMarks(text: string): Check[] {
  const counts = [...new Set(marksAsSubject(text).map((m) => m.of))];
  return counts.map((m) => ({
    text: `the run has ${m} commands (as [n/${m}] says)`,
    // The configuration's commands: those failFast or an interrupt left unstarted carry their mark too ("[3/3] … (not run)").
    evaluate: (o: Observation) => ({ ok: o.record.config.commands.length === m, actual: `${o.record.config.commands.length} commands` }),
  }));
}

/**
 * Why a Then whose checks (PARTS) read a path of the scenario's own from where spec-run exec starts ("the absolute
 * path of `proj/sub`") is not checked, where that is known before the run: the setup its condition (CONDITION) and
 * the Whens before it (BEFORE) make names no directory so, and the run would skip the step saying so
 * (paths-printed.ts's placeOnHost). Null where every such path is named, or where the setup is not known before the
 * run (a When before it not read, which the run stops at; a setup that fails).
 */
function unnamedAtStart(parts: readonly Check[], condition: ScenarioCondition | undefined, before: readonly StepBefore[], terms: readonly DocumentTerm[] | undefined): string | null {
  const paths = parts.flatMap((p) => (p.atStart === undefined ? [] : [p.atStart]));
  if (paths.length === 0) return null;
  const setup = emptySetup();
  try {
    // As the run sets up (stateOf, setupStep): the condition read, then each When in its order.
    if (condition) {
      const use = usedCondition(condition);
      if (use.kind === 'read') for (const p of use.parts) p.apply(setup);
    }
    for (const step of before) {
      const read = interpret(step.text, 'When', step.code, condition, step.introduces, terms);
      if (!read.ok) return null;
      for (const p of whenParts(step, terms) ?? []) p.apply(setup);
    }
  } catch {
    return null;
  }
  const named = namedBeforeRun(setup.invocation ?? {}, setup.projectNamed);
  const unnamed = named === null ? undefined : paths.find((p) => !fromNamed(p, named));
  return unnamed === undefined ? null : unnamedReason(unnamed, named!);
}

/** The setup parts of STEP, a When the interpreter reads (as readStep reads it). */
function whenParts(step: StepBefore, terms: readonly DocumentTerm[] | undefined): SetupPart[] | null {
  const reading = readWhen(sentenceOf(step.text, step.code, terms, true).sentence);
  return reading.ok ? reading.parts : step.introduces === undefined ? null : introducedBlock(step.text, step.code, step.introduces, terms);
}

/**
 * A When not read that introduces the scenario's YAML block YAML ("the first command is fine and the
 * second has a zero timeout:", the block under it) is read as the condition paragraph before a block is
 * (condition.ts): where it only restates the block, the block alone is the setup; where its words add
 * anything to the run (a file, an option, a signal, a value the block does not hold), it is not read.
 */
function introducedBlock(text: string, code: readonly string[] | undefined, yaml: string, terms: readonly DocumentTerm[] | undefined): SetupPart[] | null {
  const use = usedCondition({ text, code, yaml, terms });
  if (use.kind === 'read') return use.parts;
  if (use.kind === 'unsaid') return null;
  return [{ text: `the YAML block alone, which the step introduces (words not read: ${use.notUnderstood.join(', ')})`, apply: () => {} }];
}
