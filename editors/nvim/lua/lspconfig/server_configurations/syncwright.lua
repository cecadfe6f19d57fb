-- nvim-lspconfig server configuration for syncwright (found by lspconfig through the runtimepath:
-- `require('lspconfig').syncwright.setup({})` works once this plugin is installed).
-- Prefer require('syncwright').setup(), which also adds :SyncwrightFix and OpenCL detection.
local util = require('lspconfig.util')

return {
  default_config = {
    cmd = { 'syncwright', 'lsp' },
    filetypes = { 'cuda', 'opencl' },
    root_dir = util.root_pattern('syncwright.toml', '.git'),
    single_file_support = true,
    init_options = { syncwright = {} },
    settings = { syncwright = {} },
  },
  docs = {
    description = [[
syncwright: data races and barrier divergence in CUDA and OpenCL kernels, with barrier quick fixes.
Install the `syncwright` binary (`cargo install --path server` in the syncwright repository).
Settings go under `settings.syncwright` (blockDim, gridDim, loopCost, condCost, checkOn, debounceMs,
kernelBudgetMs, warpSync, kernelVerdictLens); see `:help syncwright-settings`.
]],
    default_config = {
      root_dir = [[root_pattern("syncwright.toml", ".git")]],
    },
  },
}
