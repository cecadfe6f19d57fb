// expect-verdict: race-free
//--local_size=[8,8] --num_groups=[1,1]
// OpenCL twin of reread_own_cell.cu on a 2-D work-group: a work-item writes
// its own cell only when the cell reads 0 and both the cell of its row and of
// its column at round k read non-zero; the repeat of its own cell (k == x or
// k == y) cannot read both.

__kernel void mark_grid(__global uint *flags, __local uint *cells) {
    uint x = get_local_id(0), y = get_local_id(1);
    cells[y * 8 + x] = flags[y * 8 + x];
    barrier(CLK_LOCAL_MEM_FENCE);
    for (uint k = 0; k < 8; ++k) {
        if (cells[y * 8 + x] == 0) {
            if (cells[y * 8 + k] != 0 && cells[k * 8 + x] != 0) {
                cells[y * 8 + x] = k + 1;
            }
        }
        barrier(CLK_LOCAL_MEM_FENCE);
    }
    flags[y * 8 + x] = cells[y * 8 + x];
}
