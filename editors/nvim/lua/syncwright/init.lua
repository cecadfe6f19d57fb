-- syncwright for Neovim 0.7+: starts `syncwright lsp` for CUDA and OpenCL buffers with the built-in
-- LSP client (vim.lsp.start_client + buf_attach_client, since vim.lsp.start is 0.8+), one client per
-- project root, and adds :SyncwrightFix, :SyncwrightCheckWorkspace and :SyncwrightRestart.
local config = require('syncwright.config')

local M = {}

local state = {
  client_opts = nil,
  settings = nil,
  -- root directory -> client id
  clients = {},
  augroup = nil,
}

local FIX_ALL_COMMAND = 'syncwright.fixAll'
local CHECK_WORKSPACE_COMMAND = 'syncwright.checkWorkspace'
local INTERLEAVING_COMMAND = 'syncwright.interleaving'
local SHOW_INTERLEAVING_COMMAND = 'syncwright.showInterleaving'

local uv = vim.uv or vim.loop

--- Calls a method of an LSP client object: with colon syntax on Neovim 0.11+ (where the dot form is
--- deprecated), with dot syntax before (where the methods are closures without `self`).
local colon_methods = vim.fn.has('nvim-0.11') == 1
local function call(client, method, ...)
  if colon_methods then
    return client[method](client, ...)
  end
  return client[method](...)
end
M._call = call

local function notify(msg, level)
  vim.notify(msg, level or vim.log.levels.INFO, { title = 'syncwright' })
end

--- Upward search for a root marker from `start` (a directory); falls back to `start` itself.
local function find_root(start, markers)
  local dir = start
  while dir and dir ~= '' do
    for _, marker in ipairs(markers) do
      if uv.fs_stat(dir .. '/' .. marker) then
        return dir
      end
    end
    local parent = vim.fn.fnamemodify(dir, ':h')
    if parent == dir then
      break
    end
    dir = parent
  end
  return start
end

local function buffer_root(bufnr)
  local name = vim.api.nvim_buf_get_name(bufnr)
  if name == '' then
    return uv.cwd()
  end
  return find_root(vim.fn.fnamemodify(name, ':p:h'), state.client_opts.root_markers)
end

local function live_client(id)
  if id == nil then
    return nil
  end
  local client = vim.lsp.get_client_by_id(id)
  if client == nil or call(client, 'is_stopped') then
    return nil
  end
  return client
end

--- All running syncwright clients.
function M.clients()
  local out = {}
  for _, id in pairs(state.clients) do
    local client = live_client(id)
    if client then
      table.insert(out, client)
    end
  end
  return out
end

--- The syncwright client attached to `bufnr` (0 = current), or nil.
function M.client_for_buffer(bufnr)
  bufnr = (bufnr == nil or bufnr == 0) and vim.api.nvim_get_current_buf() or bufnr
  local attached = vim.lsp.get_clients and vim.lsp.get_clients({ bufnr = bufnr }) or vim.lsp.buf_get_clients(bufnr)
  for _, client in pairs(attached) do
    if client.name == 'syncwright' then
      return client
    end
  end
  return nil
end

local function start_client(root)
  local cmd, problem = config.resolve_cmd(state.client_opts)
  if cmd == nil then
    notify(problem, vim.log.levels.ERROR)
    return nil
  end
  local capabilities = vim.lsp.protocol.make_client_capabilities()
  if state.client_opts.capabilities then
    capabilities = vim.tbl_deep_extend('force', capabilities, state.client_opts.capabilities)
  end
  local settings = { syncwright = state.settings }
  local id = vim.lsp.start_client({
    name = 'syncwright',
    cmd = cmd,
    root_dir = root,
    workspace_folders = { { uri = vim.uri_from_fname(root), name = root } },
    capabilities = capabilities,
    init_options = { syncwright = state.settings },
    settings = settings,
    on_init = function(client)
      -- Neovim does not send settings after initialize by itself.
      call(client, 'notify', 'workspace/didChangeConfiguration', { settings = client.config.settings })
      return true
    end,
    on_attach = function(client, bufnr)
      if state.client_opts.codelens then
        M.enable_codelens(bufnr)
      end
      if state.client_opts.on_attach then
        state.client_opts.on_attach(client, bufnr)
      end
    end,
    on_exit = function(code, signal, client_id)
      for r, cid in pairs(state.clients) do
        if cid == client_id then
          state.clients[r] = nil
        end
      end
      if code ~= 0 and signal ~= 15 then
        vim.schedule(function()
          notify(string.format('syncwright lsp exited with code %d (signal %d)', code, signal), vim.log.levels.WARN)
        end)
      end
    end,
  })
  if id == nil then
    notify('syncwright: could not start ' .. table.concat(cmd, ' '), vim.log.levels.ERROR)
    return nil
  end
  state.clients[root] = id
  return id
