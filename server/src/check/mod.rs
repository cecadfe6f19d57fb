//! The SDV two-thread checker: data races and barrier divergence, decided with Z3.

pub mod banks;
mod decl_kind;
mod delinear;
pub mod diagnostic;
mod float_range;
mod formula_key;
mod grid_stride;
mod guess;
mod injective;
pub mod interleaving;
mod last_block;
pub mod message;
pub mod named;
mod own_write;
mod pow2;
pub mod profile;
mod radix;
pub mod report;
pub mod reuse;
pub mod sdv;
pub mod simplify;
mod slice;
mod stride_tickets;
pub mod symexec;
pub mod witness;

pub use diagnostic::DiagnosticKind;
pub use report::*;
pub use sdv::{check_kernel, check_kernel_profiled, check_kernel_within, KernelBudget};

#[cfg(test)]
mod tests;
