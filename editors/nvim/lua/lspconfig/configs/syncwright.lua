-- nvim-lspconfig 1.0+ looks server configurations up here (older releases use server_configurations/).
return require('lspconfig.server_configurations.syncwright')
