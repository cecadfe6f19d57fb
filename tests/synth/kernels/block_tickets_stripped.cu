// Stream compaction with one global atomic per block, written without its
// barriers: thread 0 zeroes the shared count, each kept element takes a
// local ticket, thread 0 reserves the block's range of the global count,
// and each element is stored at the range's start plus its ticket. The
// front end lowers that shape as one ghost `atomicAdd(total, 1)` per
// element only when its three barriers stand, so the synthesizer's
// candidates are lowered that way too: the three barriers make it
// race-free across blocks, none of them alone does.
__global__ void keep_positive(float *kept, unsigned *kept_count, const float *values, unsigned n) {
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
        kept[at + in_block] = x;
}
