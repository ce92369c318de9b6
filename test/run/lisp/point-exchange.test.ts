// A failing point shows the exchange its check followed, not the last of its unit:
// points reach spec-run as they are made but are reported once the unit has ended, and
// a loop's failing trial used to show the last trial's request and response as its own.
// Real SBCL and the project's runtime server.
import t from 'tap';
import { frontmatter, lisp, options, realRuntimeBuilt, runMarkdown } from './helpers.js';

const code = (message: unknown) => ((message as { params?: { arguments?: { code?: string } } }).params?.arguments?.code);

t.test("a failing check made between two requests shows the first one's exchange", { skip: !realRuntimeBuilt() && 'the runtime is not built' }, async (t) => {
  const doc =
    frontmatter() +
    lisp(`(fiveam:test two-trials
  (let ((session (make-test-session)))
    (dolist (form '("(progn (sleep 0.3) (+ 1 2))" "(+ 3 4)"))
      (let ((result (evaluate-in-session session form)))
        (fiveam:is (search "7" (result-value result)))))))`);
  const { failed } = await runMarkdown(doc, options());
  t.equal(failed.length, 1, 'only the first trial fails');
  const diagnostics = failed[0].diagnostics as { request?: unknown; response?: { id?: unknown }; answeredAfterMs?: number };
  t.equal(code(diagnostics.request), '(progn (sleep 0.3) (+ 1 2))', 'the request shown is the one the failing check followed');
  t.equal(diagnostics.response?.id, (diagnostics.request as { id?: unknown }).id, 'with its own response');
  t.ok(diagnostics.answeredAfterMs! >= 300 && diagnostics.answeredAfterMs! < 3000, `and how long it took to answer: ${diagnostics.answeredAfterMs} ms for a 0.3 s sleep`);
  const attachment = failed[0].attachments?.find((a) => a.name === 'MCP transcript')?.value as { exchanges: { request: unknown }[] };
  t.same(
    attachment.exchanges.map((e) => code(e.request)),
    ['(progn (sleep 0.3) (+ 1 2))'],
    'the transcript attached ends at the check',
  );
});
