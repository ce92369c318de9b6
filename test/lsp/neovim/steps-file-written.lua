-- Neovim's built-in LSP client on spec-run lsp --stdio, for test/lsp/neovim.test.ts:
-- attaches the server to the buffer opened on the command line, waits for its first
-- diagnostics, then writes $SPEC_RUN_LSP_WRITE_TEXT to the file $SPEC_RUN_LSP_WRITE_PATH
-- (as another program would: nothing tells the server) and waits for the buffer's
-- diagnostics to be gone. Writes both, and whether the server still runs, as JSON to
-- $SPEC_RUN_LSP_OUT; then quits. Neovim 0.7 watches no files for the server.
local buffer, client = dofile(debug.getinfo(1, 'S').source:sub(2):match('(.*/)') .. 'attach.lua')
local wait = tonumber(vim.env.SPEC_RUN_LSP_WAIT_MS)
local function shown()
  local list = {}
  for _, diagnostic in ipairs(vim.diagnostic.get(buffer)) do
    table.insert(list, { line = diagnostic.lnum, message = diagnostic.message })
  end
  return list
end
local received = vim.wait(wait, function() return #vim.diagnostic.get(buffer) > 0 end, 50)
local first = shown()
vim.fn.writefile(vim.split(vim.env.SPEC_RUN_LSP_WRITE_TEXT, '\n'), vim.env.SPEC_RUN_LSP_WRITE_PATH)
local cleared = vim.wait(wait, function() return #vim.diagnostic.get(buffer) == 0 end, 50)
local result = { received = received, first = first, cleared = cleared, after = shown(), running = not vim.lsp.client_is_stopped(client) }
vim.fn.writefile({ vim.fn.json_encode(result) }, vim.env.SPEC_RUN_LSP_OUT)
vim.lsp.stop_client(client)
vim.cmd('qall!')
