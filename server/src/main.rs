//! The `syncwright` binary: parses the command line and dispatches each
//! subcommand to its front door (`check` and `fix` to `cli`, `lsp` to `lsp`).

use syncwright::cli::{self, Command};

fn main() {
    cli::install_panic_hook();
    let code = match cli::parse(std::env::args_os()) {
        Err(code) => code,
        Ok(cli::Cli {
            command: Command::Lsp,
        }) => syncwright::lsp::run_stdio(),
        Ok(parsed) => cli::run(&parsed.command).unwrap_or(cli::EXIT_USAGE),
    };
    cli::exit(code);
}
