//! The SDV two-thread checker: data races and barrier divergence, decided with Z3.

pub mod diagnostic;
pub mod report;
pub mod sdv;

pub use diagnostic::DiagnosticKind;
pub use report::*;
pub use sdv::check_kernel;
