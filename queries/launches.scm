; Kernel launches `kernel<<<grid, block[, shared[, stream]]>>>(args)`.
(call_expression
  function: (_) @launch.kernel
  (kernel_call_syntax) @launch.config
  arguments: (argument_list) @launch.arguments) @launch
