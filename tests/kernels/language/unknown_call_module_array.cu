// expect-verdict: racy
//--blockDim=64 --gridDim=1
// `external` has no definition: it may write the module-scope array the
// kernel reads (and, run by every thread, race with itself there).

__device__ int counts[64];
__device__ void external(int v);

__global__ void unknown_module_array(int *out) {
    external(threadIdx.x); //~ race, race, race
    out[threadIdx.x] = counts[threadIdx.x]; //~ race read-write
}
