//--blockDim=64 --gridDim=4
// expect-verdict: racy
// A shared cell filled twice by a block-wide asynchronous copy of the same
// source element, which thread 0 changes in between: the two reads get
// different values, so the store guarded by `x != y` runs, and every
// thread of the block writes the same element. The copy's value is not a
// block-invariant value (`ir/broadcast.rs`): it is what the source holds
// when the copy runs.
#include <cooperative_groups.h>
#include <cooperative_groups/memcpy_async.h>
namespace cg = cooperative_groups;

__global__ void copied_twice(int *out) {
    __shared__ unsigned src, off;
    cg::thread_block b = cg::this_thread_block();
    if (threadIdx.x == 0)
        src = 1;
    b.sync();
    cg::memcpy_async(b, &off, &src, sizeof(unsigned)); //~ benign-race
    cg::wait(b);
    b.sync();
    unsigned x = off;
    b.sync();
    if (threadIdx.x == 0)
        src = 2;
    b.sync();
    cg::memcpy_async(b, &off, &src, sizeof(unsigned)); //~ benign-race
    cg::wait(b);
    b.sync();
    unsigned y = off;
    if (x != y)
        out[blockIdx.x] = threadIdx.x; //~ race write-write
}