end

--- Attaches the syncwright client for the buffer's project root, starting it when needed.
function M.attach(bufnr)
  bufnr = (bufnr == nil or bufnr == 0) and vim.api.nvim_get_current_buf() or bufnr
  if state.client_opts == nil then
    notify('syncwright: call require("syncwright").setup() first', vim.log.levels.ERROR)
    return nil
  end
  if vim.bo[bufnr].buftype ~= '' then
    return nil
  end
  local root = buffer_root(bufnr)
  local id = state.clients[root]
  if live_client(id) == nil then
    id = start_client(root)
  end
  if id ~= nil then
    vim.lsp.buf_attach_client(bufnr, id)
  end
  return id
end

local function notify_settings()
  for _, client in ipairs(M.clients()) do
    client.config.settings = { syncwright = state.settings }
    call(client, 'notify', 'workspace/didChangeConfiguration', { settings = client.config.settings })
  end
end

--- Changes server settings at run time (same keys as setup()) and tells the running servers.
function M.set_settings(settings)
  local merged, problems = config.merge_settings(state.settings or config.server_defaults, settings)
  for _, problem in ipairs(problems) do
    notify('syncwright: ' .. problem, vim.log.levels.WARN)
  end
  state.settings = merged
  notify_settings()
end

--- The client options given to setup() (nil before setup()); for :checkhealth.
function M._client_opts()
  return state.client_opts
end

--- The effective server settings.
function M.settings()
  if state.settings == nil then
    return nil
  end
  return config.copy(state.settings)
end

local function whole_buffer_range(bufnr)
  local last = vim.api.nvim_buf_line_count(bufnr)
  return { start = { line = 0, character = 0 }, ['end'] = { line = last, character = 0 } }
end

--- Byte column -> LSP character in the client's position encoding.
local function lsp_character(bufnr, line, byte_col, encoding)
  local ok, character = pcall(vim.lsp.util.character_offset, bufnr, line, byte_col, encoding)
  return ok and character or byte_col
end

--- The client's diagnostics of `bufnr` in LSP form (for a code action context). Rebuilt from
--- vim.diagnostic, since Neovim 0.7 keeps only some LSP fields in user_data.lsp.
local function buffer_diagnostics(client, bufnr)
  local ns = vim.lsp.diagnostic.get_namespace(client.id)
  local encoding = client.offset_encoding or 'utf-16'
  local severity = { 'Error', 'Warning', 'Information', 'Hint' }
  local out = {}
  for _, d in ipairs(vim.diagnostic.get(bufnr, { namespace = ns })) do
    local end_lnum = d.end_lnum or d.lnum
    local lsp = {
      range = {
        start = { line = d.lnum, character = lsp_character(bufnr, d.lnum, d.col, encoding) },
        ['end'] = { line = end_lnum, character = lsp_character(bufnr, end_lnum, d.end_col or d.col, encoding) },
      },
      severity = vim.lsp.protocol.DiagnosticSeverity[severity[d.severity] or 'Error'],
      message = d.message,
      source = d.source,
      code = d.code,
    }
    for key, value in pairs(d.user_data and d.user_data.lsp or {}) do
      if lsp[key] == nil then
        lsp[key] = value
      end
    end
    table.insert(out, lsp)
  end
  return out
end

--- Code actions of the server for a range of `bufnr` (synchronous). Returns the list or nil, error.
function M.code_actions(client, bufnr, range, timeout_ms)
  local params = {
    textDocument = { uri = vim.uri_from_bufnr(bufnr) },
    range = range,
    context = { diagnostics = buffer_diagnostics(client, bufnr), only = { 'quickfix' } },
  }
  local response, err = call(client, 'request_sync', 'textDocument/codeAction', params, timeout_ms, bufnr)
  if response == nil then
    return nil, err or 'timeout'
  end
  if response.err then
    return nil, response.err.message or vim.inspect(response.err)
  end
  return response.result or {}
end

