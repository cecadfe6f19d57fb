// expect-verdict: race-free
//--local_size=256 --num_groups=16

__kernel void histogram(__global const uchar *data, __global uint *bins, int n) {
    __local uint local_bins[256];
    size_t tid = get_local_id(0);
    local_bins[tid] = 0;
    barrier(CLK_LOCAL_MEM_FENCE);
    for (int i = get_global_id(0); i < n; i += get_global_size(0)) {
        atomic_inc(&local_bins[data[i]]);
    }
    barrier(CLK_LOCAL_MEM_FENCE);
    atomic_add(&bins[tid], local_bins[tid]);
}
