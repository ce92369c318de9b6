// The keyword a scenario step stands under: Given, When or Then. OpenSpec and Gherkin
// steps may say And or But, which continue the keyword before them. A rule of the
// document, so the planner's consumers (check, the scenario runner) share it.

/** Given/When/Then for a step keyword; And and But continue the keyword before them. */
export function stepKeyword(keyword: string, previous: string | null): string {
  const k = keyword.toLowerCase();
  if (k === 'given' || k === 'when' || k === 'then') return k[0].toUpperCase() + k.slice(1);
  return previous ?? 'Then';
}
