//! Every past fuzz failure (`tests/fuzz/regressions/`) passes every oracle,
//! and a short seeded fuzz run passes too (the harness itself stays tested).

use std::path::Path;

use syncwright::fuzz::{run_oracles, seed_corpus, Mutator, OracleOptions, Rng};

fn options() -> OracleOptions {
    // Speed is the fuzz benchmark's to measure; here only a wide bound.
    OracleOptions {
        budget_ms: 5_000,
        margin: 2.0,
        fix: true,
        ..OracleOptions::default()
    }
}

#[test]
fn past_fuzz_failures_pass_every_oracle() {
    let root = Path::new(env!("CARGO_MANIFEST_DIR")).join("../tests/fuzz/regressions");
    let corpus = seed_corpus(&root);
    assert!(
        !corpus.is_empty(),
        "the regression corpus is in {}",
        root.display()
    );
    let mut failed = Vec::new();
    for (path, text) in &corpus {
        for failure in run_oracles(path, text, &options()) {
            failed.push(format!(
                "{}: {}: {}",
                path.display(),
                failure.oracle,
                failure.detail
            ));
        }
    }
    assert!(failed.is_empty(), "{failed:#?}");
}

#[test]
fn a_short_seeded_fuzz_run_passes() {
    let root = Path::new(env!("CARGO_MANIFEST_DIR")).join("../tests/kernels");
    let corpus = seed_corpus(&root);
    let paths: Vec<_> = corpus.iter().map(|(p, _)| p.clone()).collect();
    let mutator = Mutator::new(corpus.into_iter().map(|(_, t)| t).collect());
    let mut rng = Rng::new(13);
    let mut failed = Vec::new();
    for _ in 0..12 {
        let (which, text) = mutator.mutant(&mut rng);
        for failure in run_oracles(&paths[which], &text, &options()) {
            // The z3 crate's panic after a watchdog interrupt is timing
            // dependent and the checker's (see tests/fuzz/README.md).
            if failure.detail.contains("z3-0.22.0/src/ast") {
                continue;
            }
            failed.push(format!("{}: {}: {}", failure.oracle, failure.detail, text));
        }
    }
    assert!(failed.is_empty(), "{failed:#?}");
}
