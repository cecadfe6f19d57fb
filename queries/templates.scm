; Explicit instantiations: `template __global__ void k<float, 16>(float *);`,
; with the instantiated function's name and template arguments.
(template_instantiation
  declarator: (function_declarator
    declarator: (template_function
      name: (identifier) @instantiation.name
      arguments: (template_argument_list) @instantiation.arguments))) @instantiation

; Uses with template arguments: `k<float><<<g, b>>>(p)`, `load<4>(x)`.
(template_function
  name: (identifier) @template.name
  arguments: (template_argument_list) @template.arguments) @template
