// expect-verdict(library_block_sync): race-free
// expect-verdict(library_one_thread_sync): unsupported
//--blockDim=64 --gridDim=2
// With `using namespace cooperative_groups;` an unqualified `this_thread()`
// may be the library's or the program's `util::this_thread` (reached by a
// using-declaration, an inline namespace, ...): the two order differently,
// so such a call is refused; names the program does not define stay the
// library's.
#include <cooperative_groups.h>
using namespace cooperative_groups;

namespace util {
__device__ thread_block this_thread() { return this_thread_block(); }
}

__global__ void library_block_sync(int *out) {
    __shared__ int s[64];
    s[threadIdx.x] = threadIdx.x;
    this_thread_block().sync();
    out[blockIdx.x * 64 + threadIdx.x] = s[(threadIdx.x + 1) % 64];
}

// The one-thread group's sync orders nothing.
__global__ void library_one_thread_sync(int *out) {
    __shared__ int s[64];
    s[threadIdx.x] = threadIdx.x;
    this_thread().sync();
    out[blockIdx.x * 64 + threadIdx.x] = s[(threadIdx.x + 1) % 64];
}
