// `--reporter name[:destination]`, repeatable: each reporter writes to its own file,
// and at most one, the one without a destination, writes to stdout.
export const REPORTER_NAMES = ['tap', 'spec', 'junit', 'junit-units', 'json', 'html'] as const;
export type ReporterName = (typeof REPORTER_NAMES)[number];

export interface ReporterChoice {
  name: ReporterName;
  /** File to write; null for stdout. */
  destination: string | null;
}

/** Reads "tap", "html:report.html"; throws an Error that says what is accepted. */
export function parseReporterChoice(text: string): ReporterChoice {
  const colon = text.indexOf(':');
  const name = colon === -1 ? text : text.slice(0, colon);
  const destination = colon === -1 ? null : text.slice(colon + 1);
  if (!(REPORTER_NAMES as readonly string[]).includes(name)) {
    throw new Error(`unknown reporter '${name}'; expected one of ${REPORTER_NAMES.join(', ')}, optionally followed by :FILE`);
  }
  if (destination === '') throw new Error(`'${text}': the file after ':' is empty; leave out ':' to write to stdout`);
  return { name: name as ReporterName, destination };
}

/** Problems of a list of choices as a whole: two reporters on stdout, or two on one file. */
export function reporterChoicesProblem(choices: ReporterChoice[]): string | null {
  const onStdout = choices.filter((choice) => choice.destination === null);
  if (onStdout.length > 1) return `only one reporter may write to stdout, got ${onStdout.map((c) => c.name).join(' and ')}; give the others a file (--reporter ${onStdout[1].name}:FILE)`;
  const files = choices.flatMap((choice) => (choice.destination === null ? [] : [choice.destination]));
  const repeated = files.find((file, i) => files.indexOf(file) !== i);
  return repeated === undefined ? null : `two reporters write to ${repeated}`;
}
