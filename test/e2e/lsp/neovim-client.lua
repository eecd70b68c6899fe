-- Drives `keyfob lsp --stdio` from Neovim's built-in LSP client (0.7: vim.lsp.start_client), as a
-- user's init.lua would, and writes what the editor got to $KEYFOB_NVIM_OUT as JSON.
local common = dofile(vim.fn.fnamemodify(debug.getinfo(1, 'S').source:sub(2), ':h') .. '/neovim-common.lua')
local results, finish, fail = common.results, common.finish, common.fail

local published = {}
-- The document version of each file's latest diagnostics (the server says which version it checked).
local published_version = {}
local client_id = common.start({
  ['textDocument/publishDiagnostics'] = function(err, result, ctx, config)
    published[result.uri] = (published[result.uri] or 0) + 1
    if result.version then published_version[result.uri] = result.version end
    return vim.lsp.diagnostic.on_publish_diagnostics(err, result, ctx, config)
  end,
})
if not client_id then return fail('start_client returned nil') end
local client = vim.lsp.get_client_by_id(client_id)

-- Opens a file in a buffer attached to the server; waits for its first diagnostics.
local function open(path)
  vim.cmd('edit ' .. vim.fn.fnameescape(path))
  local bufnr = vim.api.nvim_get_current_buf()
  vim.lsp.buf_attach_client(bufnr, client_id)
  local uri = vim.uri_from_bufnr(bufnr)
  if not vim.wait(60000, function() return (published[uri] or 0) > 0 end, 20) then fail('no diagnostics for ' .. path) end
  return bufnr, uri
end

local function request(method, params, bufnr)
  local response, err = client.request_sync(method, params, 10000, bufnr)
  if not response then fail(method .. ': ' .. tostring(err)) end
  if response.err then fail(method .. ': ' .. vim.inspect(response.err)) end
  return response.result
end

-- A role file: diagnostics, completion, hover, a code action applied through Neovim's own edit code.
local role, role_uri = open(os.getenv('KEYFOB_ROLE'))
results.role_diagnostics = {}
for _, d in ipairs(vim.diagnostic.get(role)) do
  table.insert(results.role_diagnostics, { code = d.user_data and d.user_data.lsp and d.user_data.lsp.code, lnum = d.lnum, col = d.col, end_col = d.end_col, severity = d.severity, message = d.message })
end
local doc = { uri = role_uri }
local completion = request('textDocument/completion', { textDocument = doc, position = { line = 0, character = 17 } }, role)
results.completion = {}
for _, item in ipairs(completion.items or completion) do table.insert(results.completion, item.label) end
local hover = request('textDocument/hover', { textDocument = doc, position = { line = 1, character = 3 } }, role)
results.hover = hover and hover.contents.value
local first = vim.diagnostic.get(role)[1]
local actions = request('textDocument/codeAction', {
  textDocument = doc,
  range = { start = { line = first.lnum, character = first.col }, ['end'] = { line = first.end_lnum, character = first.end_col } },
  context = { diagnostics = vim.lsp.diagnostic.get_line_diagnostics(role, first.lnum) },
}, role)
results.actions = {}
for _, action in ipairs(actions) do table.insert(results.actions, action.title) end
local fix
for _, action in ipairs(actions) do if action.isPreferred then fix = action end end
if not fix then return fail('no preferred fix') end
vim.lsp.util.apply_workspace_edit(fix.edit, client.offset_encoding or 'utf-16')
-- The diagnostics of the edited version, not any that come next (an earlier version's may still be on their way).
local edited = (vim.lsp.util.buf_versions or {})[role] or vim.b[role].changedtick
if not vim.wait(60000, function() return (published_version[role_uri] or -1) >= edited end, 20) then
  return fail('no diagnostics of the edited version ' .. tostring(edited))
end
results.fixed_line = vim.api.nvim_buf_get_lines(role, 0, 1, false)[1]
results.after_fix = {}
for _, d in ipairs(vim.diagnostic.get(role)) do table.insert(results.after_fix, d.user_data.lsp.code) end

-- Code in another language: a deprecation diagnostic and the history on hover.
local code, code_uri = open(os.getenv('KEYFOB_CODE'))
results.code_diagnostics = {}
for _, d in ipairs(vim.diagnostic.get(code)) do
  table.insert(results.code_diagnostics, { code = d.user_data.lsp.code, tags = d.user_data.lsp.tags, lnum = d.lnum, col = d.col, message = d.message })
end
local at = vim.diagnostic.get(code)[1]
if at then
  local code_hover = request('textDocument/hover', { textDocument = { uri = code_uri }, position = { line = at.lnum, character = at.col } }, code)
  results.code_hover = code_hover and code_hover.contents.value
end
-- An ACL policy: capabilities completed inside the list, and the access answer on hover over its
-- path (the server reads the folder's JWT roles in the background: asked until it names one).
local policy, policy_uri = open(os.getenv('KEYFOB_POLICY'))
local policy_doc = { uri = policy_uri }
local items = request('textDocument/completion', { textDocument = policy_doc, position = { line = 1, character = 18 } }, policy)
results.policy_completion = {}
for _, item in ipairs(items.items or items) do table.insert(results.policy_completion, item.label) end
vim.wait(30000, function()
  local answer = request('textDocument/hover', { textDocument = policy_doc, position = { line = 0, character = 10 } }, policy)
  results.policy_hover = answer and answer.contents.value or ''
  return results.policy_hover:find('JWT role `gh-deploy`', 1, true) ~= nil
end, 100)
-- A Terraform file: keyfob's problems of its Vault-provider resources at their lines, hover over a
-- TTL inside a role resource, completion of credential types inside it.
local tf_at = vim.fn.json_decode(os.getenv('KEYFOB_TF_AT'))
local tf, tf_uri = open(os.getenv('KEYFOB_TF'))
local tf_doc = { uri = tf_uri }
results.tf_diagnostics = {}
for _, d in ipairs(vim.diagnostic.get(tf)) do
  table.insert(results.tf_diagnostics, { code = d.user_data.lsp.code, lnum = d.lnum, col = d.col, end_col = d.end_col })
end
local tf_hover = request('textDocument/hover', { textDocument = tf_doc, position = tf_at.hover }, tf)
results.tf_hover = tf_hover and tf_hover.contents.value or ''
-- The platform API's history in the same file: a block of its Terraform provider, and an argument the provider maps.
local tfe_type = request('textDocument/hover', { textDocument = tf_doc, position = tf_at.tfe_type }, tf)
results.tfe_type_hover = tfe_type and tfe_type.contents.value or ''
local tfe_arg = request('textDocument/hover', { textDocument = tf_doc, position = tf_at.tfe_argument }, tf)
results.tfe_argument_hover = tfe_arg and tfe_arg.contents.value or ''
local tf_items = request('textDocument/completion', { textDocument = tf_doc, position = tf_at.completion }, tf)
results.tf_completion = {}
for _, item in ipairs(tf_items.items or tf_items) do table.insert(results.tf_completion, item.label) end
local outside = request('textDocument/completion', { textDocument = tf_doc, position = tf_at.outside }, tf)
results.tf_outside = #(outside.items or outside)
finish()
