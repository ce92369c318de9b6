-- Neovim's built-in LSP client on spec-run lsp --stdio, for test/lsp/neovim.test.ts:
-- attaches the server to the buffer opened on the command line, waits for its
-- diagnostics and writes them, as JSON, to $SPEC_RUN_LSP_OUT; then quits.
local buffer, client = dofile(debug.getinfo(1, 'S').source:sub(2):match('(.*/)') .. 'attach.lua')
local received = vim.wait(tonumber(vim.env.SPEC_RUN_LSP_WAIT_MS), function()
  return #vim.diagnostic.get(buffer) > 0
end, 50)
local diagnostics = {}
for _, diagnostic in ipairs(vim.diagnostic.get(buffer)) do
  table.insert(diagnostics, { line = diagnostic.lnum, column = diagnostic.col, severity = diagnostic.severity, message = diagnostic.message, source = diagnostic.source })
end
vim.fn.writefile({ vim.fn.json_encode({ received = received, diagnostics = diagnostics }) }, vim.env.SPEC_RUN_LSP_OUT)
vim.lsp.stop_client(client)
vim.cmd('qall!')
