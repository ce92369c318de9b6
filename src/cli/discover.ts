// Finds the markdown documents named on the command line: files as given, directories
// searched recursively for *.md, *.markdown, *.mdown, *.mkd and *.mkdn (node_modules and dot-directories skipped), sorted so
// that every run sees the same order. Symbolic links are followed, to files and to
// directories; a link back into a directory being searched is a cycle, reported once
// and not followed. A path given that does not exist, and a directory that holds no
// document, are usage errors, so that a run cannot pass on nothing, and so is a path given
// that is no regular file (a named pipe, a device); a dangling link met
// inside a directory is kept, and parsing reports it as a failed point.
import { meantWord } from '../model/edit-distance.js';
import { readdirSync, readlinkSync, realpathSync, statSync, type Stats } from 'node:fs';
import { isLink } from '../parse/index.js';
import { specialFileKind } from '../parse/document-file.js';
import { basename, join } from 'node:path';
import { isMarkdownName } from '../parse/markdown-name.js';
import { ConfigError, loadConfig, projectPaths, type ProjectConfig } from './config.js';

export interface Discovery {
  /** Documents in run order; a file reached twice (through links) once, by the path through the fewest links. */
  files: string[];
  /** Directories given that hold no document. */
  empty: string[];
  /** Paths given that do not exist. */
  missing: string[];
  /** Links that lead back into a directory they are inside of: `link -> directory`, each once. */
  cycles: string[];
  /** Paths that exist but cannot be read (a directory this user cannot list), with why: documents in them would be lost. */
  unreadable: { path: string; reason: string }[];
  /** OpenSpec's archives of changes (`changes/archive/`) met in a directory searched: not searched, with how many changes they hold. */
  archived: { path: string; changes: number }[];
}

/** Why the file system refused: its error's code in words. */
function refusal(error: unknown): string {
  const code = (error as NodeJS.ErrnoException).code;
  return code === 'EACCES' || code === 'EPERM' ? 'permission denied' : ((error as Error).message ?? String(error));
}

export function findDocuments(paths: string[]): Discovery {
  const discovery = noDiscovery();
  /** Each document found, by its real path: the path it runs by, and how many links that path went through. */
  const seenFiles = new Map<string, { path: string; links: number }>();
  /** Documents met, the ones already found through another path included. */
  let met = 0;
  const reportedCycles = new Set<string>();
  // A document reached by several paths runs once, by the one through the fewest links (its
  // own place where the tree has one): the same document then runs by the same path, with
  // the same steps, whichever directory a run starts from and however the links sort.
  const addFile = (path: string, links: number) => {
    met += 1;
    const key = realOrSelf(path);
    const seen = seenFiles.get(key);
    if (seen && seen.links <= links) return;
    if (seen) discovery.files.splice(discovery.files.indexOf(seen.path), 1);
    seenFiles.set(key, { path, links });
    discovery.files.push(path);
  };

  const walk = (directory: string, ancestors: string[], links: number) => {
    let names: string[];
    try {
      names = readdirSync(directory).sort((a, b) => (a < b ? -1 : a > b ? 1 : 0));
    } catch (error) {
      // Gone since it was seen: nothing in it. Any other refusal would hide its documents.
      if ((error as NodeJS.ErrnoException).code !== 'ENOENT') discovery.unreadable.push({ path: directory, reason: refusal(error) });
      return;
    }
    for (const name of names) {
      if (name.startsWith('.') || name === 'node_modules') continue;
      const path = join(directory, name);
      const stats = statOrNull(path); // follows links
      if (stats?.isDirectory() && name === 'archive' && basename(directory) === 'changes') {
        // History: OpenSpec applied each archived change to the specs when it archived it;
        // run against today's specs its deltas would fail or count twice. Named, one runs.
        discovery.archived.push({ path, changes: subdirectories(path) });
        continue;
      }
      if (stats?.isDirectory()) {
        const real = realOrSelf(path);
        if (ancestors.includes(real)) {
          if (!reportedCycles.has(real)) discovery.cycles.push(`${path} -> ${real}`);
          reportedCycles.add(real);
          continue;
        }
        walk(path, [...ancestors, real], links + (isLink(path) ? 1 : 0));
      } else if (isMarkdownName(name) && (stats === null || stats.isFile())) {
        // A dangling link to a document is kept: parsing reports it, nothing is silently lost.
        addFile(path, links + (isLink(path) ? 1 : 0));
      }
    }
  };

  for (const path of paths) {
    const stats = statOrNull(path);
    if (stats === null) {
      const denied = deniedReason(path);
      // A document that cannot be looked at (a directory on its way this user cannot enter) fails as one, saying so.
      if (denied && isMarkdownName(path) && !denied.startsWith('it is')) addFile(path, 0);
      else if (denied) discovery.unreadable.push({ path, reason: denied });
      // A link to nothing (or a loop of links) named as a document: it fails as one, saying so.
      else if (isLink(path) && isMarkdownName(path)) addFile(path, 1);
      // Any other link to nothing, or loop of links, is said as what it is, never "no such file".
      else if (isLink(path)) discovery.unreadable.push({ path, reason: brokenLink(path) });
      else discovery.missing.push(path);
      continue;
    }
    // A named pipe or a device given as a document would be waited on, or read without end.
    const special = specialFileKind(stats);
    if (special) {
      discovery.unreadable.push({ path, reason: `it is ${special}, not a regular file` });
      continue;
    }
    if (!stats.isDirectory()) {
      addFile(path, isLink(path) ? 1 : 0);
      continue;
    }
    const before = met;
    walk(path, [realOrSelf(path)], 0);
    if (met === before) discovery.empty.push(path);
  }
  return discovery;
}

