// Finds the markdown documents named on the command line: files as given, directories
// searched recursively for *.md (node_modules and dot-directories skipped), sorted so
// that every run sees the same order. A path that does not exist is kept: parsing
// reports it as a failed point while the other documents still run.
import { readdirSync, statSync } from 'node:fs';
import { join } from 'node:path';

export function discoverDocuments(paths: string[]): string[] {
  const found: string[] = [];
  for (const path of paths) {
    let isDirectory = false;
    try {
      isDirectory = statSync(path).isDirectory();
    } catch {
      found.push(path);
      continue;
    }
    if (isDirectory) found.push(...walk(path));
    else found.push(path);
  }
  return [...new Set(found)];
}

function walk(directory: string): string[] {
  const files: string[] = [];
  const entries = readdirSync(directory, { withFileTypes: true }).sort((a, b) => (a.name < b.name ? -1 : a.name > b.name ? 1 : 0));
  for (const entry of entries) {
    if (entry.name.startsWith('.') || entry.name === 'node_modules') continue;
    const path = join(directory, entry.name);
    if (entry.isDirectory()) files.push(...walk(path));
    else if (entry.isFile() && entry.name.toLowerCase().endsWith('.md')) files.push(path);
  }
  return files;
}
