// expect-verdict: race-free
//--local_size=256 --num_groups=8

__kernel void guarded_smooth_fixed(__global const float *in, __global float *out, int n) {
    __local float tile[256];
    if (get_group_id(0) * get_local_size(0) >= n)
        return;
    int i = get_global_id(0);
    int inside = i < n;
    tile[get_local_id(0)] = inside ? in[i] : 0.0f;
    barrier(CLK_LOCAL_MEM_FENCE);
    if (inside)
        out[i] = tile[(get_local_id(0) + 1) % 256];
}
