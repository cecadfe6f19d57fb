// expect-verdict: racy
//--local_size=64 --num_groups=1
// A work-group barrier whose memory scope is the work-item orders no memory
// between work-items: the accesses on both sides still race. The second
// barrier (work-group scope) does order them.

__kernel void scoped(__global int *out) {
    int lid = get_local_id(0);
    out[lid] = lid; //~ race write-write, race write-read
    work_group_barrier(CLK_GLOBAL_MEM_FENCE, memory_scope_work_item);
    out[(lid + 1) % 64] += 1; //~ race read-write, race write-write
    work_group_barrier(CLK_GLOBAL_MEM_FENCE, memory_scope_work_group);
    out[(lid + 2) % 64] = 0;
}
