// expect-verdict: race-free
//--blockDim=64 --gridDim=1
// The twin of pointer_provenance_lost_racy.cu with a barrier between thread
// 0's writes through the pointers and the other threads' reads.

__global__ void provenance_lost(int k) {
    __shared__ float tile[64];
    size_t addr = (size_t)tile;
    float *p = (float *)addr;
    float *ptrs[2] = {tile, tile};
    if (threadIdx.x == 0) {
        p[5] = 1.f;
        ptrs[k][5] = 2.f;
    }
    __syncthreads();
    float seen = tile[5];
}
