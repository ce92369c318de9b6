// Runs the real spec-run command line in a child process, for the CLI tests.
import { execFile } from 'node:child_process';
import { watchProcess, type Watching } from '../support/watching.js';
import { dirname, join, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';
import { Parser } from 'tap-parser';
import type { FinalResults } from 'tap-parser';

export const root = resolve(dirname(fileURLToPath(import.meta.url)), '../../..');
export const cli = join(root, 'dist/src/cli/main.js');

export interface Run {
  code: number;
  stdout: string;
  stderr: string;
}

export function specRun(args: string[], cwd = root): Promise<Run> {
  return new Promise((done) => {
    execFile(process.execPath, [cli, ...args], { cwd, maxBuffer: 64 * 1024 * 1024, env: { ...process.env, GITHUB_ACTIONS: '' } }, (error, stdout, stderr) =>
      done({ code: error ? Number((error as { code?: number }).code ?? 1) : 0, stdout, stderr }),
    );
  });
}

export function parseTap(text: string): Promise<FinalResults> {
  return new Promise((resolve) => new Parser({ strict: true }, resolve).end(text));
}

/** A Lisp verification document with one `## heading` and block per entry. */
export function lispDocument(name: string, blocks: Record<string, string>, frontmatter = ''): string {
  const sections = Object.entries(blocks).map(([heading, code]) => `## ${heading}\n\n\`\`\`lisp\n${code}\n\`\`\`\n`);
  return `---\ntype: verification\nname: ${name}\n${frontmatter}---\n# ${name}\n\n${sections.join('\n')}`;
}

/** `spec-run ARGS --watch` from this checkout, started in CWD. */
export function watching(args: string[], cwd: string): Watching {
  return watchProcess([process.execPath, cli, ...args, '--watch'], cwd, { ...process.env, GITHUB_ACTIONS: '' });
}