/** A discovery of nothing: what a command that searches no directory starts from. */
export function noDiscovery(): Discovery {
  return { files: [], empty: [], missing: [], cycles: [], unreadable: [], archived: [] };
}

function subdirectories(directory: string): number {
  try {
    return readdirSync(directory, { withFileTypes: true }).filter((entry) => entry.isDirectory() && !entry.name.startsWith('.')).length;
  } catch {
    return 0;
  }
}

/** The documents under `paths` (see findDocuments). */
export function discoverDocuments(paths: string[]): string[] {
  return findDocuments(paths).files;
}

/** spec-run's commands, which a bare word on the command line that names no file may have meant. */
const COMMANDS = ['run', 'init', 'doctor', 'merge', 'check', 'steps', 'snippets', 'lsp', 'serve', 'exec', 'help'];

/** What a path that names nothing may have meant: a command mistyped, or the default specs/ looked for inside specs/ itself. */
function missingHint(path: string): string {
  // A bare word that is no file may be a command mistyped: `spec-run chek`.
  const command = /^[a-z-]+$/.test(path) ? meantWord(path, COMMANDS) : null;
  if (command) return `; did you mean the command 'spec-run ${command}'?`;
  if (path === 'specs/' && basename(process.cwd()) === 'specs') return "; this directory is itself a specs/: run from the project's root, or name the documents (spec-run .)";
  return '';
}

/**
 * Says on stderr which links were not followed and which directories hold no document;
 * false when some do, and the command must fail (exit 2) rather than pass on nothing.
 */
export function usableDiscovery(discovery: Discovery): boolean {
  for (const cycle of discovery.cycles) console.error(`spec-run: link cycle, not followed: ${cycle}`);
  for (const path of discovery.missing) console.error(`spec-run: ${path}: no such file or directory (expected a markdown document, or a directory of them)${missingHint(path)}`);
  for (const { path, reason } of discovery.unreadable) console.error(`spec-run: ${path}: cannot read it: ${reason}${reason.startsWith('it is') ? '' : '; the documents in it would not run'}`);
  // An empty archive/ left out nothing: no note.
  for (const { path, changes } of discovery.archived.filter((archive) => archive.changes > 0)) {
    console.error(`spec-run: ${path}: ${changes} archived change${changes === 1 ? '' : 's'} not run (OpenSpec applied ${changes === 1 ? 'it' : 'them'} to the specs when archiving; name a file in it to run that)`);
  }
  if (discovery.empty.length > 0) console.error(`spec-run: no document (*.md, *.markdown, *.mdown, *.mkd, *.mkdn) found in ${discovery.empty.join(', ')}: nothing to run there`);
  return discovery.empty.length === 0 && discovery.missing.length === 0 && discovery.unreadable.length === 0;
}

/** What the link PATH, which leads to no file, is: a loop of links, or a link to a path that does not exist. */
function brokenLink(path: string): string {
  try {
    statSync(path);
  } catch (error) {
    if ((error as NodeJS.ErrnoException).code === 'ELOOP') return 'it is a link that leads back to itself (a loop of links)';
  }
  return `it is a link to ${readlinkSync(path)}, which does not exist`;
}

/** Why PATH cannot be looked at when the reason is not that it is missing (a directory on its way this user cannot search). */
function deniedReason(path: string): string | null {
  try {
    statSync(path);
    return null;
  } catch (error) {
    const code = (error as NodeJS.ErrnoException).code;
    if (code === 'ENOTDIR') return 'it is a file, not a directory';
    return code === 'EACCES' || code === 'EPERM' ? refusal(error) : null;
  }
}

function statOrNull(path: string): Stats | null {
  try {
    return statSync(path);
  } catch {
    return null;
  }
}

/** PATH with every link resolved; PATH itself where it does not resolve (a dangling link). */
export function realOrSelf(path: string): string {
  try {
    return realpathSync(path);
  } catch {
    return path;
  }
}

/**
 * The configuration (CONFIGFILE, else the one found) and the documents under PATHS, or
 * its paths when none is given, as a run finds them; null, having said why on stderr,
 * when the configuration cannot be used or the paths hold nothing to run (exit 2).
 */
export function configuredDocuments(paths: string[], configFile: string | undefined): { config: ProjectConfig; discovery: Discovery } | null {
  let config: ProjectConfig;
  try {
    config = loadConfig(configFile);
  } catch (error) {
    if (!(error instanceof ConfigError)) throw error;
    console.error(`spec-run: ${error.message}`);
    return null;
  }
  const discovery = findDocuments(paths.length ? paths : projectPaths(config));
  return usableDiscovery(discovery) ? { config, discovery } : null;
}
