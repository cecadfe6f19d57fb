//! Language server front door (tower-lsp); a thin translation over `ide`.
