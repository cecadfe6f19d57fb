// Block-wide sum: every thread stores its input in shared memory, then thread 0 adds the stored
// values up. The barrier between the stores and thread 0's loads is missing, so thread 0 may read
// a slot before its owner has written it.
__global__ void block_sum(const float *in, float *out)
{
    __shared__ float partial[256];
    unsigned int t = threadIdx.x;
    partial[t] = in[blockIdx.x * blockDim.x + t];
    if (t == 0) {
        float total = 0.0f;
        for (unsigned int i = 0; i < blockDim.x; ++i) {
            total += partial[i];
        }
        out[blockIdx.x] = total;
    }
}
