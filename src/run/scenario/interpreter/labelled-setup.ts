// A test record's setup and stimulus said as a paragraph of short sentences in the imperative or after a label, as
// test-case records write them: "Precondition: TB holds only `stop.yaml` as below. Launch from TB: `spec-run exec
// stop.yaml --log run.jsonl`.", "Setup: the job directory holds the file `a.txt` (any content) and `hooks.yaml` as
// below. Stimulus: run from the job directory: `spec-run exec hooks.yaml`.", "1. … 2. …". The label is dropped where
// the paragraph is taken (condition.ts); the place reaches this reader as "the project directory" through the
// document's own terms (glossary-terms.ts, scenario-directory.ts), and a place that is not the project's is never it.
//
// Each sentence is said again in the words the When's rules read, and the sentences are read as one setup, by those
// rules: every sentence accounted for, or none. The shapes:
// - what the place holds: "the project directory holds (only) `x.yaml` as below" (", exactly as written below", with
//   an aside on its layout), with files ("the file `a.txt` (any content)") and directories ("the empty directory
//   `out/`") before it: the block below saved under that name, and those entries made. "Only" is so by the run's fresh
//   directory.
// - the launch: "Launch from the project directory: `spec-run exec x.yaml …`", "Run in the project directory: `…`",
//   "Start `spec-run exec x.yaml` from the project directory", "… with an extra variable in spec-run exec's
//   environment: `A=b spec-run exec x.yaml`", "… (the directory `logs/` does not exist beforehand)": that command line,
//   read by invocation.ts (its options by spec-run exec's own parser), from the directory the run starts in. A line
//   with more than spec-run exec's own words (`&`, a redirection, a pipe), two launches, or a launch from elsewhere,
//   is left as written, and so unread.
// Any other sentence is passed on as written, for the rules to read or leave.

/** A numbered step's mark at the head of a sentence: "1.", "2)". */
const STEP_MARK = /^\(?\d{1,2}[.)]\s+/;
/** Labels a record opens a sentence of its setup with. */
const LABEL = /^(?:pre-?conditions?|set-?up|test\s+set-?up|stimulus|procedure|steps|action|given)\s*:\s*/i;

const PLACE = String.raw`the\s+project\s+directory`;
/** spec-run exec's command line alone, in code marks: variables assigned before it, a package runner, its arguments; no shell operator. */
const LINE = String.raw`\x60(?:[A-Za-z_]\w*=[^\s\x60'"]*\s+)*(?:npx\s+)?spec-run\s+exec(?:\s+[^\s\x60&|<>;$()]+)*\x60`;
/** Verbs a record's launch is said with, in the imperative. */
const VERB = String.raw`(?:launch|run|start|invoke|execute|call)`;
/** What is launched, where it is named: the executor, or nothing. */
const WHAT = String.raw`(?:\s+(?:it|spec-run(?:\s+exec)?|the\s+executor))?`;
/** An aside after the launch that says a path is not there before it. */
const ABSENT_ASIDE = String.raw`(?:\s*\(\s*(?:the\s+)?(?:(?:sub-?)?directory|folder|file)?\s*(\x60[\w.-]+(?:\/[\w.-]+)*\/?\x60)\s+does\s+not\s+(?:yet\s+)?exist(?:\s+(?:yet|beforehand|before\s+the\s+run))?\s*\))?`;
/** "with an extra variable in spec-run exec's environment": said of the assignments the line starts with. */
const WITH_VARIABLES = String.raw`(?:\s+with\s+(?:an?\s+)?(?:extra\s+|additional\s+)?(variables?)\s+(?:set\s+)?in\s+(?:the\s+|its\s+|spec-run(?:\s+exec)?'s\s+)?environment)?`;

const LAUNCH_AFTER = new RegExp(String.raw`^${VERB}${WHAT}\s+(?:from|in|inside)\s+${PLACE}${WITH_VARIABLES}\s*:\s*(${LINE})${ABSENT_ASIDE}$`, 'i');
const LAUNCH_BEFORE = new RegExp(String.raw`^${VERB}\s+(${LINE})\s+(?:from|in|inside)\s+${PLACE}${ABSENT_ASIDE}$`, 'i');

