// The directory a scenario runs in, in the writer's words. A document names the fresh directory each scenario runs in
// (where its configuration is saved, where spec-run exec is invoked from) with a noun of its own ("Each scenario is
// executed in a fresh, empty test directory … The configuration … is saved in that directory as `stop.yaml`", "the SUT is
// invoked from the sandbox") and with a placeholder for its path ("`<test-dir>` stands for the absolute path of the test
// directory", "`<dir>` = absolute path of the fresh dir where `stop.yaml` lies and from where `npx spec-run exec` is
// called"). The noun is that directory because the document's own words make it so, never because of its name: a noun
// no sentence of the prose places the configuration or the invocation in is not read.
//
// A run of the interpreter makes that directory too: the fresh directory it starts spec-run exec in, which holds the
// configuration. Where a scenario says nothing else of the invocation, that is the project's directory (the
// configuration's directory, no `--project`); a scenario that names another place for its configuration (`ci/stop.yaml`)
// or another project (`--project app`) has the writer's directory be another than the project's, and is not read so.
import type { ProseLine } from '../../../model/plan.js';
import type { DocumentTerm } from './document-terms.js';
import { markCode } from './lexicon.js';

/** The last word of a noun for a directory. */
const DIRECTORY_WORD = String.raw`(?:directory|dir|folder|sandbox)`;
/** A noun of one to three words that ends in a word for a directory ("test directory", "scenario's directory", "sandbox"). */
const NOUN = String.raw`((?:[a-z][\w'’-]*\s+){0,2}${DIRECTORY_WORD})`;
/** Words before the noun where it is introduced: "a fresh, empty test directory". */
const INTRODUCED = new RegExp(String.raw`\b(?:a|an|the|its\s+own|one)\s+(?:(?:fresh|new|empty|clean|separate|own|dedicated)\s*,?\s+(?:and\s+)?)*${NOUN}\b`, 'gi');
/** Nouns the interpreter reads as other things of a run: never the writer's name for the scenario's directory. */
const OTHER_THING = /\b(?:project|configuration|config|cfg|working|work|current|home|image|container|log|logs|output|build|source|tmp|temp|parent|sub|this|that|each|every|any|another|other|same|given|named)\b/i;
/** A word for a directory alone, or after words that say nothing of which one ("a new temporary directory"). */
const GENERAL = /^(?:(?:temporary|fresh|new|empty|clean|separate|own|dedicated|other|another|some|given)\s+)*(?:directory|dir|folder)$/i;
/** How the configuration is said (a name of a YAML file, or the word). */
const CONFIGURATION = String.raw`(?:(?:the\s+)?(?:yaml\s+)?(?:configuration|config|cfg)(?:\s+file)?\b|\`[^\`\s]+\.ya?ml\`)`;
/** spec-run exec, or the runner said as what invokes it. */
const RUNNER = String.raw`(?:\`(?:npx\s+)?spec-run\s+exec[^\`]*\`|\bspec-run(?:\s+exec)?\b|\bthe\s+(?:SUT|tool|runner|executor|system\s+under\s+test)\b|\b(?:SUT|it)\b)`;

/** A place the sentence says the configuration is put: "saved in that directory", "kept in the sandbox", "lies in the test dir". */
export const configIn = (place: string) => new RegExp(String.raw`${CONFIGURATION}[^.;]*?\b(?:is\s+|are\s+)?(?:saved|stored|kept|written|placed|put|lies|sits|held|copied)\s+(?:in|into|inside|within|at\s+the\s+root\s+of)\s+${place}`, 'i');
/** A place the sentence says spec-run exec is invoked in: "the SUT is invoked from the test directory", "spec-run exec is called in that dir". */
export const invokedIn = (place: string) => new RegExp(String.raw`${RUNNER}[^.;]*?\b(?:is\s+|are\s+)?(?:invoked|called|run|started|launched|executed)\s+(?:from|in|inside|within)\s+${place}`, 'i');
/** "each scenario is executed in a fresh test directory": the scenario itself said to run there. */
const SCENARIO_IN = new RegExp(String.raw`\b(?:each|every|the)\s+scenario\s+(?:is\s+|are\s+)?(?:run|executed|performed|carried\s+out)\s+in\s+(?:a|an|its\s+own)\s+(?:(?:fresh|new|empty|clean|separate|own|dedicated)\s*,?\s+(?:and\s+)?)*${NOUN}\b`, 'i');

const escaped = (text: string) => text.replace(/[.*+?^${}()|[\]\\]/g, '\\$&').replace(/\s+/g, '\\s+');

