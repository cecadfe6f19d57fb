-- Options of require('syncwright').setup(): defaults, validation, and the settings object sent to
-- the server (initializationOptions and workspace/didChangeConfiguration).
local M = {}

--- Server settings and their defaults (same names and defaults as the VS Code extension).
--- `vim.NIL` for a launch dimension means "any size" and is sent as JSON null.
M.server_defaults = {
  blockDim = vim.NIL,
  gridDim = vim.NIL,
  loopCost = 100,
  condCost = 0.5,
  checkOn = 'type',
  debounceMs = 150,
  kernelBudgetMs = 10000,
  warpSync = false,
  kernelVerdictLens = false,
}

--- Client options and their defaults.
M.client_defaults = {
  -- Command that starts the server; `server_path` (or `syncwright` on PATH) plus `lsp` when nil.
  cmd = nil,
  -- Path to the syncwright binary; `syncwright` on PATH when nil.
  server_path = nil,
  -- Filetypes the client attaches to.
  filetypes = { 'cuda', 'opencl' },
  -- Files or directories that mark a project root (searched upwards from the buffer).
  root_markers = { 'syncwright.toml', '.git' },
  -- Detect *.cl files as OpenCL (Neovim before 0.10 calls every *.cl file Lisp).
  detect_opencl = true,
  -- Called as on_attach(client, bufnr) after the client attaches to a buffer.
  on_attach = nil,
  -- Extra client capabilities, merged into vim.lsp.protocol.make_client_capabilities().
  capabilities = nil,
  -- Milliseconds :SyncwrightFix waits for each server answer.
  request_timeout_ms = 10000,
  -- Show the server's code lenses ("Show interleaving" on each race) and refresh them as
  -- diagnostics change; run one with vim.lsp.codelens.run() or :SyncwrightInterleaving.
  codelens = true,
}

--- Deep copy that keeps vim.NIL (vim.deepcopy on Neovim 0.7 rejects userdata).
local function copy(value)
  if type(value) ~= 'table' then
    return value
  end
  local out = {}
  for k, v in pairs(value) do
    out[k] = copy(v)
  end
  return out
end
M.copy = copy

local function is_positive_int(n)
  return type(n) == 'number' and n >= 1 and math.floor(n) == n
end

local function check_dim(name, value)
  if value == nil or value == vim.NIL then
    return vim.NIL
  end
  if is_positive_int(value) then
    return { value }
  end
  if type(value) == 'table' and #value >= 1 and #value <= 3 then
    local dims = {}
    for i = 1, #value do
      if not is_positive_int(value[i]) then
        return nil, string.format('%s: expected 1 to 3 positive integers, got %s', name, vim.inspect(value))
      end
      dims[i] = value[i]
    end
    return dims
  end
  return nil, string.format('%s: expected nil, a positive integer or a list of 1 to 3, got %s', name, vim.inspect(value))
end

local checks = {
  blockDim = check_dim,
  gridDim = check_dim,
  loopCost = function(name, v)
    if type(v) == 'number' and v > 0 then
      return v
    end
    return nil, string.format('%s: expected a number > 0, got %s', name, vim.inspect(v))
  end,
  checkOn = function(name, v)
    if v == 'type' or v == 'save' then
      return v
    end
    return nil, string.format('%s: expected "type" or "save", got %s', name, vim.inspect(v))
  end,
  debounceMs = function(name, v)
    if type(v) == 'number' and v >= 0 and math.floor(v) == v then
      return v
    end
    return nil, string.format('%s: expected an integer >= 0, got %s', name, vim.inspect(v))
  end,
  warpSync = function(name, v)
    if type(v) == 'boolean' then
      return v
    end
    return nil, string.format('%s: expected true or false, got %s', name, vim.inspect(v))
  end,
}
checks.condCost = checks.loopCost
checks.kernelBudgetMs = checks.debounceMs
checks.kernelVerdictLens = checks.warpSync

--- Validates server settings `user` (a table, may be partial) on top of `base`.
--- Returns the merged settings and a list of problems (invalid values keep their old value).
function M.merge_settings(base, user)
  local merged = copy(base)
  local problems = {}
  for key, value in pairs(user or {}) do
    local check = checks[key]
    if check == nil then
      table.insert(problems, string.format('unknown setting %q', tostring(key)))
    else
      local checked, problem = check(key, value)
      if problem then
        table.insert(problems, problem)
      else
        merged[key] = checked
      end
    end
  end
  return merged, problems
end

--- Splits setup() options into client options and server settings. Server settings may be given at
--- the top level (`blockDim = {256}`) or under `settings = { ... }`.
function M.from_setup(opts)
  opts = opts or {}
  local client = copy(M.client_defaults)
  local user_settings = copy(opts.settings or {})
  local problems = {}
  for key, value in pairs(opts) do
    if key == 'settings' then
      -- handled above
    elseif M.client_defaults[key] ~= nil or key == 'cmd' or key == 'server_path' or key == 'on_attach' or key == 'capabilities' then
      client[key] = value
    elseif M.server_defaults[key] ~= nil then
      user_settings[key] = value
    else
      table.insert(problems, string.format('unknown option %q', tostring(key)))
    end
  end
  local settings, setting_problems = M.merge_settings(M.server_defaults, user_settings)
  vim.list_extend(problems, setting_problems)
  return client, settings, problems
end

--- The command that starts the server, or nil and a message naming the option to set.
function M.resolve_cmd(client)
  if client.cmd ~= nil then
    if type(client.cmd) ~= 'table' or #client.cmd == 0 then
      return nil, 'syncwright: option `cmd` must be a list like { "/path/to/syncwright", "lsp" }'
    end
    if vim.fn.executable(client.cmd[1]) ~= 1 then
      return nil, string.format('syncwright: `cmd[1]` (%s) is not an executable; fix the `cmd` option', client.cmd[1])
    end
    return client.cmd
  end
  local path = client.server_path
  if path ~= nil then
    path = vim.fn.expand(path)
    if vim.fn.executable(path) ~= 1 then
      return nil,
        string.format(
          'syncwright: the server binary set in `server_path` (%s) does not exist or is not executable; fix `server_path` in require("syncwright").setup()',
          path
        )
    end
    return { path, 'lsp' }
  end
  local found = vim.fn.exepath('syncwright')
  if found == '' then
    return nil,
      'syncwright: language server binary `syncwright` not found on PATH; install it (cargo install --path server) or set `server_path` in require("syncwright").setup()'
  end
  return { found, 'lsp' }
end

return M