/** The configuration file in the place's list, as below; its aside on the layout of the block as written, which the block keeps. */
const CONFIG_BELOW = String.raw`(?:(?:the\s+)?(?:(?:configuration|config)\s+)?(?:file\s+)?)?\x60([\w.-]+\.ya?ml)\x60(?:\s+as\s+(?:shown\s+)?below|\s*,?\s*(?:exactly\s+)?as\s+(?:written|shown|given)\s+below(?:\s*\((?:[^()]*\b(?:indentation|indented|spaces?|blanks?|tabs?|whitespace)\b[^()]*)\))?|\s+with\s+the\s+(?:configuration|content)\s+below)`;
const HOLDS = new RegExp(String.raw`^${PLACE}\s+(?:holds|contains|has)\s+(only\s+)?(.*?)${CONFIG_BELOW}$`, 'i');
/** An entry listed before the configuration: a file (its content any), a directory (empty, as a fresh one is). */
const ENTRY = /^(?:the\s+|an?\s+)?(?:(empty\s+)?(?:directory|folder)\s+`([\w.-]+)\/?`|file\s+`([\w.-]+(?:\/[\w.-]+)*)`(?:\s*\(\s*(?:any|arbitrary)\s+content\s*\))?)$/i;

/** Sentences of TEXT: split after "." or ";" outside code marks, numbered steps' marks and labels dropped. */
function sentencesOf(text: string): string[] {
  const out: string[] = [];
  let current = '';
  const pieces = text.split(/(`[^`]*`)/);
  for (const [i, piece] of pieces.entries()) {
    if (i % 2 === 1) {
      current += piece;
      continue;
    }
    // A numbered step's mark at a sentence's head ("1. …", "Procedure: 1. … 2. …") ends the sentence before it and is dropped.
    const parts = piece.replace(/(^|[.;:])\s*\(?\d{1,2}[.)]\s+/g, (_w, end: string) => `${end} `).split(/(?<=[.;])\s+/);
    for (const [j, part] of parts.entries()) {
      if (j > 0) {
        out.push(current);
        current = '';
      }
      current += part;
    }
  }
  out.push(current);
  return out.map((s) => s.trim().replace(/[.;]\s*$/, '').replace(STEP_MARK, '').replace(LABEL, '').trim()).filter((s) => s !== '');
}

/** A launch sentence said again as invocation.ts reads it; null where the sentence is not one. */
function launchSaid(sentence: string): string | null {
  const after = LAUNCH_AFTER.exec(sentence);
  const m = after ?? LAUNCH_BEFORE.exec(sentence);
  if (!m) return null;
  const [line, absent] = after ? [after[2], after[3]] : [m[1], m[2]];
  if (after) {
    // "with an extra variable …": said of the variables the line assigns, as many as it says.
    const said = after[1];
    const assigned = (/^`((?:[A-Za-z_]\w*=\S*\s+)*)/.exec(line)?.[1] ?? '').trim().split(/\s+/).filter((a) => a !== '').length;
    if (said !== undefined && (assigned === 0 || (/^variable$/i.test(said) && assigned !== 1))) return null;
  }
  return `${line} is run${absent === undefined ? '' : `, and ${absent} does not exist beforehand`}`;
}

/** What the place holds, said again as the rules read it; null where the sentence is not of this shape. */
function holdsSaid(sentence: string): string | null {
  const m = HOLDS.exec(sentence);
  if (!m) return null;
  const [, , listed, file] = m;
  const entries = listed.replace(/\s*,?\s*(?:and\s+)?$/i, '').trim();
  const said: string[] = [];
  if (entries !== '') {
    for (const entry of entries.split(/\s*,\s*(?:and\s+)?|\s+and\s+/)) {
      const e = ENTRY.exec(entry.trim());
      if (!e) return null;
      said.push(e[2] !== undefined ? `the project directory holds a directory \`${e[2]}\`` : `the project directory holds the file \`${e[3]}\``);
    }
  }
  said.push(`the configuration below is saved as \`${file}\``);
  return said.join(', and ');
}

/**
 * SENTENCE (a condition or a step, its terms read), said again as one sentence of clauses the When's rules read, where
 * it is a setup in a record's sentences and at least one of them is a shape of this reader; null otherwise.
 */
export function labelledSetup(sentence: string): string | null {
  // "the directory a directory `logs`": a directory said again by the tree's words (tree-said.ts), said once.
  const sentences = sentencesOf(sentence.replace(/\b(the|a)\s+(?:directory|folder)\s+an?\s+directory\s+(?=`)/gi, '$1 directory '));
  let shaped = false;
  let launches = 0;
  const said = sentences.map((s) => {
    const launch = launchSaid(s);
    if (launch !== null) {
      shaped = true;
      launches++;
      return launch;
    }
    const holds = holdsSaid(s);
    if (holds !== null) {
      shaped = true;
      return holds;
    }
    return s.replace(/^(?:and\s+)/i, '');
  });
  // Two launches are two runs: which the rest is said of is not said.
  if (!shaped || launches > 1) return null;
  return said.join(', and ');
}
