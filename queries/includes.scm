; `#include "file"` and `#include <file>`.
(preproc_include
  path: [(string_literal) (system_lib_string)] @include.path) @include
