// A file or directory the run leaves, or does not, in the words a Then says it with: "the directory `logs` is created",
// "the `out` folder is made", "no directory `missing` has appeared in the project afterwards", "no file called `ran`
// appears", "we end up with a file called `done`", "no file `x` shall exist after the run". Checked on the real
// filesystem after the run: an entry of that relative path, of the kind said, under the directory spec-run exec was
// started in or the project ("in the project": the project's only). A file where a directory is said, or the other way
// round, fails. The sentence says what it is, so a name with no extension is read too (then.ts's fact of a file reads
// only names that look like one). Said with another clause after "and", that clause is read on its own.
import { AFTER } from './files-left.js';
import type { Observation } from './observation.js';
import type { Reading } from './reading.js';
import type { Check } from './then.js';

const KIND = String.raw`(?<kind>(?:sub-?)?(?:directory|folder|dir)|file)`;
const NAME = String.raw`\`(?:[\w-][\w.-]*)(?:\/[\w-][\w.-]*)*\/?\``;
const CALLED = String.raw`(?:(?:called|named)\s+)?`;
/** "in the project", before the verb or after it: a group of its own name at each place. */
const inProject = (group: string) => String.raw`(?<${group}>\s+(?:in|under|inside|within)\s+the\s+project(?:\s+(?:directory|folder|root))?)?`;
const BE = String.raw`(?:is|was|gets|got|has\s+been|will\s+be|shall\s+be|should\s+be|must\s+be)`;
const MADE = String.raw`(?:created|made|generated|written)`;
const MODAL = String.raw`(?:shall|should|must|will|does|did)`;
/** The entry comes to be: made, or there. */
const THERE = String.raw`(?:${BE}\s+${MADE}|exists|is\s+there|(?:has\s+)?(?:appeared|appears)|shows\s+up|${MODAL}\s+exist|${MODAL}\s+appear)`;
/** After "no …" or "neither … nor …", the verb as a plain register leaves it once its modal is dropped ("no file `x` (shall) exist"). */
const THERE_BARE = String.raw`(?:${THERE}|exist|appear)`;
const MISSING = String.raw`(?:(?:does\s+not|doesn't|did\s+not|didn't|${MODAL}\s+not|shan't|won't)\s+(?:exist|appear)|is\s+(?:absent|missing|not\s+there)|${BE}\s+(?:not|never)\s+${MADE}|(?:is|was)n't\s+${MADE})`;
/** The entry said with its kind, before or after its name: "the directory `x`", "a file called `x`", "the `x` directory". */
const NAMED = String.raw`(?:(?:the|a|an)\s+(?:new\s+)?${KIND}\s+${CALLED}${NAME}|the\s+${NAME}\s+(?<kindAfter>(?:sub-?)?(?:directory|folder|dir)|file))`;
const TAIL = String.raw`${inProject('after')}${AFTER}(?:\s*,?\s*\band\s+(?!then\b)(?<rest>.+?))?[.;]?$`;

const SAID: [RegExp, boolean][] = [
  [new RegExp(String.raw`^${NAMED}${inProject('before')}\s+${THERE}${TAIL}`, 'i'), true],
  [new RegExp(String.raw`^${NAMED}${inProject('before')}\s+${MISSING}${TAIL}`, 'i'), false],
  [new RegExp(String.raw`^(?:we|you|the\s+run)\s+(?:end\s+up\s+with|ends\s+up\s+with|leaves(?:\s+behind)?)\s+${NAMED}${TAIL}`, 'i'), true],
  [new RegExp(String.raw`^no\s+${KIND}\s+${CALLED}${NAME}${inProject('before')}\s+${THERE_BARE}${TAIL}`, 'i'), false],
  // "no `ran` file appears in the project": the kind after the name.
  [new RegExp(String.raw`^no\s+${NAME}\s+(?<kindAfter>(?:sub-?)?(?:directory|folder|dir)|file)${inProject('before')}\s+${THERE_BARE}${TAIL}`, 'i'), false],
  [new RegExp(String.raw`^there\s+(?:is|will\s+be)\s+no\s+${KIND}\s+${CALLED}${NAME}${TAIL}`, 'i'), false],
];

/** The entries of the kind said, where the sentence says they are; undefined where the run recorded none. */
function entries(o: Observation, directory: boolean, projectOnly: boolean): string[] | undefined {
  const directories = projectOnly ? o.projectDirectories : o.directories;
  if (directories === undefined) return undefined;
  if (directory) return directories;
  const files = projectOnly ? o.projectFiles : o.files;
  return files?.filter((name) => !directories.includes(name));
}

/** The reading of a sentence that says a file or directory is (not) there after the run; null for any other. READ reads a clause after "and". */
export function directoryLeftReading(sentence: string, read: (clause: string) => Reading<Check>): Reading<Check> | null {
  for (const [pattern, exists] of SAID) {
    const m = pattern.exec(sentence.trim());
    if (!m) continue;
    // The name is the sentence's first text in code marks (before or after the word of its kind).
    const name = /`([^`]*?)\/?`/.exec(m[0])![1];
    if (name.split('/').some((part) => part === '..' || part === '.')) return null;
    const directory = !/^file$/i.test(m.groups?.kind ?? m.groups?.kindAfter ?? '');
    const projectOnly = m.groups?.before !== undefined || m.groups?.after !== undefined;
    // A file whose name looks like one, said of no place: then.ts's fact of a file reads it as it always has.
    if (!directory && !projectOnly && /\.[A-Za-z0-9]+$/.test(name)) return null;
    const kind = directory ? 'directory' : 'file';
    const check: Check = {
      text: `${exists ? 'a' : 'no'} ${kind} ${name} exists after the run (${projectOnly ? 'in the project' : "in the run's directory or the project"})`,
      evaluate: (o) => {
        const there = entries(o, directory, projectOnly);
        if (there === undefined) return { ok: false, actual: 'the run recorded no files' };
        return { ok: there.includes(name) === exists, actual: `${kind === 'file' ? 'files' : 'directories'}: ${there.join(', ') || 'none'}` };
      },
    };
    const restText = m.groups?.rest;
    if (restText === undefined) return { ok: true, parts: [check], rules: ['a file or directory left after the run'] };
    const rest = read(restText);
    return rest.ok ? { ok: true, parts: [check, ...rest.parts], rules: ['a file or directory left after the run', ...rest.rules] } : rest;
  }
  return null;
}
