// Where the documents of one run define their functions and macros: a call to a name
// its own document does not define, but another document does, is told where to look
// ("random-choice is defined in timeout-protection.test.md:56").
import type { DocumentPlan } from '../model/plan.js';
import { scanForms, unqualified } from './lisp-forms.js';

export interface DefinitionPlace {
  file: string;
  line: number;
}

/** Lower-cased unqualified name -> where documents define it, in plan order. */
export type DefinitionIndex = Map<string, DefinitionPlace[]>;

const DEFINING_HEADS = new Set(['defun', 'defmacro', 'defgeneric']);

export function indexDefinitions(plans: DocumentPlan[]): DefinitionIndex {
  const index: DefinitionIndex = new Map();
  for (const plan of plans) {
    for (const code of plan.definitions) {
      for (const form of scanForms(code.text, code.line).forms) {
        if (form.head === null || !DEFINING_HEADS.has(unqualified(form.head)) || form.node.kind !== 'list') continue;
        const name = form.node.items[1];
        if (name?.kind !== 'symbol') continue;
        const key = unqualified(name.name);
        index.set(key, [...(index.get(key) ?? []), { file: code.file, line: form.line }]);
      }
    }
  }
  return index;
}

/** A definition as its text starts, for blocks the scanner cannot read: `(defun name`, `(cl:defmacro name`. */
const DEFINITION_START = /\(\s*(?:[^\s():]+::?)?(defun|defmacro|defgeneric)\s+([^\s()'"`;]+)/gi;

/** "its block at LINE would define NAME, but cannot be read: WHY", when an unreadable block of `plan` holds its definition; else null. */
export function unreadableDefinitionNote(plan: DocumentPlan, name: string): string | null {
  const key = unqualified(name.toLowerCase());
  for (const { block, readError } of plan.notRun) {
    if (readError === undefined) continue;
    for (const match of block.text.matchAll(DEFINITION_START)) {
      if (unqualified(match[2].toLowerCase()) === key) return `this document's block at line ${block.line} would define ${name}, but cannot be read: ${readError}`;
    }
  }
  return null;
}

/** The line (1 the first) of TEXT, Lisp source, where the definition of NAME starts; null when TEXT defines no such name. */
export function definitionLine(text: string, name: string): number | null {
  const key = unqualified(name.toLowerCase());
  const match = [...text.matchAll(DEFINITION_START)].find((found) => unqualified(found[2].toLowerCase()) === key);
  return match === undefined ? null : text.slice(0, match.index).split('\n').length;
}

/** "its block at LINE would define NAME, but it did not load: WHY", when one of BLOCKS (definition blocks that did not load) holds its definition; else null. */
export function unloadedDefinitionNote(blocks: { file: string; line: number; text: string; why: string }[], name: string): string | null {
  const key = unqualified(name.toLowerCase());
  for (const block of blocks) {
    for (const match of block.text.matchAll(DEFINITION_START)) {
      if (unqualified(match[2].toLowerCase()) === key) return `the definitions at ${block.file}:${block.line} would define ${name}, but they ${block.why}`;
    }
  }
  return null;
}

/** "NAME is defined in FILE:LINE; add it to a vocabulary file to share it", from documents other than `file`; null when none does. */
export function definedElsewhereNote(index: DefinitionIndex | undefined, name: string, file: string): string | null {
  const places = index?.get(unqualified(name.toLowerCase()))?.filter((place) => place.file !== file) ?? [];
  if (places.length === 0) return null;
  return `${name} is defined in ${places.map((p) => `${p.file}:${p.line}`).join(', ')}; add it to a vocabulary file to share it`;
}
