//! Barrier intervals: which accesses can run between the same pair of barriers.
