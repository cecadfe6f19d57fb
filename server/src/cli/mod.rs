//! Command-line front door: `check`, `fix`, `lsp`.

pub mod fix;

/// Runs the CLI and returns the process exit code.
pub fn main() -> i32 {
    0
}