/** A placeholder, as a document writes it in its code marks. */
const PLACEHOLDER = String.raw`<[A-Za-z][\w -]*>`;
/** "`<p>` stands for the absolute path of …", "`<p>` = absolute path of …", "`<p>` means the path to …": the placeholder and what it is said to be. */
const PLACEHOLDER_SAID = new RegExp(String.raw`\`(${PLACEHOLDER})\`\s*(?:stands\s+for|=|is|means|denotes|names|refers\s+to|:)\s+(?:the\s+)?(?:absolute\s+|full\s+)?(?:path\s+(?:of|to)\s+)?(?:the\s+)?([^;]+?)(?=\s*(?:[;)]|\.(?:\s|$)|$))`, 'gi');
/** What a placeholder is said to be, where no noun of the document's names it: "the fresh dir where `stop.yaml` lies and from where … is called". */
const DESCRIBED = new RegExp(String.raw`^(?:(?:fresh|new|empty|clean|temporary|scratch)\s*,?\s+)*${DIRECTORY_WORD}\s+(?:where|in\s+which)\s+(?:${CONFIGURATION})\s+(?:lies|is|sits|is\s+saved|is\s+kept)\b(?:\s+and\s+(?:from\s+where|from\s+which|where|in\s+which)\s+${RUNNER}[^;]*?\b(?:is\s+)?(?:called|invoked|run|started|launched))?`, 'i');

/**
 * The nouns and placeholders PROSE makes the directory each scenario runs in, as terms for the project's directory
 * (read per scenario by directoryTermsFor). None where the prose makes two nouns so: which one is it?
 */
export function scenarioDirectoryTerms(prose: readonly ProseLine[]): DocumentTerm[] {
  const lines = prose.filter((l) => l.term === undefined).map(({ text, line, code }) => ({ line, marked: markCode(text, code) }));
  const nouns = new Map<string, number>();
  for (const { marked, line } of lines) {
    const introduced = [...marked.matchAll(INTRODUCED)].map((m) => m[1]);
    const scenario = SCENARIO_IN.exec(marked);
    for (const noun of new Set([...introduced, ...(scenario ? [scenario[1]] : [])].map((n) => n.toLowerCase().replace(/\s+/g, ' ')))) {
      // A word for a directory alone ("a fresh directory") is every directory a step may say.
      if (OTHER_THING.test(noun) || GENERAL.test(noun)) continue;
      // The noun, or "that directory" after it, is where the configuration is put or where spec-run exec is invoked.
      const place = String.raw`(?:(?:the|this|that|its|each)\s+${escaped(noun)}\b|(?:that|this)\s+${DIRECTORY_WORD}\b)`;
      const anchored = configIn(place).test(marked) || invokedIn(place).test(marked) || (scenario !== null && scenario[1].toLowerCase().replace(/\s+/g, ' ') === noun && /\b(?:configuration|config|cfg|spec-run|SUT|invoked|\.ya?ml)/i.test(marked) && (configIn(String.raw`(?:that|this|the)\s+${DIRECTORY_WORD}`).test(marked) || invokedIn(String.raw`(?:that|this|the)\s+${DIRECTORY_WORD}`).test(marked)));
      if (anchored && !nouns.has(noun)) nouns.set(noun, line);
    }
  }
  // Said again elsewhere as a place the configuration is put or spec-run exec invoked from, a noun introduced alone counts too.
  if (nouns.size === 0)
    for (const { marked, line } of lines)
      for (const m of marked.matchAll(new RegExp(String.raw`\bthe\s+${NOUN}\b`, 'gi'))) {
        const noun = m[1].toLowerCase().replace(/\s+/g, ' ');
        if (OTHER_THING.test(noun) || GENERAL.test(noun) || nouns.has(noun)) continue;
        const place = String.raw`the\s+${escaped(noun)}\b`;
        if (configIn(place).test(marked) && lines.some((l) => invokedIn(place).test(l.marked))) nouns.set(noun, line);
      }
  if (nouns.size > 1) return [];
  const terms: DocumentTerm[] = [...nouns].map(([noun, line]) => ({ noun, thing: 'project directory', line }));
  const placeholders = new Map<string, number>();
  for (const { marked, line } of lines)
    for (const m of marked.matchAll(PLACEHOLDER_SAID)) {
      const what = m[2].trim().toLowerCase().replace(/\s+/g, ' ');
      const named = [...nouns.keys()].some((noun) => what === noun || what.startsWith(`${noun} `) || what.startsWith(`${noun} (`));
      if (named || DESCRIBED.test(m[2].trim())) placeholders.set(m[1], placeholders.has(m[1]) && placeholders.get(m[1]) !== line ? -1 : line);
    }
  for (const [noun, line] of placeholders) if (line >= 0) terms.push({ noun, thing: 'project directory', line });
  return terms;
}

