//! Static analyses over KPL: uniformity, loops, barrier intervals.

pub mod intervals;
pub mod loops;
pub mod uniformity;
pub mod warp_masks;

pub use uniformity::Uniformity;
