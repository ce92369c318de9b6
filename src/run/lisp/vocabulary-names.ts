// The names every driver already defines for spec code: the test vocabulary, read from
// the export list of packages.lisp (its ";; comments" head the groups). A specification
// tree never lends a definition of one of these names (translate/tree-definitions.ts).
import { readFileSync } from 'node:fs';
import { lispSources } from '../../lisp-image/sources.js';

const [packagesFile] = lispSources(import.meta.url, ['packages.lisp']);

export interface ExportGroup {
  title: string;
  names: string[];
}

/** The groups of SPEC-RUN's export list, in order: each ";; comment" starts one. */
export function exportGroups(packagesSource: string = readFileSync(packagesFile, 'utf8')): ExportGroup[] {
  const start = packagesSource.indexOf('(:export', packagesSource.indexOf('(defpackage #:spec-run'));
  const end = packagesSource.indexOf('))', start);
  const groups: ExportGroup[] = [];
  for (const line of packagesSource.slice(start + '(:export'.length, end).split('\n')) {
    const comment = /^\s*;+\s*(.*)$/.exec(line);
    if (comment) groups.push({ title: comment[1], names: [] });
    else for (const match of line.matchAll(/#:([^\s()]+)/g)) groups.at(-1)?.names.push(match[1]);
  }
  return groups;
}

/** Every name of the test vocabulary, lower-cased as the scanner reads symbols. */
export function vocabularyNames(): Set<string> {
  return new Set(exportGroups().flatMap((group) => group.names.map((name) => name.toLowerCase())));
}
