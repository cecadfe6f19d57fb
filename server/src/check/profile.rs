//! Where a kernel check's time goes: set-up, pair enumeration, encoding and
//! solver time, and the slowest solver queries with what makes them hard.

use crate::ir::Span;

/// One solver query of a profile.
#[derive(Clone, Debug, PartialEq)]
pub struct QueryProfile {
    /// The first access (or the barrier) the query is about.
    pub first: Span,
    /// The second access (the barrier again for divergence queries).
    pub second: Span,
    /// Z3 work units (`rlimit` steps) spent.
    pub work: u64,
    /// Wall time in milliseconds.
    pub ms: f64,
    /// `sat`, `unsat` or `unknown`.
    pub result: &'static str,
    /// What the query's terms need beyond linear integer arithmetic.
    pub reason: String,
}

/// The time split of one kernel check.
#[derive(Clone, Debug, Default, PartialEq)]
pub struct Profile {
    /// Analyses before the first pair (uniformity, loops, barrier intervals).
    pub setup_ms: f64,
    /// Pair enumeration: which scenarios a pair of accesses can meet in.
    pub enumerate_ms: f64,
    /// Symbolic execution and building the queries.
    pub encode_ms: f64,
    /// Inside the solver (asserting, checking, reading models).
    pub solve_ms: f64,
    /// Access pairs with a write.
    pub pairs: u32,
    /// Pairs decided without the solver (atomics, no common memory, or a
    /// barrier between them in every interleaving).
    pub pairs_without_solver: u32,
    /// Pair scenarios whose offsets cannot overlap once symbolically
    /// executed (the overlap simplifies to `false`): no query asked.
    pub scenarios_without_solver: u32,
    /// Pair scenarios met once the settled verdict's remainder was spent,
    /// whose queries were not built: they would get no solver call (see
    /// `Checker::check_pair_scenarios`).
    pub settled_unbuilt: u32,
    /// Solver queries.
    pub queries: u32,
    /// Queries answered by an earlier query of the same check with the same
    /// facts (no solver call).
    pub queries_reused: u32,
    /// Queries asked sliced first (see `check::slice`).
    pub sliced_queries: u32,
    /// Of those, queries the slice decided (the whole query not asked).
    pub decided_by_slice: u32,
    /// Queries whose hub core was asked first (see `Slicer::core`).
    pub core_queries: u32,
    /// Of those, queries the core decided (neither the slice nor the
    /// whole query asked).
    pub decided_by_core: u32,
    /// Queries asked to an incremental solver holding their base facts
    /// (see `Checker::decided_incrementally`).
    pub incremental_queries: u32,
    /// Of those, queries it decided (`unsat`, or `sat` with a model of the
    /// query; the portfolio not asked).
    pub decided_incrementally: u32,
    /// Of those, queries it decided `sat` (its model taken).
    pub sat_incrementally: u32,
    /// Z3 work units spent in total.
    pub work: u64,
    /// The slowest queries by work units, slowest first.
    pub slowest: Vec<QueryProfile>,
}
