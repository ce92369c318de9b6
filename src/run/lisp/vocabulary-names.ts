// The names every driver already defines for spec code: the test vocabulary, read from
// the export list of packages.lisp (its ";; comments" head the groups: the first line of
// a run of comment lines is the group's title, the lines after it what the group is for).
// A specification tree never lends a definition of one of these names
// (translate/tree-definitions.ts).
import { readFileSync } from 'node:fs';
import { lispSources } from '../../lisp-image/sources.js';

const [packagesFile] = lispSources(import.meta.url, ['packages.lisp']);

export interface ExportGroup {
  title: string;
  /** The comment lines after the title, joined: what the group's names have in common. */
  description: string;
  names: string[];
}

/** The groups of SPEC-RUN's export list, in order: each run of ";; comment" lines starts one. */
export function exportGroups(packagesSource: string = readFileSync(packagesFile, 'utf8')): ExportGroup[] {
  const start = packagesSource.indexOf('(:export', packagesSource.indexOf('(defpackage #:spec-run'));
  const end = packagesSource.indexOf('))', start);
  const groups: ExportGroup[] = [];
  for (const line of packagesSource.slice(start + '(:export'.length, end).split('\n')) {
    const comment = /^\s*;+\s*(.*)$/.exec(line);
    const last = groups.at(-1);
    if (comment && last && last.names.length === 0) last.description = `${last.description} ${comment[1]}`.trim();
    else if (comment) groups.push({ title: comment[1], description: '', names: [] });
    else for (const match of line.matchAll(/#:([^\s()]+)/g)) last?.names.push(match[1]);
  }
  return groups;
}

/** Every name of the test vocabulary, lower-cased as the scanner reads symbols. */
export function vocabularyNames(): Set<string> {
  return new Set(exportGroups().flatMap((group) => group.names.map((name) => name.toLowerCase())));
}
