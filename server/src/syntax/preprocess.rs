//! `#define` macros, `#if`/`#ifdef`, `#include "..."` of neighbouring headers.
