-- Starts spec-run lsp --stdio ($SPEC_RUN_LSP_CMD) with Neovim's built-in client and attaches
-- it to the buffer opened on the command line; returns the buffer and the client. The
-- scripts beside it (run with :luafile) begin with it. vim.lsp.start_client and
-- buf_attach_client exist in every Neovim with a built-in client (Debian's is 0.7, before
-- vim.lsp.start and vim.lsp.config).
local buffer = vim.api.nvim_get_current_buf()
local client = vim.lsp.start_client({
  name = 'spec-run',
  cmd = vim.fn.json_decode(vim.env.SPEC_RUN_LSP_CMD),
  root_dir = vim.fn.getcwd(),
})
vim.lsp.buf_attach_client(buffer, client)
return buffer, client
