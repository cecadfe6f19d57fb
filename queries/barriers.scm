; Barriers and other synchronisation calls, by callee name: block and work-group
; barriers, warp barriers, memory fences. The names are those of the builtin
; table (`server/src/frontend/builtins.rs`), which a test there checks.
(call_expression
  function: (identifier) @sync.name
  (#any-of? @sync.name
    "__syncthreads" "__barrier_sync" "__barrier_sync_count" "__syncthreads_count" "__syncthreads_and" "__syncthreads_or"
    "__syncwarp"
    "barrier" "work_group_barrier" "sub_group_barrier"
    "__threadfence" "__threadfence_block" "__threadfence_system"
    "mem_fence" "read_mem_fence" "write_mem_fence" "atomic_work_item_fence")) @sync

; Cooperative groups: `block.sync()`, `grid.sync()`.
(call_expression
  function: (field_expression
    field: (field_identifier) @sync.name
    (#eq? @sync.name "sync"))) @sync

; Cooperative groups: `cg::sync(group)`.
(call_expression
  function: (qualified_identifier
    name: (identifier) @sync.name
    (#eq? @sync.name "sync"))) @sync
