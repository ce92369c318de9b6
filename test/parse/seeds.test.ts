// The parse stage on the five seed documents.
import t from 'tap';
import { parseFile } from '../../src/parse/index.js';
import { SEEDS, lineOf, seedLines, seedPath } from './seed-files.js';

t.test('every seed parses without problems, and every block sits where the file says', async (t) => {
  for (const seed of SEEDS) {
    const doc = await parseFile(seedPath(seed));
    const lines = seedLines(seed);
    t.same(doc.problems, [], `${seed}: no problems`);
    const fenceLines = lines.filter((line) => /^\s*```/.test(line)).length;
    t.equal(doc.codeBlocks.length, fenceLines / 2, `${seed}: one block per pair of fences`);
    for (const block of doc.codeBlocks) {
      t.match(lines[block.line - 1], /^\s*```/, `${seed}: block ${block.index} opens at its line`);
      const firstTextLine = block.text.split('\n')[0];
      t.equal(lines[block.textLine - 1].trim(), firstTextLine.trim(), `${seed}: block ${block.index} text starts at textLine`);
      if (block.inListItem) t.notMatch(firstTextLine, /^ /, `${seed}: block ${block.index} list indentation removed`);
    }
  }
});

t.test('timing-isolation: fences inside list items, labels, heading paths', async (t) => {
  const seed = 'timing-isolation.md';
  const doc = await parseFile(seedPath(seed));
  const lines = seedLines(seed);
  t.equal(doc.title, 'Timing Isolation Property');
  t.equal(doc.metadataSource, 'frontmatter');
  // The seed's own frontmatter says version 0.1.0: the document's version, not spec-run's.
  t.same(doc.metadata, { type: 'property', name: 'timing-isolation', version: '0.1.0', feature: 'enhanced-evaluation', covers: ['contracts/time-execution-tool'] });

  const listBlocks = doc.codeBlocks.filter((block) => block.inListItem);
  t.equal(listBlocks.length, 6);
  t.same(
    listBlocks.map((block) => block.label),
    ['Minimal Code Timing:', 'Consistent Fast Code:', 'Sleep Accuracy:', 'CPU-Bound Stability:', 'Large Result No Impact:', 'Measurement Overhead Only:'],
  );
  const sleep = listBlocks[2];
  t.equal(sleep.textLine, lineOf(lines, '(let ((result (time-execution "(sleep 0.1)")))'));
  t.equal(sleep.line, sleep.textLine - 1);
  t.equal(sleep.text.split('\n')[0], '(let ((result (time-execution "(sleep 0.1)")))');
  t.same(sleep.headingPath, ['Timing Isolation Property', 'Verification Approach']);

  const sketch = doc.codeBlocks.find((block) => block.text.startsWith('(defun handle-time-execution-tool'));
  t.equal(sketch?.label, 'Implementation Requirements:');
  t.equal(sketch?.textLine, lineOf(lines, '(defun handle-time-execution-tool'));
  const formal = doc.codeBlocks[0];
  t.equal(formal.lang, null);
  t.same(formal.headingPath, ['Timing Isolation Property', 'Formal Expression']);
  t.equal(doc.codeBlocks[1].label, 'MCP Overhead Included:');

  const approach = doc.sections.find((section) => section.heading === 'Verification Approach');
  const list = approach?.content.find((item) => item.type === 'list');
  t.ok(list && list.type === 'list' && list.ordered);
  if (list?.type === 'list') {
    t.same(list.items.map((item) => item.number), [1, 2, 3, 4, 5, 6]);
    t.equal(list.items[0].text, '**Minimal Code Timing**:', 'bold markers kept in item text');
    t.equal(list.items[3].line, lineOf(lines, '4. **CPU-Bound Stability**'));
  }
});

t.test('command-timeouts: bold-line metadata, scenario sections, nested blocks', async (t) => {
  const seed = 'command-timeouts.spec.md';
  const doc = await parseFile(seedPath(seed));
  const lines = seedLines(seed);
  t.equal(doc.metadataSource, 'bold-lines');
  t.same(doc.metadata, { capability: 'command-timeouts', change: 'enable-docker-stop-hooks', status: 'Specification', version: '1.0' });
  t.equal(doc.title, 'Specification: Command Execution Timeouts');

  const host = doc.sections.find((section) => section.heading === 'Scenario: Host Command Timeout');
  t.ok(host);
  t.same(host?.headingPath, ['Specification: Command Execution Timeouts', 'ADDED Requirements', 'Requirement: Timeout Enforcement Mechanism', 'Scenario: Host Command Timeout']);
  t.same(host?.content.map((item) => item.type), ['paragraph', 'code', 'paragraph', 'list', 'code']);
  const message = host?.content[4];
  if (message?.type === 'code') {
    t.equal(message.block.lang, null);
    t.ok(message.block.inListItem);
    t.equal(message.block.label, 'User sees timeout message:');
    t.equal(message.block.textLine, lineOf(lines, 'Error: Command execution timed out after 5s'));
    t.equal(message.block.text.split('\n')[1], 'Command: sleep 100', 'item indentation removed from every line');
  } else t.fail('the message block follows the list');

  const requirementHeadings = doc.headings[0].children.find((heading) => heading.text === 'ADDED Requirements')?.children ?? [];
  t.equal(requirementHeadings.length, lines.filter((line) => line.startsWith('### Requirement:')).length - 1, 'the MODIFIED requirement is under its own h2');
  t.equal(requirementHeadings[0].children[0].text, 'Scenario: Command with Timeout');
  t.equal(requirementHeadings[0].children[0].line, lineOf(lines, '#### Scenario: Command with Timeout'));
});

t.test('configure-limits and timeout-handling: labels and heading tree', async (t) => {
  const limits = await parseFile(seedPath('configure-limits-tool.test.md'));
  const json = limits.codeBlocks.filter((block) => block.lang === 'json');
  t.equal(json.length, 7);
  t.ok(json.every((block) => block.label === 'Input:'));
  t.ok(limits.codeBlocks.filter((block) => block.label === 'Expected:').every((block) => block.lang === 'lisp'));

  const handling = await parseFile(seedPath('timeout-handling.test.md'));
  const top = handling.headings[0];
  t.equal(top.depth, 1);
  t.same(top.children.map((heading) => heading.text), ['Purpose', 'Prerequisites', 'Setup', 'Execution', 'Verification', 'Teardown', 'Notes']);
  t.equal(top.children[3].children.length, 10);
});
