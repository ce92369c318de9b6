// A directory the run leaves, or does not, in the words a Then says it with: "the directory `logs` is created", "the
// `out` folder is made", "no directory `missing` has appeared in the project afterwards", "the folder `tmp` does not
// exist after the run". Checked on the real filesystem after the run: a directory of that relative path under the
// directory spec-run exec was started in or the project ("in the project": the project's only). A file of that name is
// no directory: the sentence fails. Said with another clause after "and", that clause is read on its own.
import { AFTER } from './files-left.js';
import type { Reading } from './reading.js';
import type { Check } from './then.js';

const KIND = String.raw`(?:sub-?)?(?:directory|folder|dir)`;
const NAME = String.raw`\`((?:[\w-][\w.-]*)(?:\/[\w-][\w.-]*)*)\/?\``;
/** "in the project", before the verb or after it: a group of its own name at each place. */
const inProject = (group: string) => String.raw`(?<${group}>\s+(?:in|under|inside|within)\s+the\s+project(?:\s+(?:directory|folder|root))?)?`;
const BE = String.raw`(?:is|was|gets|got|has\s+been|will\s+be)`;
const MADE = String.raw`(?:created|made|generated)`;
const MISSING = String.raw`(?:(?:does\s+not|doesn't|did\s+not|didn't)\s+exist|is\s+(?:absent|missing|not\s+there)|${BE}\s+(?:not|never)\s+${MADE})`;
/** The directory said with its kind, before or after its name: "the directory `x`", "a folder `x`", "the `x` directory". */
const NAMED = String.raw`(?:(?:the|a|an)\s+(?:new\s+)?${KIND}\s+${NAME}|the\s+${NAME}\s+${KIND})`;
const TAIL = String.raw`${inProject('after')}${AFTER}(?:\s*,?\s*\band\s+(?!then\b)(?<rest>.+?))?[.;]?$`;

const SAID: [RegExp, boolean][] = [
  [new RegExp(String.raw`^${NAMED}${inProject('before')}\s+(?:${BE}\s+${MADE}|exists|is\s+there)${TAIL}`, 'i'), true],
  [new RegExp(String.raw`^${NAMED}${inProject('before')}\s+${MISSING}${TAIL}`, 'i'), false],
  [new RegExp(String.raw`^no\s+${KIND}\s+${NAME}${inProject('before')}\s+(?:${BE}\s+${MADE}|(?:has\s+)?(?:appeared|appears)|exists|is\s+there)${TAIL}`, 'i'), false],
  [new RegExp(String.raw`^there\s+(?:is|will\s+be)\s+no\s+${KIND}\s+${NAME}${TAIL}`, 'i'), false],
];

/** The reading of a sentence that says a directory is (not) there after the run; null for any other. READ reads a clause after "and". */
export function directoryLeftReading(sentence: string, read: (clause: string) => Reading<Check>): Reading<Check> | null {
  for (const [pattern, exists] of SAID) {
    const m = pattern.exec(sentence.trim());
    if (!m) continue;
    // The name is the sentence's first text in code marks (before or after the word of its kind).
    const name = /`([^`]*?)\/?`/.exec(m[0])![1];
    if (name.split('/').some((part) => part === '..' || part === '.')) return null;
    const projectOnly = m.groups?.before !== undefined || m.groups?.after !== undefined;
    const where = projectOnly ? 'in the project' : "in the run's directory or the project";
    const check: Check = {
      text: `${exists ? 'a' : 'no'} directory ${name} exists after the run (${where})`,
      evaluate: (o) => {
        const directories = projectOnly ? o.projectDirectories : o.directories;
        if (directories === undefined) return { ok: false, actual: 'the run recorded no directories' };
        return { ok: directories.includes(name) === exists, actual: directories.join(', ') || 'no directory' };
      },
    };
    const restText = m.groups?.rest;
    if (restText === undefined) return { ok: true, parts: [check], rules: ['a directory left after the run'] };
    const rest = read(restText);
    return rest.ok ? { ok: true, parts: [check, ...rest.parts], rules: ['a directory left after the run', ...rest.rules] } : rest;
  }
  return null;
}
