// Why a JSON block does not parse, as `check` and the steps that read it (this.blocks) say it.

/** The first line of JSON.parse's complaint about TEXT, or null when it parses. */
export function jsonError(text: string): string | null {
  try {
    JSON.parse(text);
    return null;
  } catch (error) {
    return (error as Error).message.split('\n')[0];
  }
}
