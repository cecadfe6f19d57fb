; Explicit instantiations: `template __global__ void k<float>(float *);`.
(template_instantiation) @instantiation

; Uses with template arguments: `k<float><<<g, b>>>(p)`, `load<4>(x)`.
(template_function
  name: (identifier) @template.name
  arguments: (template_argument_list) @template.arguments) @template
