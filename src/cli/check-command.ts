// `spec-run check [paths]`: validates documents without running them and prints
// file:line:col messages an editor can jump to. Exit 1 when any error is found.
import { parseFile } from '../parse/index.js';
import { translate } from '../translate/index.js';
import { checkDocument, formatMessage, type CheckContext } from '../check/index.js';
import { unknownOperators } from '../check/known-functions.js';
import { TOOLS } from '../runtime/tools.js';
import { loadStepLibrary, matchStep } from '../run/scenario/library.js';
import { snippetFor } from '../run/scenario/snippet.js';
import { discoverDocuments } from './discover.js';
import { indexDefinitions } from '../translate/definition-index.js';
import { ConfigError, loadConfig } from './config.js';
import { stepFilesOf } from './run-command.js';

export async function checkCommand(paths: string[], stepGlobs?: string[]): Promise<number> {
  let stepFiles: string[];
  try {
    stepFiles = await stepFilesOf(stepGlobs, loadConfig());
  } catch (error) {
    if (!(error instanceof ConfigError)) throw error;
    console.error(`spec-run: ${error.message}`);
    return 2;
  }
  const library = await loadStepLibrary(stepFiles);
  const context: CheckContext = {
    tools: TOOLS.map((tool) => tool.name),
    unknownOperators,
    undefinedStep: (text) => (matchStep(library, text, undefined).length > 0 ? null : snippetFor(library, text, 'Then')),
  };
  let errors = 0;
  let warnings = 0;
  const files = discoverDocuments(paths.length ? paths : ['specs/']);
  const docs = await Promise.all(files.map((file) => parseFile(file)));
  const plans = docs.map((doc) => translate(doc));
  context.definitions = indexDefinitions(plans);
  for (const [i, doc] of docs.entries()) {
    for (const message of await checkDocument(doc, plans[i], context)) {
      if (message.severity === 'error') errors += 1;
      else warnings += 1;
      console.log(formatMessage(message));
    }
  }
  console.error(`${files.length} documents checked: ${errors} errors, ${warnings} warnings`);
  return errors > 0 ? 1 : 0;
}
