// Block-wide sum, OpenCL: every work-item stores its input in local memory, then work-item 0 adds
// the stored values up. The barrier between the stores and work-item 0's loads is missing.
__kernel void block_sum(__global const float *in, __global float *out, __local float *partial)
{
    size_t t = get_local_id(0);
    partial[t] = in[get_global_id(0)];
    if (t == 0) {
        float total = 0.0f;
        for (size_t i = 0; i < get_local_size(0); ++i) {
            total += partial[i];
        }
        out[get_group_id(0)] = total;
    }
}
