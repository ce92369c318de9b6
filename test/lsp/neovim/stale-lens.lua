-- Neovim 0.7's client keeps the lenses it was given (it refreshes none): for
-- test/lsp/neovim.test.ts, takes the "run this unit" lens of the document opened, writes
-- $SPEC_RUN_LSP_WRITE_TEXT into the buffer and saves it, then runs that old lens and
-- hovers the line the lens stood on; what came back is written to $SPEC_RUN_LSP_OUT.
local buffer, id = dofile(debug.getinfo(1, 'S').source:sub(2):match('(.*/)') .. 'attach.lua')
local client = vim.lsp.get_client_by_id(id)
local wait = tonumber(vim.env.SPEC_RUN_LSP_WAIT_MS)
vim.wait(wait, function() return client.initialized end, 50)
local params = { textDocument = vim.lsp.util.make_text_document_params(buffer) }
local lenses = client.request_sync('textDocument/codeLens', params, wait, buffer)
local lens
for _, l in ipairs(lenses and lenses.result or {}) do
  if l.command and l.command.command == 'spec-run.runUnit' then lens = l end
end
vim.api.nvim_buf_set_lines(buffer, 0, -1, false, vim.split(vim.env.SPEC_RUN_LSP_WRITE_TEXT, '\n'))
vim.cmd('write')
vim.wait(2000)
local ran = client.request_sync('workspace/executeCommand', lens.command, wait, buffer)
local hover = client.request_sync('textDocument/hover', { textDocument = params.textDocument, position = lens.range.start }, wait, buffer)
vim.fn.writefile({ vim.fn.json_encode({ ran = ran and (ran.result or vim.NIL) or vim.NIL, error = ran and ran.err and ran.err.message or vim.NIL, hover = hover and hover.result and hover.result.contents.value or vim.NIL }) }, vim.env.SPEC_RUN_LSP_OUT)
vim.lsp.stop_client(id)
vim.cmd('qall!')