/** Where a scenario places its configuration or project elsewhere than the directory it runs in: `--project`, a configuration in a subdirectory. */
const PLACED_ELSEWHERE = /--project\b|--config\b|(?:^|[\s`"'(])(?!\/)[\w.-]+\/[\w./-]*\.ya?ml\b|\bcd\s+\S/;

/**
 * The directory terms of TERMS that a scenario (its steps' texts, its condition and pre-conditions) reads: all of them
 * where it says nothing of its invocation that makes the directory it runs in another than the project's; none otherwise.
 */
export function directoryTermsFor(terms: readonly DocumentTerm[], scenario: { steps?: readonly { text: string }[]; condition?: string | null; preconditions?: readonly { text: string }[] } | undefined): DocumentTerm[] {
  if (terms.length === 0) return [];
  const texts = [...(scenario?.steps ?? []).map((s) => s.text), scenario?.condition ?? '', ...(scenario?.preconditions ?? []).map((p) => p.text)];
  return texts.some((text) => PLACED_ELSEWHERE.test(text)) ? [] : [...terms];
}

/** Whether TERM is a placeholder for the scenario's directory (read in a step's quoted texts, never as a noun). */
export const isPlaceholderTerm = (term: DocumentTerm): boolean => term.thing === 'project directory' && term.noun.startsWith('<');

/**
 * SENTENCE (its code marks marked) with the definition of each placeholder of TERMS its quoted texts use said at its
 * end, as a sentence that defines it itself says it ("…, with `<test-dir>` the absolute path of the project"): read so
 * by placeholderDefinedReading. USED: the placeholders it defined. One placeholder a sentence, as such a sentence has.
 */
export function withPlaceholdersDefined(sentence: string, terms: readonly DocumentTerm[]): { sentence: string; used: DocumentTerm[] } {
  const spans = sentence.match(/`[^`]*`/g) ?? [];
  const used = terms.filter((t) => isPlaceholderTerm(t) && spans.some((span) => span.includes(t.noun)));
  if (used.length !== 1) return { sentence, used: [] };
  const [term] = used;
  // A sentence that defines the placeholder itself says what it is.
  if (new RegExp(String.raw`\b(?:with|where)\s+\`?${escaped(term.noun)}`, 'i').test(sentence)) return { sentence, used: [] };
  return { sentence: `${sentence.replace(/[.\s]+$/, '')}, with \`${term.noun}\` the absolute path of the project`, used };
}

/** When a Then says it holds: after the run. */
const AFTER = String.raw`(?:after\s+the\s+run|afterwards|once\s+the\s+run\s+is\s+over|when\s+the\s+run\s+has\s+ended)`;
/** "after the run the project directory holds no file `x`", "the project directory contains the directory `out` afterwards". */
const HOLDS_AFTER = new RegExp(String.raw`^((?:and\s+)?)(?:${AFTER},?\s+)?the\s+project\s+directory\s+(?:holds|contains|has)\s+(no|the|a|an)\s+(file|directory|folder)\s+(\`[^\`]+\`)(?:\s*,?\s+${AFTER})?$`, 'i');

/**
 * SENTENCE, a Then that says what the project's directory holds after the run, in the shape the interpreter reads
 * ("no file `x` exists in the project directory after the run"): the same facts, the directory as the subject rather
 * than the file. Said of no time after the run ("the project directory holds `x`"), it is a setup and left as written.
 */
export function holdsAfterRun(sentence: string): string {
  const m = HOLDS_AFTER.exec(sentence.trim());
  if (!m || !new RegExp(AFTER, 'i').test(sentence)) return sentence;
  const [, and, article, kind, name] = m;
  const noun = kind.toLowerCase() === 'folder' ? 'directory' : kind.toLowerCase();
  return `${and}${article.toLowerCase() === 'no' ? 'no' : 'a'} ${noun} ${name} exists in the project directory after the run`;
}

/** "the project directory holds only `stop.yaml` with the configuration below[, and no directory `logs`]". */
const HOLDS_ONLY_CONFIGURATION = /^((?:and\s+)?)the\s+project\s+directory\s+(?:holds|contains|has)\s+only\s+(`[^`/]+\.ya?ml`)\s+with\s+the\s+(?:configuration|config)\s+(below|above|shown(?:\s+below|\s+above)?)(?:\s*(?:,\s*)?\s+and\s+(no\s+(?:file|directory|folder)\s+`[^`]+`))?$/i;

/**
 * SENTENCE, a setup that says the project's directory holds only the configuration, saved under a name ("holds only
 * `stop.yaml` with the configuration below"), as the interpreter reads it: the configuration saved under that name. The
 * run's fresh directory holds nothing else before the run, so "only" is so by the run; what it says is not there ("and
 * no directory `logs`") is said of the project directory. A name in a subdirectory is another invocation: as written.
 */
export function holdsOnlyConfiguration(sentence: string): string {
  const m = HOLDS_ONLY_CONFIGURATION.exec(sentence.trim());
  if (!m) return sentence;
  const [, and, name, where, absent] = m;
  const block = /^above$/i.test(where) ? 'above' : 'below';
  return `${and}the configuration ${block} is saved as ${name}${absent === undefined ? '' : `, and the project directory holds ${absent}`}`;
}
