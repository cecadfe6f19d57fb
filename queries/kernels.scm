; Kernel definitions.
; CUDA: a function definition with `__global__` (read by the grammar as a
; declaration modifier).
(function_definition
  "__global__"
  declarator: (function_declarator
    declarator: (_) @kernel.name)) @kernel

; Every function definition. OpenCL's `__kernel`/`kernel` is blanked before
; parsing, so the syntax layer keeps the definitions with a blanked kernel
; qualifier in their head (before the function declarator).
(function_definition
  declarator: (function_declarator
    declarator: (_) @function.name) @function.declarator) @function
