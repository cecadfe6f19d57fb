// expect-verdict(column_per_work_item): race-free
// expect-verdict(rows_share_a_column): racy
// expect-verdict(tile_rows_share_a_slot): racy
// `reqd_work_group_size(X, Y, Z)` is the local size of every launch that
// runs the kernel (clEnqueueNDRangeKernel rejects any other), so the
// checker takes the block as (X, Y, Z), before the unused-dimensions
// assumption: a kernel that never calls get_local_id(1) still has Y
// work-items per column. One work-item per column is race-free; with 8
// rows, the work-items of a column update one element (a lost update),
// also through local memory.

__kernel __attribute__((reqd_work_group_size(16, 1, 1)))
void column_per_work_item(__global int *out) {
    out[get_global_id(0)] += 1;
}

__kernel __attribute__((reqd_work_group_size(8, 8, 1)))
void rows_share_a_column(__global int *out) {
    out[get_global_id(0)] += 1; //~ race read-write, race write-write
}

__kernel __attribute__((reqd_work_group_size(16, 4, 1)))
void tile_rows_share_a_slot(__global int *out) {
    __local int s[16];
    int x = get_local_id(0);
    s[x] = 0; //~ benign-race
    barrier(CLK_LOCAL_MEM_FENCE);
    s[x] += 1; //~ race read-write, race write-write
    barrier(CLK_LOCAL_MEM_FENCE);
    out[get_global_id(0)] = s[x]; //~ race write-write
}
