-- End-to-end test of the Neovim plugin against the real `syncwright lsp`, run by tests/nvim/run.sh
-- in headless Neovim. Goes through require('syncwright').setup() (the user's path, not a bare client).
-- Per language: open a racy kernel, wait for the race diagnostic, hover the racy access, take the
-- "Show interleaving" code lens (a read-only scratch buffer with the witness), take the
-- "Insert barrier" quick fix, wait for the diagnostics to clear, hover the new barrier; then
-- :SyncwrightFix on a fresh copy. Prints `nvim-e2e: N passed, M failed` last; exits non-zero on failure.

local bin = os.getenv('SYNCWRIGHT_BIN')
local workdir = os.getenv('SYNCWRIGHT_E2E_WORKDIR')
local timeout_ms = tonumber(os.getenv('SYNCWRIGHT_E2E_TIMEOUT_MS') or '') or 60000
local verbose = os.getenv('SYNCWRIGHT_E2E_VERBOSE') == '1'

local passed, failed = 0, 0

local function out(line)
  io.stdout:write(line .. '\n')
  io.stdout:flush()
end

local function all_clients()
  return vim.lsp.get_clients and vim.lsp.get_clients() or vim.lsp.get_active_clients()
end

local function finish()
  for _, client in ipairs(all_clients()) do
    require('syncwright')._call(client, 'stop')
  end
  vim.wait(3000, function()
    return #all_clients() == 0
  end, 50)
  out(string.format('nvim-e2e: %d passed, %d failed', passed, failed))
  if failed > 0 then
    vim.cmd('cquit 1')
  else
    vim.cmd('qall!')
  end
end

if bin == nil or bin == '' or vim.fn.executable(bin) ~= 1 then
  out('FAIL setup: SYNCWRIGHT_BIN is not an executable: ' .. tostring(bin))
  failed = failed + 1
  finish()
  return
end
if workdir == nil or vim.fn.isdirectory(workdir) ~= 1 then
  out('FAIL setup: SYNCWRIGHT_E2E_WORKDIR is not a directory: ' .. tostring(workdir))
  failed = failed + 1
  finish()
  return
end

-- Every publishDiagnostics, recorded so a check can demand a publish that came after an edit.
local publishes = {}
local default_publish = vim.lsp.handlers['textDocument/publishDiagnostics']
vim.lsp.handlers['textDocument/publishDiagnostics'] = function(err, result, ctx, config)
  if result and result.uri then
    publishes[result.uri] = publishes[result.uri] or {}
    table.insert(publishes[result.uri], result)
    if verbose then
      out('  publish ' .. result.uri .. ' ' .. vim.inspect(result.diagnostics))
    end
  end
  return default_publish(err, result, ctx, config)
end

vim.cmd('filetype on')
local syncwright = require('syncwright')
local setup_ok, setup_err = pcall(syncwright.setup, {
  server_path = bin,
  debounceMs = 50,
  blockDim = { 256 },
})
if not setup_ok then
  out('FAIL setup: require("syncwright").setup() raised: ' .. tostring(setup_err))
  failed = failed + 1
  finish()
  return
end

--- Runs one named check; a check after a failed one in the same scenario is reported as failed too.
local function scenario(name)
  local broken = nil
  return function(step, fn)
    local label = name .. ': ' .. step
    if broken then
      failed = failed + 1
      out('FAIL ' .. label .. ' (not run: "' .. broken .. '" failed)')
      return nil
    end
    local ok, result = xpcall(fn, debug.traceback)
    if ok then
      passed = passed + 1
      out('ok   ' .. label)
      return result
    end
    failed = failed + 1
    broken = step
    out('FAIL ' .. label .. '\n     ' .. tostring(result):gsub('\n', '\n     '))
    return nil
  end
end

local function wait_for(what, predicate)
  local ok = vim.wait(timeout_ms, predicate, 50)
  if not ok then
    error(string.format('timed out after %d ms waiting for %s', timeout_ms, what), 2)
  end
end

local function syncwright_diagnostics(bufnr, code)
  local found = {}
  for _, d in ipairs(vim.diagnostic.get(bufnr)) do
    local lsp = d.user_data and d.user_data.lsp or {}
    local d_code = d.code or lsp.code
    if (d.source == 'syncwright' or lsp.source == 'syncwright') and (code == nil or d_code == code) then
      table.insert(found, d)
    end
  end
  return found
end

local function buffer_text(bufnr)
  return table.concat(vim.api.nvim_buf_get_lines(bufnr, 0, -1, false), '\n')
end

local function describe_diagnostics(bufnr)
  local lines = {}
  for _, d in ipairs(vim.diagnostic.get(bufnr)) do
    table.insert(lines, string.format('%d:%d %s [%s] %s', d.lnum + 1, d.col + 1, tostring(d.source), tostring(d.code), d.message))
  end
  return #lines == 0 and '(none)' or table.concat(lines, '\n       ')
end

--- 0-based (line, col) of the first match of a plain `needle` at or after line `from`.
local function find_text(bufnr, needle, from)
  local lines = vim.api.nvim_buf_get_lines(bufnr, 0, -1, false)
  for i = (from or 0) + 1, #lines do
    local col = lines[i]:find(needle, 1, true)
    if col then
      return i - 1, col - 1
    end
  end
  error('text not found in buffer: ' .. needle, 2)
end

local function hover_text(client, bufnr, line, col)
  local params = { textDocument = { uri = vim.uri_from_bufnr(bufnr) }, position = { line = line, character = col } }
  local response, err = syncwright._call(client, 'request_sync', 'textDocument/hover', params, timeout_ms, bufnr)
  if response == nil then
    error('hover request failed: ' .. tostring(err), 2)
  end
  if response.err then
    error('hover error: ' .. vim.inspect(response.err), 2)
  end
  local result = response.result
  if result == nil or result == vim.NIL then
    return ''
  end
  local contents = result.contents
  local parts = {}
  local function add(item)
    if type(item) == 'string' then
      table.insert(parts, item)
    elseif type(item) == 'table' and item.value then
      table.insert(parts, item.value)
    elseif type(item) == 'table' then
      for _, sub in ipairs(item) do
        add(sub)
      end
    end
  end
  add(contents)
  return table.concat(parts, '\n')
end

local function copy_kernel(name, as)
  local source = workdir .. '/kernels/' .. name
  local target = workdir .. '/' .. as
  local lines = vim.fn.readfile(source)
  assert(#lines > 0, 'empty kernel file ' .. source)
  vim.fn.writefile(lines, target)
  return target
end

local function open(path)
  vim.cmd('edit ' .. vim.fn.fnameescape(path))
  return vim.api.nvim_get_current_buf()
end

--- One language: `file` is the kernel, `ft` the expected filetype, `barrier` the text of its barrier.
local function run_language(lang, kernel, ft, barrier)
  local check = scenario(lang)
  local ext = kernel:match('%.(%w+)$')
  local path = copy_kernel(kernel, 'quickfix_' .. lang .. '.' .. ext)
  local bufnr, client, race

  check('filetype and client attach through setup()', function()
    bufnr = open(path)
    assert(vim.bo[bufnr].filetype == ft, string.format('filetype is %q, expected %q', vim.bo[bufnr].filetype, ft))
    wait_for('the syncwright client to attach', function()
      client = syncwright.client_for_buffer(bufnr)
      return client ~= nil and client.initialized ~= false
    end)
  end)

  check('race diagnostic', function()
    wait_for('a race diagnostic (have: ' .. describe_diagnostics(bufnr) .. ')', function()
      return #syncwright_diagnostics(bufnr, 'race') > 0
    end)
    race = syncwright_diagnostics(bufnr, 'race')[1]
    local store_line = find_text(bufnr, 'partial[t] =')
    local load_line = find_text(bufnr, 'partial[i]')
    assert(
      race.lnum == store_line or race.lnum == load_line,
      string.format('race reported on line %d, expected the store (%d) or the load (%d)', race.lnum + 1, store_line + 1, load_line + 1)
    )
    assert(race.severity == vim.diagnostic.severity.ERROR or race.severity == vim.diagnostic.severity.WARN, 'race is not an error or warning')
    assert(race.message:find('race', 1, true) and race.message:find('partial', 1, true), 'message does not describe the race: ' .. race.message)
    -- The other access of the race is the related information.
    local related = race.user_data and race.user_data.lsp and race.user_data.lsp.relatedInformation
    assert(type(related) == 'table' and #related >= 1, 'no related information on the race')
    local other = related[1].location.range.start.line
    local expected_other = race.lnum == store_line and load_line or store_line
    assert(other == expected_other, string.format('related access on line %d, expected line %d', other + 1, expected_other + 1))
    out('     ' .. describe_diagnostics(bufnr))
  end)

  check('hover over the racy access', function()
    local line, col = find_text(bufnr, 'partial[t] =')
    local text = hover_text(client, bufnr, line, col + 1)
    if verbose then
      out('     hover: ' .. text:gsub('\n', '\n     '))
    end
    assert(text ~= '', 'empty hover over the racy store')
    assert(text:find('race', 1, true) and text:find('partial[i]', 1, true), 'hover over the racy store does not name the load it races with: ' .. text)
  end)

  check('code lens "Show interleaving" opens a read-only view of the witness', function()
    local lens
    wait_for('a "Show interleaving" code lens', function()
      for _, l in ipairs(vim.lsp.codelens.get(bufnr)) do
        if l.command and l.command.title == 'Show interleaving' then
          lens = l
          return true
        end
      end
      return false
    end)
    assert(lens.range.start.line == race.lnum, string.format('lens on line %d, race on line %d', lens.range.start.line + 1, race.lnum + 1))
    local kernel_win = vim.api.nvim_get_current_win()
    vim.api.nvim_win_set_cursor(kernel_win, { lens.range.start.line + 1, 0 })
    vim.lsp.codelens.run()
    local view
    wait_for('the interleaving buffer', function()
      local buf = vim.api.nvim_get_current_buf()
      if vim.api.nvim_buf_get_name(buf):find('syncwright://interleaving', 1, true) then
        view = buf
        return true
      end
      return false
    end)
    local text = buffer_text(view)
    if verbose then
      out('     view: ' .. text:gsub('\n', '\n     '))
    end
    local store_line = find_text(bufnr, 'partial[t] =') + 1
    local load_line = find_text(bufnr, 'partial[i]') + 1
    for _, want in ipairs({
      'launch: blockDim 256',
      'thread A is thread %d+ of block %d+',
      'thread B is thread %d+ of block %d+',
      '1%. line ' .. store_line .. ': thread %u writes partial%[%d+%]',
      '2%. line ' .. load_line .. ': thread %u reads partial%[%d+%] at byte offset %d+ %(the same address%)',
      'missing barrier: .* between line ' .. store_line .. ' and line ' .. load_line,
    }) do
      assert(text:find(want), 'the view lacks ' .. want .. ':\n' .. text)
    end
    assert(vim.bo[view].buftype == 'nofile' and not vim.bo[view].modifiable, 'the view is not a read-only scratch buffer')
    vim.api.nvim_win_close(0, true)
    assert(vim.api.nvim_get_current_win() == kernel_win, 'closing the view did not return to the kernel')
  end)

  local fix
  check('quick fix "Insert ' .. barrier .. '" offered at the race', function()
    local range = {
      start = { line = race.lnum, character = race.col },
      ['end'] = { line = race.end_lnum or race.lnum, character = race.end_col or race.col },
    }
    local actions, err = syncwright.code_actions(client, bufnr, range, timeout_ms)
    assert(actions ~= nil, 'code action request failed: ' .. tostring(err))
    local titles = {}
    for _, action in ipairs(actions) do
      table.insert(titles, action.title)
      if fix == nil and action.title:find('Insert `' .. barrier, 1, true) == 1 then
        fix = action
      end
    end
    assert(fix ~= nil, 'no "Insert `' .. barrier .. '`" action; got: ' .. vim.inspect(titles))
    assert(fix.kind == nil or fix.kind == 'quickfix', 'unexpected kind ' .. tostring(fix.kind))
    assert(fix.title:match('%(cost [%d%.]+%)'), 'title does not show the cost: ' .. fix.title)
    out('     actions: ' .. table.concat(titles, ' | '))
  end)

  check('apply the quick fix: one barrier between store and load', function()
    local ok, err = syncwright.apply_code_action(client, fix, bufnr)
    assert(ok, 'applying failed: ' .. tostring(err))
    local text = buffer_text(bufnr)
    local _, count = text:gsub(vim.pesc(barrier), '')
    assert(count == 1, string.format('expected one %s after the fix, found %d:\n%s', barrier, count, text))
    local barrier_line = find_text(bufnr, barrier)
    local store_line = find_text(bufnr, 'partial[t] =')
    local load_line = find_text(bufnr, 'partial[i]')
    assert(store_line < barrier_line and barrier_line < load_line, 'barrier is not between the store and the load:\n' .. text)
  end)

  check('diagnostics clear after the fix', function()
    local uri = vim.uri_from_bufnr(bufnr)
    local seen = #(publishes[uri] or {})
    wait_for('a publish without races after the edit (have: ' .. describe_diagnostics(bufnr) .. ')', function()
      return #(publishes[uri] or {}) > seen and #syncwright_diagnostics(bufnr, 'race') == 0
    end)
    -- A late stale result must not bring the race back.
    vim.wait(1000, function()
      return false
    end, 50)
    local left = {}
    for _, d in ipairs(syncwright_diagnostics(bufnr)) do
      if d.severity == vim.diagnostic.severity.ERROR or d.severity == vim.diagnostic.severity.WARN then
        table.insert(left, d)
      end
    end
    assert(#left == 0, 'diagnostics left after the fix: ' .. describe_diagnostics(bufnr))
  end)

  check('hover over the inserted barrier shows its cost', function()
    local line, col = find_text(bufnr, barrier)
    local text = hover_text(client, bufnr, line, col + 2)
    if verbose then
      out('     hover: ' .. text:gsub('\n', '\n     '))
    end
    assert(text:find('[Cc]ost%W+1'), 'hover over the barrier does not show its cost 1: ' .. text)
    assert(text:find('partial', 1, true), 'hover over the barrier does not name the race it orders: ' .. text)
  end)

  check(':write saves the fixed kernel', function()
    vim.cmd('silent write')
    local saved = table.concat(vim.fn.readfile(path), '\n')
    assert(saved:find(barrier, 1, true), 'saved file has no barrier')
  end)

  -- :SyncwrightFix on a fresh copy of the racy kernel.
  local fix_all = scenario(lang .. ' :SyncwrightFix')
  local path2 = copy_kernel(kernel, 'fixall_' .. lang .. '.' .. ext)
  local buf2
  fix_all('race diagnostic on a fresh copy', function()
    buf2 = open(path2)
    wait_for('a race diagnostic (have: ' .. describe_diagnostics(buf2) .. ')', function()
      return #syncwright_diagnostics(buf2, 'race') > 0
    end)
  end)
  fix_all(':SyncwrightFix removes the race', function()
    local uri = vim.uri_from_bufnr(buf2)
    local seen = #(publishes[uri] or {})
    vim.cmd('SyncwrightFix')
    assert(buffer_text(buf2):find(barrier, 1, true), ':SyncwrightFix inserted no ' .. barrier .. ':\n' .. buffer_text(buf2))
    wait_for('a publish without races after :SyncwrightFix (have: ' .. describe_diagnostics(buf2) .. ')', function()
      return #(publishes[uri] or {}) > seen and #syncwright_diagnostics(buf2, 'race') == 0
    end)
  end)
end

--- :SyncwrightCheckWorkspace over the work folder: the two racy originals in kernels/ plus the four
--- fixed copies written above.
local function run_check_workspace()
  local check = scenario('workspace')
  check('check workspace counts files, kernels and racy kernels', function()
    local answer
    local servers = syncwright.check_workspace(function(err, result)
      answer = { err = err, result = result }
    end)
    assert(servers == 1, 'expected one running server, got ' .. tostring(servers))
    wait_for('the syncwright.checkWorkspace answer', function()
      return answer ~= nil
    end)
    assert(answer.err == nil, 'checkWorkspace failed: ' .. vim.inspect(answer.err))
    local r = answer.result
    assert(type(r) == 'table', 'no result: ' .. vim.inspect(r))
    assert(r.files == 6 and r.kernels == 6 and r.notRaceFree == 2, 'unexpected summary: ' .. vim.inspect(r))
  end)
end

--- set_settings({ checkOn = 'save' }) reaches the server through workspace/didChangeConfiguration:
--- removing the barrier from the fixed kernel reports nothing until :write.
local function run_check_on_save()
  local check = scenario('settings')
  local bufnr
  check('checkOn = "save": an edit alone publishes no race', function()
    syncwright.set_settings({ checkOn = 'save' })
    assert(syncwright.settings().checkOn == 'save', 'setting not taken')
    bufnr = open(workdir .. '/quickfix_cuda.cu')
    assert(#syncwright_diagnostics(bufnr, 'race') == 0, 'fixed kernel still has a race')
    local line = find_text(bufnr, '__syncthreads()')
    vim.api.nvim_buf_set_lines(bufnr, line, line + 1, false, {})
    -- 50 ms debounce: two seconds without a race report means the edit alone did not check.
    vim.wait(2000, function()
      return #syncwright_diagnostics(bufnr, 'race') > 0
    end, 50)
    assert(#syncwright_diagnostics(bufnr, 'race') == 0, 'race reported before saving: ' .. describe_diagnostics(bufnr))
  end)
  check(':write checks and reports the race', function()
    vim.cmd('silent write')
    wait_for('a race diagnostic after :write (have: ' .. describe_diagnostics(bufnr) .. ')', function()
      return #syncwright_diagnostics(bufnr, 'race') > 0
    end)
  end)
  check('checkOn = "type" again: undo re-checks without saving', function()
    syncwright.set_settings({ checkOn = 'type' })
    vim.cmd('silent undo')
    assert(buffer_text(bufnr):find('__syncthreads()', 1, true), 'undo did not restore the barrier')
    wait_for('the race to clear after undo (have: ' .. describe_diagnostics(bufnr) .. ')', function()
      return #syncwright_diagnostics(bufnr, 'race') == 0
    end)
  end)
end

local ok, err = xpcall(function()
  run_language('cuda', 'block_sum.cu', 'cuda', '__syncthreads()')
  run_language('opencl', 'block_sum.cl', 'opencl', 'barrier(')
  vim.cmd('silent wall')
  run_check_workspace()
  run_check_on_save()
end, debug.traceback)
if not ok then
  failed = failed + 1
  out('FAIL harness: ' .. tostring(err))
end
finish()
