; Block-shared memory declarations.
; CUDA: `__shared__` (also `extern __shared__ T s[];`).
(declaration
  (type_qualifier "__shared__")
  declarator: (_) @shared.declarator) @shared

; Every declaration. OpenCL's `__local`/`local` is blanked before parsing, so
; the syntax layer keeps the declarations with a blanked `__local` qualifier.
(declaration
  declarator: (_) @declaration.declarator) @declaration
