// The register of a document that defines its words in a glossary table (| Term | Meaning |) rather than in its prose:
// "| TB | a freshly created, empty scratch directory for the one test case |", "| the DUT | `spec-run exec` |". Each row
// defines its term for every scenario of its own document, and of no other (a table in another document does not: the
// rows never reach the tree's readings, document-terms.ts). A row is read where its meaning is one thing of a run the
// interpreter has, described so that nothing else answers to it:
//
// - the scenario's directory: a fresh (freshly created, new, empty, clean, scratch) directory for the one test case or
//   scenario, where the document's prose also puts the configuration in it or starts spec-run exec from it ("the
//   configuration is saved in TB as `stop.yaml`", "the DUT is launched with TB as the current directory"); read as the
//   project's directory, as scenario-directory.ts reads a noun of the prose, where a scenario places nothing elsewhere;
// - spec-run exec: a meaning that is spec-run exec and nothing more ("`spec-run exec`", "spec-run exec, the command
//   executor under test").
//
// Rows that define what the interpreter's own nouns already say ("report | everything the DUT writes to standard
// output", "exit status | the DUT's process exit code") change no reading; any other row is not read.

import type { ProseLine } from '../../../model/plan.js';
import type { DocumentTerm } from './document-terms.js';
import { markCode } from './lexicon.js';
import { configIn, invokedIn } from './scenario-directory.js';

/** A directory made fresh for each test case, as a glossary says it. */
const FRESH_DIRECTORY = /^(?:an?|the|one)\s+(?:(?:freshly[\s-]+(?:created|made)|fresh|new|newly[\s-]+created|empty|clean|temporary|scratch|separate|dedicated|own)\s*,?\s+(?:and\s+)?)+(?:(?:scratch|test|work|working|sandbox|temporary)\s+)?(?:directory|dir|folder)\s+(?:created\s+)?(?:for|per)\s+(?:the\s+(?:one\s+)?|each\s+|every\s+|a\s+)(?:test\s+case|test|scenario|case|run)\b/i;

/** spec-run exec, and nothing else, as a glossary's meaning. */
const RUNNER_ONLY = /^(?:the\s+)?`?(?:npx\s+)?spec-run\s+exec`?(?:\s*[,(—–-]\s*(?:the\s+)?(?:stop-hook\s+)?(?:command\s+)?executor(?:\s+(?:under\s+test|of\s+spec-run|being\s+tested))?\)?)?\s*\.?$/i;

/** A term as a glossary writes it: a word or an abbreviation, with or without its article. */
const TERM = /^(?:the\s+)?([A-Za-z][A-Za-z0-9-]*(?:\s+[a-z][a-z0-9-]*){0,2})$/;

/** The terms a document's glossary rows (of PROSE) define: its directory, read per scenario, and the others. */
export function glossaryTerms(prose: readonly ProseLine[]): { directory: DocumentTerm[]; others: DocumentTerm[] } {
  const rows = prose.filter((l) => l.term !== undefined);
  if (rows.length === 0) return { directory: [], others: [] };
  const sentences = prose.filter((l) => l.term === undefined).map(({ text, code }) => markCode(text, code));
  const directory: DocumentTerm[] = [];
  const others: DocumentTerm[] = [];
  const nouns = new Map<string, number>();
  for (const row of rows) {
    const m = TERM.exec(row.term!.replace(/`/g, '').trim());
    if (!m) continue;
    const noun = /^[A-Z]{2,}[a-z]?$/.test(m[1]) ? m[1] : m[1].toLowerCase();
    nouns.set(noun, (nouns.get(noun) ?? 0) + 1);
    const meaning = markCode(row.text, row.code).trim();
    if (FRESH_DIRECTORY.test(meaning)) {
      // The prose puts the configuration there, or starts spec-run exec there: that directory is the project's.
      const place = String.raw`(?:the\s+)?${escaped(m[1])}\b(?![-/.]\w)`;
      const launchedWith = new RegExp(String.raw`\b(?:launched|invoked|started|run|called|executed)\s+(?:from\s+${place}|with\s+${place}\s+as\s+(?:the\s+|its\s+)?(?:current|working)\s+directory)`, 'i');
      if (sentences.some((s) => configIn(place).test(s) || invokedIn(place).test(s) || launchedWith.test(s))) directory.push({ noun, thing: 'project directory', line: row.line });
    } else if (RUNNER_ONLY.test(meaning)) others.push({ noun, thing: 'spec-run exec', line: row.line });
  }
  // A term the glossary defines twice: which meaning?
  const once = (t: DocumentTerm) => nouns.get(t.noun) === 1;
  return { directory: directory.filter(once).slice(0, 1).length === directory.filter(once).length ? directory.filter(once) : [], others: others.filter(once) };
}

const escaped = (text: string) => text.replace(/[.*+?^${}()|[\]\\]/g, '\\$&').replace(/\s+/g, '\\s+');
