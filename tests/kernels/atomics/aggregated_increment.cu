// expect-verdict(compact_positive): race-free
// expect-verdict(compact_inline): race-free
// expect-verdict(leader_adds_one): racy
// expect-verdict(leader_adds_zero): racy
// expect-verdict(base_without_rank): racy
// expect-verdict(base_from_lane_one): racy
// expect-verdict(ticket_parity): racy
// expect-verdict(base_truncated): racy
// expect-verdict(counter_per_half_warp): racy
// expect-verdict(two_counters): racy
// expect-verdict(counter_also_decremented): racy
// expect-verdict(counter_reset_without_barrier): racy
//--blockDim=128 --gridDim=4
// Warp-aggregated increment: the leader of a coalesced group adds the
// group's size to the counter once and every thread adds its rank to the
// leader's old value, so each thread gets its own slot, as with one
// `atomicAdd(counter, 1)` per thread. The near misses break one part.
#include <cooperative_groups.h>
namespace cg = cooperative_groups;

__device__ int group_slot(int *counter) {
  cg::coalesced_group active = cg::coalesced_threads();
  int first = 0;
  if (active.thread_rank() == 0)
    first = atomicAdd(counter, active.size());
  return active.shfl(first, 0) + active.thread_rank();
}

__global__ void compact_positive(int *out, int *count, const int *in, int n) {
  int i = blockIdx.x * blockDim.x + threadIdx.x;
  if (i < n && in[i] > 0)
    out[group_slot(count)] = in[i];
}

__global__ void compact_inline(float *out, unsigned *count, const float *in) {
  int i = blockIdx.x * blockDim.x + threadIdx.x;
  float v = in[i];
  if (v < 0.5f) {
    auto g = cg::coalesced_threads();
    unsigned start;
    if (0 == g.thread_rank()) {
      start = atomicAdd(count, g.num_threads());
    }
    unsigned slot = g.thread_rank() + g.shfl(start, 0);
    out[slot] = v;
  }
}

__device__ int slot_of_one(int *counter) {
  cg::coalesced_group active = cg::coalesced_threads();
  int first = 0;
  if (active.thread_rank() == 0)
    first = atomicAdd(counter, 1);
  return active.shfl(first, 0) + active.thread_rank();
}

// Lanes 1.. of one warp take the slots the next group starts at.
__global__ void leader_adds_one(int *out, int *count, const int *in) {
  int i = blockIdx.x * blockDim.x + threadIdx.x;
  if (in[i] > 0)
    out[slot_of_one(count)] = in[i]; //~ race write-write
}

__device__ int slot_of_zero(int *counter) {
  cg::coalesced_group active = cg::coalesced_threads();
  int first = 0;
  if (active.thread_rank() == 0)
    first = atomicAdd(counter, 0);
  return active.shfl(first, 0) + active.thread_rank();
}

__global__ void leader_adds_zero(int *out, int *count, const int *in) {
  int i = blockIdx.x * blockDim.x + threadIdx.x;
  if (in[i] > 0)
    out[slot_of_zero(count)] = in[i]; //~ race write-write
}

__global__ void base_without_rank(int *out, int *count, const int *in) {
  int i = blockIdx.x * blockDim.x + threadIdx.x;
  if (in[i] > 0) {
    auto g = cg::coalesced_threads();
    int first = 0;
    if (g.thread_rank() == 0)
      first = atomicAdd(count, g.size());
    out[g.shfl(first, 0)] = in[i]; //~ race write-write
  }
}

// Lane 1 of the group holds 0, not the leader's old value.
__global__ void base_from_lane_one(int *out, int *count, const int *in) {
  int i = blockIdx.x * blockDim.x + threadIdx.x;
  if (in[i] > 0) {
    auto g = cg::coalesced_threads();
    int first = 0;
    if (g.thread_rank() == 0)
      first = atomicAdd(count, g.size());
    out[g.shfl(first, 1) + g.thread_rank()] = in[i]; //~ race write-write
  }
}

// Distinct tickets 0 and 2 share a parity.
__global__ void ticket_parity(int *out, int *count, const int *in) {
  int i = blockIdx.x * blockDim.x + threadIdx.x;
  if (in[i] > 0)
    out[group_slot(count) % 2] = in[i]; //~ race write-write
}

// Old values 0 and 256 keep the same low byte.
__global__ void base_truncated(int *out, int *count, const int *in) {
  int i = blockIdx.x * blockDim.x + threadIdx.x;
  if (in[i] > 0) {
    auto g = cg::coalesced_threads();
    int first = 0;
    if (g.thread_rank() == 0)
      first = atomicAdd(count, g.size());
    out[(unsigned char)g.shfl(first, 0) + g.thread_rank()] = in[i]; //~ race write-write
  }
}

// Each leader picks its counter by its own lane: the groups of two warps
// may count on different counters and hand out the same tickets.
__global__ void counter_per_half_warp(int *out, int *counts, const int *in) {
  int i = blockIdx.x * blockDim.x + threadIdx.x;
  if (in[i] > 0) {
    auto g = cg::coalesced_threads();
    int first = 0;
    if (g.thread_rank() == 0)
      first = atomicAdd(&counts[(threadIdx.x >> 4) & 1], g.size());
    int t = g.shfl(first, 0) + g.thread_rank();
    out[2 * t + ((threadIdx.x >> 4) & 1)] = in[i]; //~ race write-write
  }
}

// Each counter hands out 0, 1, ..: slot 0 comes from both.
__global__ void two_counters(int *out, int *evens, int *odds, const int *in) {
  int i = blockIdx.x * blockDim.x + threadIdx.x;
  if (in[i] % 2 == 0)
    out[group_slot(evens)] = in[i]; //~ race write-write
  else
    out[group_slot(odds)] = in[i];
}

// A counter that also goes down hands out an old value again.
__global__ void counter_also_decremented(int *out, int *count, const int *in) {
  int i = blockIdx.x * blockDim.x + threadIdx.x;
  if (in[i] > 0)
    out[group_slot(count)] = in[i]; //~ race write-write
  else
    atomicSub(count, 1);
}

// Thread 0 zeroes the counter while other threads increment it.
__global__ void counter_reset_without_barrier(int *out, int *count, const int *in) {
  int i = blockIdx.x * blockDim.x + threadIdx.x;
  if (threadIdx.x == 0)
    *count = 0; //~ race, benign-race
  if (in[i] > 0)
    out[group_slot(count)] = in[i];
}
