-- What the Neovim scripts share: `keyfob lsp --stdio` started from Neovim's built-in LSP client (0.7:
-- vim.lsp.start_client) as a user's init.lua would, and what the editor got written to
-- $KEYFOB_NVIM_OUT as JSON when the run ends (finish, or fail with a message).
local M = { results = { errors = {} } }

function M.finish()
  local file = io.open(os.getenv('KEYFOB_NVIM_OUT'), 'w')
  file:write(vim.fn.json_encode(M.results))
  file:close()
  vim.cmd('qa!')
end

function M.fail(message)
  table.insert(M.results.errors, message)
  M.finish()
end

-- The client's id (nil when it could not start); `handlers` as start_client takes them.
function M.start(handlers)
  return vim.lsp.start_client({
    name = 'keyfob',
    cmd = { os.getenv('KEYFOB_NODE'), unpack(vim.fn.json_decode(os.getenv('KEYFOB_ENTRY'))) },
    -- The repository, where `--import tsx` resolves when the server runs from its sources.
    cmd_cwd = os.getenv('KEYFOB_CWD'),
    root_dir = os.getenv('KEYFOB_ROOT'),
    handlers = handlers,
  })
end

return M
