// expect-verdict(coalesced_inside_branch): race-free
// expect-verdict(coalesced_leader_broadcast): race-free
// expect-verdict(coalesced_before_branch): unsupported
// expect-verdict(coalesced_before_break): unsupported
//--blockDim=128 --gridDim=4
// A coalesced group is the threads that ran `coalesced_threads()` together:
// its collectives need exactly those threads. Where the same threads reach
// the call there is nothing to check; a group made before a branch or an
// early `break` names threads the checker does not follow.
#include <cooperative_groups.h>
#include <cooperative_groups/reduce.h>
namespace cg = cooperative_groups;

__global__ void coalesced_inside_branch(const int *in, int *out) {
    int x = in[blockIdx.x * 128 + threadIdx.x];
    int s = 0;
    if (x > 0) {
        auto g = cg::coalesced_threads();
        s = cg::reduce(g, x, cg::plus<int>());
    }
    out[blockIdx.x * 128 + threadIdx.x] = s;
}

__global__ void coalesced_leader_broadcast(const int *in, int *out) {
    int x = in[blockIdx.x * 128 + threadIdx.x];
    if (x > 0) {
        auto g = cg::coalesced_threads();
        int first = 0;
        if (g.thread_rank() == 0) first = x;
        x = g.shfl(first, 0);
    }
    out[blockIdx.x * 128 + threadIdx.x] = x;
}

__global__ void coalesced_before_branch(const int *in, int *out) {
    int x = in[blockIdx.x * 128 + threadIdx.x];
    cg::coalesced_group g = cg::coalesced_threads();
    if (threadIdx.x % 32 < 16) x = g.shfl(x, 0);
    out[blockIdx.x * 128 + threadIdx.x] = x;
}

__global__ void coalesced_before_break(const int *in, int *out) {
    int x = in[blockIdx.x * 128 + threadIdx.x];
    for (int i = 0; i < 4; i++) {
        auto g = cg::coalesced_threads();
        if (x > i) break;
        x += g.shfl(x, 0);
    }
    out[blockIdx.x * 128 + threadIdx.x] = x;
}
