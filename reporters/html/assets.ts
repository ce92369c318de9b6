// The page's inline style and script: the report is one file that needs no network.
// The script only adds the filters; without it every unit shows and nothing is lost.

export const STYLE = `
:root { --fail: #b3261e; --pass: #1e7b34; --skip: #8a6d00; --todo: #1b5e9c; --muted: #5f6368; --line: #dadce0; }
* { box-sizing: border-box; }
body { font: 14px/1.45 system-ui, sans-serif; margin: 0 auto; padding: 1rem 1.5rem 3rem; max-width: 75rem; color: #202124; }
h1 { font-size: 1.5rem; margin: 0 0 .5rem; }
h2 { font-size: 1.15rem; border-bottom: 1px solid var(--line); padding-bottom: .25rem; margin-top: 2rem; }
code, pre, .mono { font-family: ui-monospace, SFMono-Regular, Menlo, Consolas, monospace; font-size: 12.5px; }
pre { background: #f6f8fa; border: 1px solid var(--line); border-radius: 4px; padding: .5rem; margin: .25rem 0 .5rem; overflow-x: auto; white-space: pre-wrap; word-break: break-word; }
a { color: #1a56c4; }
.summary { display: grid; grid-template-columns: max-content 1fr; gap: .15rem 1rem; margin: .5rem 0; }
.summary dt { color: var(--muted); }
.summary dd { margin: 0; }
.verdict { font-weight: 600; font-size: 1.05rem; }
.verdict.failed { color: var(--fail); }
.verdict.passed { color: var(--pass); }
.verdict.incomplete { color: var(--todo); }
.filters { margin: .75rem 0; display: flex; gap: .5rem; flex-wrap: wrap; }
.filters[hidden] { display: none; }
.filters button { font: inherit; padding: .2rem .75rem; border: 1px solid var(--line); border-radius: 1rem; background: #fff; cursor: pointer; }
.filters button[aria-pressed="true"] { background: #202124; color: #fff; border-color: #202124; }
.mark { display: inline-block; width: 1.1em; text-align: center; font-weight: 700; }
.failed > summary .mark, li.failed > .mark, .status-failing { color: var(--fail); }
.passed > summary .mark, li.passed > .mark, .status-verified { color: var(--pass); }
.skipped > summary .mark, li.skipped > .mark, .status-untested { color: var(--skip); }
.todo > summary .mark, li.todo > .mark, .status-partly-undefined { color: var(--todo); }
.status-excluded, .status-removed, .status-renamed { color: var(--muted); }
.note, .time, .where { color: var(--muted); font-size: 12.5px; }
details > summary { cursor: pointer; padding: .2rem 0; }
summary, h4, td, .where, .failure > div { overflow-wrap: anywhere; }
.document { border: 1px solid var(--line); border-radius: 6px; padding: .25rem .75rem; margin: .75rem 0; }
.document > summary { font-weight: 600; }
.requirement-group { margin: .5rem 0 .5rem .5rem; padding-left: .75rem; border-left: 3px solid var(--line); }
.requirement-group > h4 { margin: .5rem 0 .25rem; font-size: .95rem; }
.unit { margin: .15rem 0 .15rem .5rem; }
.points { list-style: none; padding-left: 1.25rem; margin: .25rem 0; }
.points li { margin: .2rem 0; }
.diagnostics, .attachments { margin: .25rem 0 .5rem 1.5rem; }
.point-notes { margin: .1rem 0 .25rem 1.5rem; padding-left: 1rem; color: #7a5b00; font-size: 12.5px; }
.interpretation { font-family: ui-monospace, monospace; font-size: .85em; color: #35557a; }
.entry.inline { margin: .2rem 0; }
.entry.inline code { background: #f6f8fa; padding: 0 .3rem; border-radius: 3px; white-space: pre-wrap; word-break: break-word; }
.key { font-weight: 600; font-family: ui-monospace, monospace; font-size: 12.5px; }
.failure { border-left: 3px solid var(--fail); padding: .25rem .75rem; margin: .75rem 0; background: #fdf3f2; }
table { border-collapse: collapse; width: 100%; }
th, td { text-align: left; vertical-align: top; border-bottom: 1px solid var(--line); padding: .3rem .5rem; }
.unit-list { margin: 0; padding-left: 1rem; }
.badge { font-size: 12px; padding: 0 .4rem; border: 1px solid currentColor; border-radius: .6rem; white-space: nowrap; }
body[data-filter="failed"] .unit:not(.failed), body[data-filter="failed"] .document:not(.has-failed),
body[data-filter="flaky"] .unit:not(.flaky), body[data-filter="flaky"] .document:not(.has-flaky),
body[data-filter="skipped"] .unit:not(.has-skipped), body[data-filter="skipped"] .document:not(.has-skipped),
body[data-filter] .requirement-group.empty-for-filter { display: none; }
`;

/** Filter buttons: show only failed, flaky or skipped units; the choice is kept in the URL's hash. */
export const SCRIPT = `
(function () {
  var nav = document.querySelector('.filters');
  if (!nav) return;
  nav.hidden = false;
  function apply(filter) {
    if (filter === 'all') delete document.body.dataset.filter; else document.body.dataset.filter = filter;
    nav.querySelectorAll('button').forEach(function (b) { b.setAttribute('aria-pressed', String(b.dataset.filter === filter)); });
    document.querySelectorAll('.requirement-group').forEach(function (group) {
      var shown = filter === 'all' || group.querySelector('.unit.' + (filter === 'skipped' ? 'has-skipped' : filter));
      group.classList.toggle('empty-for-filter', !shown);
    });
    if (filter !== 'all') document.querySelectorAll('.document.has-' + filter).forEach(function (d) { d.open = true; });
  }
  nav.addEventListener('click', function (event) {
    var button = event.target.closest('button');
    if (!button) return;
    try { history.replaceState(null, '', button.dataset.filter === 'all' ? location.pathname : '#filter=' + button.dataset.filter); } catch (e) { /* some browsers refuse it on file: pages */ }
    apply(button.dataset.filter);
  });
  var match = /^#filter=(failed|flaky|skipped)$/.exec(location.hash);
  apply(match ? match[1] : 'all');
})();
`;
