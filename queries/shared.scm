; Block-shared memory declarations.
; CUDA: `__shared__` (also `extern __shared__ T s[];`), among the declaration's
; own specifiers and qualifiers.
(declaration
  [(type_qualifier) (storage_class_specifier) (attribute_specifier) (attribute_declaration)] @shared.qualifier
  (#match? @shared.qualifier "__shared__")
  declarator: (_) @shared.declarator) @shared

; Every declaration. OpenCL's `__local`/`local` is blanked before parsing, so
; the syntax layer keeps the declarations with a blanked `__local` qualifier
; in their head (before the first declarator).
(declaration
  declarator: (_) @declaration.declarator) @declaration
