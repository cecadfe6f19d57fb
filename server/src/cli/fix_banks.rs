//! `syncwright fix --bank-conflicts`: translates `ide::padding::pad_text`
//! (verified paddings of every file) to text or JSON, writing atomically.

use std::io::Write as _;

use super::fix::{FixArgs, FixFormat};
use super::{EXIT_CLEAN, EXIT_FINDINGS, EXIT_USAGE};
use crate::ide::padding::{pad_text, PadOutcome};
use crate::ide::workspace as inputs;
use crate::synth::report::write_atomically;

/// Runs `fix --bank-conflicts` and returns the exit code.
pub fn run(args: &FixArgs) -> i32 {
    let settings = args.launch.settings();
    let mut code = EXIT_CLEAN;
    let mut stdout = std::io::stdout().lock();
    let mut stderr = std::io::stderr().lock();
    let mut outcomes = Vec::new();
    for input in inputs::collect(&args.paths) {
        let path = match input {
            Ok(p) => p,
            Err(e) => {
                let _ = writeln!(
                    stderr,
                    "syncwright: error: {}: {}",
                    e.path.display(),
                    e.message
                );
                code = EXIT_USAGE;
                continue;
            }
        };
        let text = match std::fs::read_to_string(&path) {
            Ok(t) => t,
            Err(e) => {
                let _ = writeln!(
                    stderr,
                    "syncwright: error: {}: cannot read: {e}",
                    path.display()
                );
                code = EXIT_USAGE;
                continue;
            }
        };
        let outcome = pad_text(&path, &text, &settings);
        if !outcome.problems.is_empty() && code == EXIT_CLEAN {
            code = EXIT_FINDINGS;
        }
        if args.write && outcome.problems.is_empty() && outcome.fixed != text {
            if let Err(e) = write_atomically(&path, &outcome.fixed) {
                let _ = writeln!(
                    stderr,
                    "syncwright: error: cannot write {}: {e}",
                    path.display()
                );
                code = EXIT_USAGE;
            }
        }
        outcomes.push((outcome, text));
    }
    match args.format {
        FixFormat::Json => {
            let list: Vec<&PadOutcome> = outcomes.iter().map(|(o, _)| o).collect();
            match serde_json::to_string_pretty(&serde_json::json!({ "files": list })) {
                Ok(t) => {
                    let _ = writeln!(stdout, "{t}");
                }
                Err(e) => {
                    let _ = writeln!(stderr, "syncwright: error: cannot encode the report: {e}");
                    code = EXIT_USAGE;
                }
            }
        }
        FixFormat::Text => {
            for (o, _) in &outcomes {
                if !args.write {
                    let _ = write!(stdout, "{}", o.fixed);
                }
                for p in &o.plans {
                    let _ = writeln!(
                        stderr,
                        "{}: {}: `{}`: {} (total degree {} -> {}{})",
                        o.path,
                        p.kernel,
                        p.array,
                        p.padding.describe(),
                        p.total_before,
                        p.total_after,
                        if p.conflict_free {
                            ", conflict-free"
                        } else {
                            ""
                        }
                    );
                }
                for s in &o.skipped {
                    let _ = writeln!(stderr, "{}: not padded: {s}", o.path);
                }
                for s in &o.problems {
                    let _ = writeln!(stderr, "{}: error: {s}", o.path);
                }
            }
        }
    }
    let _ = stdout.flush();
    code
}
