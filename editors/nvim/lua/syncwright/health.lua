-- :checkhealth syncwright: is setup() called, is the server binary found, do the filetypes resolve.
local M = {}

local function reporter()
  local h = vim.health or require('health')
  return {
    start = h.start or h.report_start,
    ok = h.ok or h.report_ok,
    warn = h.warn or h.report_warn,
    error = h.error or h.report_error,
    info = h.info or h.report_info,
  }
end

function M.check()
  local report = reporter()
  report.start('syncwright')
  local syncwright = require('syncwright')
  local config = require('syncwright.config')
  local settings = syncwright.settings()
  if settings == nil then
    report.warn('require("syncwright").setup() has not been called')
  else
    report.ok('setup() called; server settings: ' .. vim.inspect(settings, { newline = ' ', indent = '' }))
  end
  local opts = syncwright._client_opts() or config.client_defaults
  local cmd, problem = config.resolve_cmd(opts)
  if cmd == nil then
    report.error(problem)
  else
    local version = vim.fn.system({ cmd[1], '--version' })
    if vim.v.shell_error == 0 then
      report.ok(string.format('server: %s (%s)', table.concat(cmd, ' '), vim.trim(version)))
    else
      report.warn(string.format('server %s does not answer --version: %s', cmd[1], vim.trim(version)))
    end
  end
  local running = #syncwright.clients()
  report.info(string.format('%d syncwright server(s) running', running))
end

return M
