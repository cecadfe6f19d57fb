//! Source text to syntax: tree-sitter parsing, the OpenCL dialect, the preprocessor.
//! Knows nothing of semantics.

pub mod files;
pub mod launches;
pub mod parse;
pub mod preprocess;
pub mod queries;
pub mod source;
