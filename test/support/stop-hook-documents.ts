// Stop-hook documents the tests of executor scenarios write: a configuration block's lines,
// and a scenario that gives two configurations (the first would silently win).

/** The lines of a `stop:` configuration of one command RUN with FIELDS (`timeout: "1s"`). */
export const stopCommand = (run: string, ...fields: string[]): string[] => ['stop:', '  commands:', `    - run: ${JSON.stringify(run)}`, ...fields.map((f) => `      ${f}`)];

/** A scenario whose `sleep 3` is configured twice, with a 1 s timeout and then a 30 s one (its blocks' `stop:` at its lines 4 and 11), and a THEN that it times out. */
export const raisedLaterScenario = (): string[] => [
  '#### Scenario: raised later',
  'When the configuration is:',
  '```yaml',
  ...stopCommand('sleep 3', 'timeout: "1s"'),
  '```',
  'and the team later raised the limit to:',
  '```yaml',
  ...stopCommand('sleep 3', 'timeout: "30s"'),
  '```',
  '- **THEN** the command SHALL time out',
  '',
];
