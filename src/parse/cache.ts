// Parsed documents kept across runs. Parsing with remark is most of what a run of many
// small documents costs (of 100 OpenSpec documents with their steps, nearly half the
// time), and between two runs most documents have not changed. Each document file has
// one entry, named after its absolute path, holding the document model under a key: a
// hash of the parser's identity, the path as given and the file's bytes. An entry whose
// key differs is parsed again and replaced, so a stale one is never used; an entry
// that cannot be read or written only costs the parse.
import { createHash } from 'node:crypto';
import { readdirSync, readFileSync, renameSync, rmSync, statSync, writeFileSync } from 'node:fs';
import { readFile } from 'node:fs/promises';
import { dirname, join, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';
import { deserialize, serialize } from 'node:v8';
import { cacheDirectory } from '../cache-directory.js';
import type { SpecDocument } from '../model/document.js';
import { makeDirectory } from '../make-directory.js';

/** The build's id, written by the build beside the compiled sources (scripts/bundles.mjs). */
export const BUILD_ID_FILE = fileURLToPath(new URL('../build-id.txt', import.meta.url));

let identity: string | null | undefined;

/**
 * What makes two parses of the same bytes equal: the build (its id covers the bundled
 * parser and its libraries), this directory's compiled modules as they are on disk (a
 * rebuild of the modules alone), and Node (the entries are V8's serialization). Null
 * without a build id (a build that did not bundle keeps nothing), or when
 * SPEC_RUN_DOCUMENT_CACHE is `off`.
 */
function parserIdentity(): string | null {
  if (identity !== undefined) return identity;
  if (process.env.SPEC_RUN_DOCUMENT_CACHE === 'off') return (identity = null);
  try {
    const directory = dirname(fileURLToPath(import.meta.url));
    const modules = readdirSync(directory)
      .filter((name) => name.endsWith('.js'))
      .sort()
      .map((name) => {
        const stat = statSync(join(directory, name));
        return `${name}:${stat.size}:${stat.mtimeMs}`;
      });
    identity = [readFileSync(BUILD_ID_FILE, 'utf8').trim(), process.version, ...modules].join('\n');
  } catch {
    identity = null;
  }
  return identity;
}

/** The directory of the entries; a test points SPEC_RUN_CACHE elsewhere. */
export function documentCacheDirectory(): string {
  return join(cacheDirectory(), 'documents');
}

const entryPath = (path: string) => join(documentCacheDirectory(), createHash('sha256').update(resolve(path)).digest('hex').slice(0, 32));

function entryKey(identity: string, path: string, bytes: Uint8Array): string {
  return createHash('sha256').update(identity).update('\0').update(path).update('\0').update(bytes).digest('hex');
}

interface Entry {
  key: string;
  document: SpecDocument;
}

/** The document an earlier run parsed from these `bytes` at `path`, or undefined. */
export async function cachedDocument(path: string, bytes: Uint8Array): Promise<SpecDocument | undefined> {
  const identity = parserIdentity();
  if (identity === null) return undefined;
  try {
    const entry = deserialize(await readFile(entryPath(path))) as Entry;
    return entry.key === entryKey(identity, path, bytes) ? entry.document : undefined;
  } catch {
    return undefined;
  }
}

/** Keeps `document`, parsed from `bytes` at `path`, for later runs. */
export function keepDocument(path: string, bytes: Uint8Array, document: SpecDocument): void {
  const identity = parserIdentity();
  if (identity === null) return;
  const target = entryPath(path);
  // Written whole under another name, then renamed: a run reading the entry meanwhile
  // (another job, another run) sees the old entry or the new one, never a part.
  const partial = `${target}.${process.pid}.${Math.random().toString(36).slice(2)}`;
  try {
    makeDirectory(dirname(target));
    writeFileSync(partial, serialize({ key: entryKey(identity, path, bytes), document } satisfies Entry));
    renameSync(partial, target);
  } catch {
    // A cache directory this user cannot reach (another user's home, a path through a file):
    // even looking for the partial entry fails there, and nothing of it may fail the run.
    try {
      rmSync(partial, { force: true });
    } catch {
      // Nothing was written.
    }
    return;
  }
  if (!pruned) {
    pruned = true;
    pruneEntries(dirname(target), MAX_ENTRIES);
  }
}

/**
 * Entries kept at most: documents that moved or were deleted, and temporary ones, leave
 * entries nobody reads. Entries are a few kilobytes each.
 */
const MAX_ENTRIES = 4000;
/** Whether this process has looked at the number of entries: once, at its first write. */
let pruned = false;

/** With more than `max` entries in `directory`, removes the oldest written until a fifth of `max` is free. */
export function pruneEntries(directory: string, max: number): void {
  try {
    const names = readdirSync(directory);
    if (names.length <= max) return;
    const written = names.map((name) => ({ name, at: statSync(join(directory, name), { throwIfNoEntry: false })?.mtimeMs ?? 0 })).sort((a, b) => a.at - b.at);
    for (const { name } of written.slice(0, names.length - Math.floor(max * 0.8))) rmSync(join(directory, name), { force: true });
  } catch {
    // Another run pruning at the same time: what it left is pruned later.
  }
}
