//! Loop analysis: counters, exact value sets, stride invariants.
