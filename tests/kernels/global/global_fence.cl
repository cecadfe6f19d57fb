// expect-verdict: race-free
//--local_size=128 --num_groups=16

__kernel void rotate_in_group_fenced(__global int *data, __global int *out) {
    size_t base = get_group_id(0) * get_local_size(0);
    size_t lid = get_local_id(0);
    data[base + lid] = (int)lid;
    barrier(CLK_GLOBAL_MEM_FENCE);
    out[base + lid] = data[base + (lid + 1) % get_local_size(0)];
}
