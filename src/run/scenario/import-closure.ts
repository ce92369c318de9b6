// The modules a steps file imports, found in its text: Node evaluates a module once per
// process, so a shared module of steps imported by steps files of two directories registers
// its definitions while the first of them loads, and the second, which imports it too,
// must be given them (library.ts). What is found here is a superset at worst: a specifier
// in a comment adds a module, never drops one.
import { existsSync, readFileSync, realpathSync, statSync } from 'node:fs';
import { createRequire } from 'node:module';
import path from 'node:path';

/** `import … from 'x'`, `import 'x'`, `export … from 'x'`, `import('x')`, `require('x')`. */
const SPECIFIER = /(?:\bimport\s*(?:type\s+)?(?:[\w$*{}\s,]+?\s*from\s*)?|\bexport\s*(?:type\s+)?[\w$*{}\s,]+?\s*from\s*|\bimport\s*\(\s*|\brequire\s*\(\s*)(['"])([^'"\n]+)\1/g;

const EXTENSIONS = ['.js', '.mjs', '.cjs', '.ts', '.mts', '.cts', '.tsx', '.jsx'];
const SOURCE = /\.(?:[cm]?[jt]sx?)$/;

const isFile = (file: string) => statSync(file, { throwIfNoEntry: false })?.isFile() ?? false;

/** A relative specifier's file, as Node or TypeScript's resolution finds it (`./x.js` may be `./x.ts`). */
function relativeFile(from: string, specifier: string): string | null {
  const base = path.resolve(path.dirname(from), specifier);
  if (isFile(base)) return base;
  const withoutJs = base.replace(/\.([cm]?)js$/, '.$1ts');
  if (withoutJs !== base && isFile(withoutJs)) return withoutJs;
  for (const extension of EXTENSIONS) if (isFile(base + extension)) return base + extension;
  for (const extension of EXTENSIONS) if (isFile(path.join(base, `index${extension}`))) return path.join(base, `index${extension}`);
  return null;
}

/**
 * What a module imported as SPECIFIER from FROM is: its file, when it lies in the project
 * (a relative path, or a package whose real path is outside node_modules: a workspace's),
 * followed further; or its package directory under node_modules, not followed.
 */
function resolved(from: string, specifier: string): { file: string } | { packageDirectory: string } | null {
  if (specifier.startsWith('node:')) return null;
  if (specifier.startsWith('.') || path.isAbsolute(specifier)) {
    const file = relativeFile(from, specifier);
    return file ? { file } : null;
  }
  let file: string;
  try {
    file = realpathSync(createRequire(from).resolve(specifier));
  } catch {
    return null;
  }
  const parts = file.split(path.sep);
  const at = parts.lastIndexOf('node_modules');
  if (at < 0) return { file };
  const name = parts[at + 1]?.startsWith('@') ? 2 : 1;
  return { packageDirectory: parts.slice(0, at + 1 + name).join(path.sep) };
}

export interface ImportClosure {
  /** The project's modules FILE imports, directly or through others (FILE not among them). */
  files: Set<string>;
  /** Directories of the packages under node_modules they import. */
  packages: Set<string>;
}

/** What FILE imports, transitively through the project's modules. */
export function importClosure(file: string): ImportClosure {
  const closure: ImportClosure = { files: new Set(), packages: new Set() };
  const seen = new Set([file]);
  const pending = [file];
  while (pending.length) {
    const current = pending.pop()!;
    let text: string;
    try {
      text = readFileSync(current, 'utf8');
    } catch {
      continue;
    }
    for (const match of text.matchAll(SPECIFIER)) {
      const found = resolved(current, match[2]);
      if (!found) continue;
      if ('packageDirectory' in found) closure.packages.add(found.packageDirectory);
      else if (!seen.has(found.file) && SOURCE.test(found.file) && existsSync(found.file)) {
        seen.add(found.file);
        closure.files.add(found.file);
        pending.push(found.file);
      }
    }
  }
  return closure;
}

/** True when the module FILE belongs to CLOSURE: one of its files, or a file of one of its packages. */
export function inClosure(closure: ImportClosure, file: string): boolean {
  if (closure.files.has(file)) return true;
  for (const directory of closure.packages) if (file.startsWith(directory + path.sep)) return true;
  return false;
}
