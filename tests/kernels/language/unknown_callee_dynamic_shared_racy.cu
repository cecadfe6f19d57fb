// expect-verdict: racy
//--blockDim=64 --gridDim=1
// A device function defined in another translation unit may declare
// `extern __shared__` itself: every such declaration names the block's one
// dynamic shared memory, so the callee may read what the other threads
// write here without receiving a pointer
// (e.g. `__device__ float get(int i) { extern __shared__ float o[]; return o[i]; }`).

__device__ float get(int i);

__global__ void k(float *out) {
    extern __shared__ float smem[];
    smem[threadIdx.x] = threadIdx.x;                //~ race write-read, race write-write
    out[threadIdx.x] = get((threadIdx.x + 1) % 64); //~ race read-write, race write-write
}
