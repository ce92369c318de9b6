// `spec-run check [paths]`: validates documents without running them and prints
// file:line:col messages an editor can jump to. Exit 1 when any error is found.
import { parseFile } from '../parse/index.js';
import { translate } from '../translate/index.js';
import { checkDocument, formatMessage, type CheckContext, type CheckMessage } from '../check/index.js';
import { unknownOperators } from '../check/known-functions.js';
import { TOOLS } from '../runtime/tools.js';
import { findStep, snippetFor } from '../run/scenario/registry.js';
import { stepDefinitions } from '../run/scenario/index.js';
import { findDocuments, usableDiscovery } from './discover.js';
import { unreadableMessage } from '../parse/unreadable.js';

export async function checkCommand(paths: string[]): Promise<number> {
  const context: CheckContext = {
    tools: TOOLS.map((tool) => tool.name),
    unknownOperators,
    undefinedStep: (text) => {
      const step = { keyword: 'Then', text, line: 0, number: null };
      return findStep(stepDefinitions, step) ? null : snippetFor(step);
    },
  };
  let errors = 0;
  let warnings = 0;
  const discovery = findDocuments(paths.length ? paths : ['specs/']);
  if (!usableDiscovery(discovery)) return 2;
  const files = discovery.files;
  for (const file of files) {
    const doc = await parseFile(file);
    let messages: CheckMessage[];
    try {
      messages = await checkDocument(doc, translate(doc), context);
    } catch (error) {
      // A check that cannot handle a document is that document's error; the others are still checked.
      messages = [{ file, line: 1, column: 1, severity: 'error', message: unreadableMessage('checking this document', error) }];
    }
    for (const message of messages) {
      if (message.severity === 'error') errors += 1;
      else warnings += 1;
      console.log(formatMessage(message));
    }
  }
  console.error(`${files.length} documents checked: ${errors} errors, ${warnings} warnings`);
  return errors > 0 ? 1 : 0;
}
