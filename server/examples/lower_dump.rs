//! Prints the KPL of every kernel in the given files (debugging aid).
use std::path::Path;

use syncwright::frontend::{lower_source, FsIncludes};
use syncwright::ir::pretty::pretty_kernel;

fn main() {
    for path in std::env::args().skip(1) {
        let text = match std::fs::read(&path) {
            Ok(b) => String::from_utf8_lossy(&b).into_owned(),
            Err(e) => {
                eprintln!("{path}: {e}");
                continue;
            }
        };
        let program = lower_source(Path::new(&path), &text, &FsIncludes);
        for k in &program.kernels {
            println!("{}", pretty_kernel(k));
            for (_, note) in &k.notes {
                println!("  note: {note}");
            }
        }
        for u in &program.unsupported {
            println!("unsupported {}: {}", u.name, u.reason);
        }
        for d in &program.diagnostics {
            println!("diagnostic: {}", d.message);
        }
    }
}
