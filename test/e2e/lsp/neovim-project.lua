-- Drives `keyfob lsp --stdio` from Neovim's built-in LSP client (0.7: vim.lsp.start_client) rooted at
-- a project folder, opens ONE file of it ($KEYFOB_CODE), waits until the server says it read the
-- folder's files for the API history's project facts (its window/logMessage), then asks for the hover
-- at each position of $KEYFOB_AT and writes what the editor got to $KEYFOB_NVIM_OUT as JSON.
local common = dofile(vim.fn.fnamemodify(debug.getinfo(1, 'S').source:sub(2), ':h') .. '/neovim-common.lua')
local results, finish, fail = common.results, common.finish, common.fail
results.logs, results.hovers = {}, {}

local read = false
local client_id = common.start({
  ['window/logMessage'] = function(_, result)
    table.insert(results.logs, result.message)
    if result.message:find("read the API history's project facts", 1, true) then read = true end
  end,
})
if not client_id then return fail('start_client returned nil') end
local client = vim.lsp.get_client_by_id(client_id)

vim.cmd('edit ' .. vim.fn.fnameescape(os.getenv('KEYFOB_CODE')))
local bufnr = vim.api.nvim_get_current_buf()
vim.lsp.buf_attach_client(bufnr, client_id)
local uri = vim.uri_from_bufnr(bufnr)
-- A bound, not a timing: the folder's read is reported once, or the run fails saying so.
if not vim.wait(90000, function() return read end, 20) then
  return fail('the server never reported reading the folder for project facts')
end
results.open = #vim.lsp.get_buffers_by_client_id(client_id)
for _, at in ipairs(vim.fn.json_decode(os.getenv('KEYFOB_AT'))) do
  local response, err = client.request_sync('textDocument/hover', { textDocument = { uri = uri }, position = at }, 10000, bufnr)
  if not response then return fail('hover: ' .. tostring(err)) end
  if response.err then return fail('hover: ' .. vim.inspect(response.err)) end
  local hover = response.result
  table.insert(results.hovers, hover and hover.contents.value or '')
end
finish()