--- Applies a code action (its edit, then its command), as vim.lsp.buf.code_action would.
function M.apply_code_action(client, action, bufnr)
  if action.edit then
    vim.lsp.util.apply_workspace_edit(action.edit, client.offset_encoding or 'utf-16')
  end
  local command = type(action.command) == 'table' and action.command or nil
  if type(action.command) == 'string' then
    command = action
  end
  if command then
    local response = call(
      client,
      'request_sync',
      'workspace/executeCommand',
      { command = command.command, arguments = command.arguments },
      state.client_opts.request_timeout_ms,
      bufnr
    )
    if response and response.err then
      return false, response.err.message
    end
  end
  return true
end

local function is_optimize_all(action)
  return type(action.title) == 'string' and action.title:match('^Optimize all barriers') ~= nil
end

local function advertises(client, command)
  local provider = client.server_capabilities and client.server_capabilities.executeCommandProvider
  return provider ~= nil and provider.commands ~= nil and vim.tbl_contains(provider.commands, command)
end

--- :SyncwrightFix: applies the server's "Optimize all barriers in this kernel" action to each kernel
--- of the buffer (asking again after each edit, since the other kernels' ranges move); when the server
--- offers none but has the `syncwright.fixAll` command, runs that. Returns the number of fixes applied.
function M.fix_buffer(bufnr)
  bufnr = (bufnr == nil or bufnr == 0) and vim.api.nvim_get_current_buf() or bufnr
  local client = M.client_for_buffer(bufnr)
  if client == nil then
    notify('syncwright: no syncwright server attached to this buffer', vim.log.levels.WARN)
    return 0
  end
  local timeout = state.client_opts.request_timeout_ms
  local applied = 0
  -- Bounded: each round fixes one kernel; a server that keeps offering a no-op edit cannot loop us.
  for _ = 1, 64 do
    local actions, err = M.code_actions(client, bufnr, whole_buffer_range(bufnr), timeout)
    if actions == nil then
      notify('syncwright: code action request failed: ' .. tostring(err), vim.log.levels.ERROR)
      return applied
    end
    local chosen
    for _, action in ipairs(actions) do
      if is_optimize_all(action) then
        chosen = action
        break
      end
    end
    if chosen == nil then
      break
    end
    local before = vim.api.nvim_buf_get_changedtick(bufnr)
    local ok, apply_err = M.apply_code_action(client, chosen, bufnr)
    if not ok then
      notify('syncwright: applying "' .. chosen.title .. '" failed: ' .. tostring(apply_err), vim.log.levels.ERROR)
      return applied
    end
    if vim.api.nvim_buf_get_changedtick(bufnr) == before then
      break
    end
    applied = applied + 1
  end
  if applied == 0 and advertises(client, FIX_ALL_COMMAND) then
    local before = vim.api.nvim_buf_get_changedtick(bufnr)
    local response = call(
      client,
      'request_sync',
      'workspace/executeCommand',
      { command = FIX_ALL_COMMAND, arguments = { vim.uri_from_bufnr(bufnr) } },
      timeout,
      bufnr
    )
    if response == nil or response.err then
      notify('syncwright: ' .. FIX_ALL_COMMAND .. ' failed: ' .. vim.inspect(response and response.err), vim.log.levels.ERROR)
      return applied
    end
    local result = response.result
    if type(result) == 'table' and (result.changes or result.documentChanges) then
      vim.lsp.util.apply_workspace_edit(result, client.offset_encoding or 'utf-16')
    end
    if vim.api.nvim_buf_get_changedtick(bufnr) ~= before then
      applied = applied + 1
    end
  end
  if applied == 0 then
    notify('syncwright: the barriers in this buffer are already optimal')
  end
  return applied
end

--- Summary line of a `syncwright.checkWorkspace` result (`{ files, kernels, notRaceFree }`).
local function workspace_summary(result)
  if type(result) ~= 'table' or result.files == nil then
    return 'syncwright: workspace checked'
  end
  return string.format(
    'syncwright: %d files, %d kernels checked, %d not race-free',
    result.files,
    result.kernels or 0,
    result.notRaceFree or 0
  )
end

--- :SyncwrightCheckWorkspace: asks every running server to check all kernels of its workspace; the
--- results arrive as diagnostics. `on_done(err, result)` (optional) is called per server; without it
--- a summary is shown.
function M.check_workspace(on_done)
  local clients = M.clients()
  if #clients == 0 then
    notify('syncwright: no server running; open a .cu or .cl file first', vim.log.levels.WARN)
    return 0
  end
  for _, client in ipairs(clients) do
    if advertises(client, CHECK_WORKSPACE_COMMAND) then
      call(client, 'request', 'workspace/executeCommand', { command = CHECK_WORKSPACE_COMMAND, arguments = {} }, function(err, result)
        if on_done then
          on_done(err, result)
        elseif err then
          notify('syncwright: workspace check failed: ' .. (err.message or vim.inspect(err)), vim.log.levels.ERROR)
        else
          notify(workspace_summary(result))
        end
      end)
    else
      notify('syncwright: this server has no ' .. CHECK_WORKSPACE_COMMAND .. ' command', vim.log.levels.WARN)
    end
  end
  return #clients
end

--- :SyncwrightRestart: stops every syncwright server and re-attaches the open CUDA/OpenCL buffers.
function M.restart()
  local ids = {}
  for root, id in pairs(state.clients) do
    table.insert(ids, id)
    state.clients[root] = nil
  end
  for _, id in ipairs(ids) do
    vim.lsp.stop_client(id)
  end
  vim.wait(2000, function()
    for _, id in ipairs(ids) do
      if live_client(id) then
        return false
      end
    end
    return true
  end, 50)
  for _, bufnr in ipairs(vim.api.nvim_list_bufs()) do
    if vim.api.nvim_buf_is_loaded(bufnr) and vim.tbl_contains(state.client_opts.filetypes, vim.bo[bufnr].filetype) then
      M.attach(bufnr)
    end
  end
end

--- Guesses OpenCL vs Common Lisp for a *.cl buffer: Lisp code starts with `(` or `;`.
function M.cl_filetype(lines)
  for _, line in ipairs(lines) do
    local first = line:match('^%s*(%S)')
    if first ~= nil then
      if first == '(' or first == ';' then
        return 'lisp'
      end
      return 'opencl'
    end
  end
  return 'opencl'
end

local function register_opencl_filetype()
  if vim.fn.has('nvim-0.8') == 1 then
    vim.filetype.add({
      extension = {
        cl = function(_, bufnr)
          return M.cl_filetype(vim.api.nvim_buf_get_lines(bufnr, 0, 50, false))
        end,
      },
    })
  else
    -- Neovim 0.7: filetype.vim calls *.cl Lisp; this autocmd is defined later, so it runs after it.
    vim.api.nvim_create_autocmd({ 'BufRead', 'BufNewFile' }, {
      group = state.augroup,
      pattern = '*.cl',
      callback = function(args)
        local ft = M.cl_filetype(vim.api.nvim_buf_get_lines(args.buf, 0, 50, false))
        if vim.bo[args.buf].filetype ~= ft then
          vim.bo[args.buf].filetype = ft
        end
      end,
    })
  end
end

--- Re-asks the server's code lenses of `bufnr` (0 = current) when the lenses may have moved.
local function refresh_codelens(bufnr)
  if not vim.api.nvim_buf_is_valid(bufnr) or M.client_for_buffer(bufnr) == nil then
    return
  end
  if vim.fn.has('nvim-0.10') == 1 then
    vim.lsp.codelens.refresh({ bufnr = bufnr })
  elseif bufnr == vim.api.nvim_get_current_buf() then
    vim.lsp.codelens.refresh()
  end
end

--- Shows the "Show interleaving" lenses of `bufnr`: refreshed when its diagnostics change (a new
--- analysis) and when it is entered.
function M.enable_codelens(bufnr)
  local group = vim.api.nvim_create_augroup('syncwright_codelens_' .. bufnr, { clear = true })
  local events = { 'BufEnter' }
  if vim.fn.exists('##DiagnosticChanged') == 1 then
    table.insert(events, 'DiagnosticChanged')
  else
    table.insert(events, 'InsertLeave')
  end
  vim.api.nvim_create_autocmd(events, {
    group = group,
    buffer = bufnr,
    callback = function()
      refresh_codelens(bufnr)
    end,
  })
  refresh_codelens(bufnr)
end

--- Opens the interleaving view (a read-only scratch buffer in a split) from the server's result.
local function open_interleaving(result)
  if type(result) ~= 'table' or type(result.text) ~= 'string' or type(result.title) ~= 'string' then
    notify('syncwright: the server sent no interleaving for this race', vim.log.levels.WARN)
    return nil
  end
  local lines = vim.split(result.text:gsub('\n$', ''), '\n', { plain = true })
  vim.cmd('botright new')
  local buf = vim.api.nvim_get_current_buf()
  vim.bo[buf].buftype = 'nofile'
  vim.bo[buf].bufhidden = 'wipe'
  vim.bo[buf].swapfile = false
  vim.api.nvim_buf_set_lines(buf, 0, -1, false, lines)
  vim.bo[buf].modifiable = false
  vim.bo[buf].readonly = true
  vim.bo[buf].filetype = 'syncwright-interleaving'
  -- A unique name: two views of one race may be open at once.
  pcall(vim.api.nvim_buf_set_name, buf, string.format('syncwright://interleaving/%d %s', buf, result.title))
  vim.api.nvim_win_set_height(0, math.min(#lines + 1, math.max(8, math.floor(vim.o.lines / 3))))
  return buf
end

--- Shows the interleaving of the race whose range starts at (or contains) `position` (0-based LSP
--- position; default: the cursor) in `bufnr` (0 = current). `on_done(buf_or_nil)` is called after.
function M.show_interleaving(bufnr, position, on_done)
  bufnr = (bufnr == nil or bufnr == 0) and vim.api.nvim_get_current_buf() or bufnr
  local client = M.client_for_buffer(bufnr)
  if client == nil then
    notify('syncwright: no server attached to this buffer', vim.log.levels.WARN)
    if on_done then
      on_done(nil)
    end
    return
  end
  if position == nil then
    local cursor = vim.api.nvim_win_get_cursor(0)
    position = { line = cursor[1] - 1, character = cursor[2] }
  end
  local params = { command = INTERLEAVING_COMMAND, arguments = { vim.uri_from_bufnr(bufnr), position } }
  call(client, 'request', 'workspace/executeCommand', params, function(err, result)
    local buf = nil
    if err then
      notify('syncwright: ' .. tostring(err.message or err), vim.log.levels.WARN)
    else
      buf = open_interleaving(result)
    end
    if on_done then
      on_done(buf)
    end
  end, bufnr)
end

-- The lens's command runs on the client: ask the server for the view, then open it.
vim.lsp.commands[SHOW_INTERLEAVING_COMMAND] = function(command, ctx)
  local args = command.arguments or {}
  local bufnr = ctx and ctx.bufnr or vim.uri_to_bufnr(args[1])
  M.show_interleaving(bufnr, args[2])
end

--- Sets the plugin up; see :help syncwright-setup. Calling it again replaces the options.
function M.setup(opts)
  local client_opts, settings, problems = config.from_setup(opts)
  for _, problem in ipairs(problems) do
    notify('syncwright: ' .. problem, vim.log.levels.WARN)
  end
  local restarting = state.client_opts ~= nil and not vim.tbl_isempty(state.clients)
  state.client_opts = client_opts
  state.settings = settings
  state.augroup = vim.api.nvim_create_augroup('syncwright', { clear = true })

  if client_opts.detect_opencl then
    register_opencl_filetype()
  end
  vim.api.nvim_create_autocmd('FileType', {
    group = state.augroup,
    pattern = client_opts.filetypes,
    callback = function(args)
      M.attach(args.buf)
    end,
  })

  vim.api.nvim_create_user_command('SyncwrightFix', function()
    M.fix_buffer(0)
  end, { desc = 'syncwright: optimize all barriers in this buffer' })
  vim.api.nvim_create_user_command('SyncwrightCheckWorkspace', function()
    M.check_workspace()
  end, { desc = 'syncwright: check every kernel of the workspace' })
  vim.api.nvim_create_user_command('SyncwrightInterleaving', function()
    M.show_interleaving(0)
  end, { desc = 'syncwright: show the interleaving of the race under the cursor' })
  vim.api.nvim_create_user_command('SyncwrightRestart', function()
    M.restart()
  end, { desc = 'syncwright: restart the language server' })

  if restarting then
    M.restart()
  else
    -- Buffers opened before setup() (e.g. `nvim kernel.cu` with a lazy-loaded plugin).
    for _, bufnr in ipairs(vim.api.nvim_list_bufs()) do
      if vim.api.nvim_buf_is_loaded(bufnr) and vim.tbl_contains(client_opts.filetypes, vim.bo[bufnr].filetype) then
        M.attach(bufnr)
      end
    end
  end
end

return M
