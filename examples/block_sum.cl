//--local_size=256 --num_groups=128
// The OpenCL twin of block_sum.cu, with the same missing barrier.

__kernel void block_sum(__global const float *in, __global float *out, uint n) {
    __local float partial[256];
    uint tid = get_local_id(0);
    uint i = get_global_id(0);
    partial[tid] = (i < n) ? in[i] : 0.0f;
    for (uint stride = get_local_size(0) / 2; stride > 0; stride >>= 1) {
        if (tid < stride)
            partial[tid] += partial[tid + stride];
        barrier(CLK_LOCAL_MEM_FENCE);
    }
    if (tid == 0)
        out[get_group_id(0)] = partial[0];
}
