-- Server configuration for Neovim 0.11+ `vim.lsp.config`/`vim.lsp.enable('syncwright')`.
-- Prefer require('syncwright').setup(), which also adds :SyncwrightFix and OpenCL detection.
return {
  cmd = { 'syncwright', 'lsp' },
  filetypes = { 'cuda', 'opencl' },
  root_markers = { 'syncwright.toml', '.git' },
  init_options = { syncwright = {} },
  settings = { syncwright = {} },
}
