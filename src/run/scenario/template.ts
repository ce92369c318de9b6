// Compares a report the executor produced with a documented message. The document's
// message is an example: its command, timeout and output are those of the example,
// so values are substituted by the probe's, the example's output lines are skipped
// (notes in parentheses excepted), and measured durations are checked by form.
import type { Checks } from './checks.js';

const ELAPSED = /^(\d+h )?(\d+m )?\d+\.\d{3}s$/;

export interface Substitution {
  from: string;
  to: string;
}

/** The documented message's own "Command:" and "Timeout:" values, when it has them. */
export function templateField(template: string, label: string): string | null {
  const m = new RegExp(`^\\s*${label}:\\s*(.+)$`, 'im').exec(template);
  return m ? m[1].trim() : null;
}

export function compareWithTemplate(c: Checks, template: string, message: string, substitutions: Substitution[]): void {
  const actual = message.split('\n').map((l) => l.trim());
  const lower = actual.map((l) => l.toLowerCase());
  const substitute = (text: string) => substitutions.reduce((t, s) => (s.from ? t.split(s.from).join(s.to) : t), text);
  const skipped: string[] = [];
  let section: 'head' | 'output' | 'fix' = 'head';
  for (const raw of template.split('\n')) {
    const line = raw.trim();
    if (line === '') {
      if (section === 'output') section = 'head';
      continue;
    }
    if (line === '...') continue;
    if (/output:$/i.test(line)) {
      c.that(lower.includes(line.toLowerCase()), `report has the line ${JSON.stringify(line)} (case aside)`);
      section = 'output';
      continue;
    }
    if (section === 'output' && !/^\(.*\)$/.test(line)) {
      skipped.push(line);
      continue;
    }
    if (/^to fix:$/i.test(line)) section = 'fix';
    const expected = substitute(line);
    const field = /^([A-Z][\w ]*): (.+)$/.exec(expected);
    if (field && section === 'head') {
      const [, label, value] = field;
      const found = actual.find((l) => l.toLowerCase().startsWith(`${label.toLowerCase()}: `));
      const got = found?.slice(label.length + 2);
      if (label === 'Duration') c.that(got !== undefined && ELAPSED.test(got), `report's Duration has the documented form (e.g. "5m 0.234s")`, got ?? null);
      else c.that(got !== undefined && got.toLowerCase().startsWith(value.toLowerCase()), `report's ${label}: starts with ${JSON.stringify(value)}`, got ?? null);
      continue;
    }
    c.that(lower.includes(expected.toLowerCase()), `report has the line ${JSON.stringify(expected)}`);
  }
  if (skipped.length > 0) c.show("example output lines not compared (they are the documented command's own)", skipped);
  c.show('report', message.split('\n'));
}
