// The near miss of block_tickets_stripped.cu: the store forgets the
// block's base (`kept[at]`), so elements of different blocks collide
// whatever the barriers; no block barrier repairs it.
__global__ void keep_positive_no_base(float *kept, unsigned *kept_count, const float *values, unsigned n) {
    __shared__ unsigned in_block;
    unsigned gid = blockIdx.x * blockDim.x + threadIdx.x;
    if (threadIdx.x == 0)
        in_block = 0;
    float x = 0.0f;
    unsigned at = 0;
    if (gid < n)
        x = values[gid];
    if (gid < n && x > 0.0f)
        at = atomicAdd(&in_block, 1u);
    if (threadIdx.x == 0)
        in_block = atomicAdd(kept_count, in_block);
    if (gid < n && x > 0.0f)
        kept[at] = x;
}
