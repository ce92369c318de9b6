-- Neovim's built-in LSP client on spec-run lsp --stdio, for test/lsp/neovim.test.ts:
-- attaches the server to the buffer opened on the command line, waits for its
-- diagnostics and writes them, as JSON, to $SPEC_RUN_LSP_OUT; then quits.
-- vim.lsp.start_client and buf_attach_client exist in every Neovim with a built-in
-- client (Debian's is 0.7, before vim.lsp.start and vim.lsp.config).
local buffer = vim.api.nvim_get_current_buf()
local client = vim.lsp.start_client({
  name = 'spec-run',
  cmd = vim.fn.json_decode(vim.env.SPEC_RUN_LSP_CMD),
  root_dir = vim.fn.getcwd(),
})
vim.lsp.buf_attach_client(buffer, client)
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
