//! Static analyses over KPL: uniformity, loops, barrier intervals.

pub mod intervals;
pub mod loops;
pub mod uniformity;

pub use uniformity::Uniformity;
