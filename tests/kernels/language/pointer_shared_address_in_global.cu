// expect-verdict: race-free
//--blockDim=64 --gridDim=1
// The twin of pointer_shared_address_in_global_racy.cu where thread 0 does
// the round trip and its write before a barrier.

__global__ void shared_address_in_global(float **slots) {
    __shared__ float tile[64];
    if (threadIdx.x == 0) {
        slots[blockIdx.x] = tile;
        float *p = slots[blockIdx.x];
        p[5] = 1.f;
    }
    __syncthreads();
    float seen = tile[5];
}
