//! syncwright: finds and repairs synchronization bugs in CUDA and OpenCL kernels.
//!
//! Data flows one way, and lower layers never import upper ones:
//! `syntax` (tree-sitter, macros, OpenCL dialect) -> `ir` (KPL) -> `analysis`
//! (uniformity, barrier intervals, loops) -> `check` (SDV two-thread checker on Z3)
//! -> `synth` (MaxSAT barrier synthesis) -> `ide` (plain data for front doors)
//! -> `cli`, `lsp` (thin translations); `fuzz` (the fuzz harness) sits on top.

pub mod analysis;
pub mod base;
pub mod check;
pub mod cli;
pub mod config;
pub mod frontend;
pub mod fuzz;
pub mod ide;
pub mod ir;
pub mod lsp;
pub mod syntax;
pub mod synth;
