// Step definitions of word-count's specification. `this` is the scenario's world:
// its YAML blocks come parsed (this.blocks), and this.run() runs a command the way
// `spec-run exec` does (a timeout, captured output, the exit code).
import assert from 'node:assert/strict';
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { After, Given, Then } from 'spec-run/steps';

// Quoted for the shell, which takes nothing inside single quotes as special: the
// project's path may hold spaces or a $.
const program = `'${fileURLToPath(new URL('wc.mjs', import.meta.url)).replaceAll("'", "'\\''")}'`;

/** A fresh directory for this scenario's files, removed when the scenario ends (the After hook below). */
function scratch(world) {
  const dir = mkdtempSync(path.join(tmpdir(), 'word-count-'));
  (world.dirs ??= []).push(dir);
  return dir;
}

After(function () {
  for (const dir of this.dirs ?? []) rmSync(dir, { recursive: true, force: true });
});

Given('word-count reads the file', async function () {
  const { file, text } = this.blocks[0].data;
  const dir = scratch(this);
  writeFileSync(path.join(dir, file), text);
  this.result = await this.run(`node ${program} ${file}`, { workdir: dir, timeout: '30s' });
});

Given('word-count reads the file {string}', async function (file) {
  this.result = await this.run(`node ${program} ${file}`, { timeout: '30s' });
});

Given('word-count reads {string} from standard input', async function (text) {
  this.result = await this.run(`printf '%s\\n' '${text}' | node ${program}`, { timeout: '30s' });
});

Given('word-count reads {string} from standard input with at most {int} words', async function (text, max) {
  this.result = await this.run(`printf '%s\\n' '${text}' | node ${program} --max-words ${max}`, { timeout: '30s' });
});

// A doc string (the fenced block inside the step's item) comes as the last argument.
Given('word-count reads the text:', async function (text) {
  const dir = scratch(this);
  writeFileSync(path.join(dir, 'text.txt'), `${text}\n`);
  this.result = await this.run(`node ${program} text.txt`, { workdir: dir, timeout: '30s' });
});

// A data table comes as a DataTable: hashes() gives one object per row, keyed by the header.
Given('word-count reads each text of the table:', async function (table) {
  this.counts = [];
  for (const { text, words } of table.hashes()) {
    const result = await this.run(`printf '%s\\n' '${text}' | node ${program}`, { timeout: '30s' });
    this.counts.push({ text, expected: Number(words), output: result.stdout });
  }
});

Then("each count SHALL be the table's", function () {
  this.attach('counts', this.counts);
  for (const { text, expected, output } of this.counts) assert.match(output, new RegExp(`^words: ${expected}$`, 'm'), text);
});

Then('it SHALL report {int} {word}', function (count, what) {
  this.attach('output', this.result.stdout);
  assert.match(this.result.stdout, new RegExp(`^${what}: ${count}$`, 'm'));
});

Then('the exit status SHALL be {int}', function (status) {
  assert.equal(this.result.exitCode, status);
});

Then('the error output SHALL say {string}', function (text) {
  assert.ok(this.result.stderr.includes(text), `stderr was: ${this.result.stderr}`);
});
