// expect-verdict: racy
//--blockDim=64 --gridDim=1
// An object of a class the checker does not know (its header is not
// available), constructed from memory, may keep a reference to it
// (`cuda::std::atomic_ref`): a method of it defined elsewhere may then
// write that memory, unordered with the other threads' reads.

#include <cuda/atomic>

__global__ void publish(int *flag, int *out) {
    if (threadIdx.x == 0) {
        cuda::std::atomic_ref<int> r(*flag);
        r.store(1); //~ race
    }
    out[threadIdx.x] = flag[0]; //~ race
}
