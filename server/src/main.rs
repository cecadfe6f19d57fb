//! The `syncwright` binary: `check`, `fix` and `lsp`.

fn main() {
    std::process::exit(syncwright::cli::main());
}
