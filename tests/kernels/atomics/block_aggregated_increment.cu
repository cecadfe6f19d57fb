// expect-verdict(compact_block): race-free
// expect-verdict(compact_block_inline_sum): race-free
// expect-verdict(leader_adds_one): racy
// expect-verdict(counter_not_reset): racy
// expect-verdict(reset_by_thread_one): racy
// expect-verdict(use_without_base): racy
// expect-verdict(use_outside_ticket_guard): racy
// expect-verdict(block_scoped_total): racy
// expect-verdict(slot_doubled): racy
// expect-verdict(missing_barrier_before_use): racy
//--blockDim=128 --gridDim=4
// Block-aggregated increment: each thread takes a local ticket from a shared
// counter zeroed by thread 0, thread 0 then reserves the block's range of
// the global counter in one atomicAdd, and each thread adds the range's
// start to its local ticket: one slot per thread, as with one
// `atomicAdd(total, 1)` per thread. The near misses break one part.

__global__ void compact_block(int *out, int *total, const int *in, int n) {
  __shared__ int block_count;
  int gid = blockIdx.x * blockDim.x + threadIdx.x;
  if (threadIdx.x == 0)
    block_count = 0;
  __syncthreads();
  int v, slot;
  if (gid < n) {
    v = in[gid];
    if (v > 0)
      slot = atomicAdd(&block_count, 1);
  }
  __syncthreads();
  if (threadIdx.x == 0)
    block_count = atomicAdd(total, block_count);
  __syncthreads();
  if (gid < n && v > 0) {
    slot += block_count;
    out[slot] = v;
  }
}

__global__ void compact_block_inline_sum(float *out, unsigned *total, const float *in) {
  __shared__ unsigned base;
  unsigned gid = blockIdx.x * blockDim.x + threadIdx.x;
  float v = in[gid];
  if (threadIdx.x == 0 && threadIdx.y == 0)
    base = 0;
  __syncthreads();
  unsigned mine = 0;
  if (v < 0.5f)
    mine = atomicAdd(&base, 1u);
  __syncthreads();
  if (threadIdx.x == 0 && threadIdx.y == 0)
    base = atomicAdd(total, base);
  __syncthreads();
  if (v < 0.5f)
    out[mine + base] = v;
}

// Every block's range starts one after the previous block's start.
__global__ void leader_adds_one(int *out, int *total, const int *in, int n) {
  __shared__ int block_count;
  int gid = blockIdx.x * blockDim.x + threadIdx.x;
  if (threadIdx.x == 0)
    block_count = 0;
  __syncthreads();
  int v = in[gid], slot;
  if (v > 0)
    slot = atomicAdd(&block_count, 1);
  __syncthreads();
  if (threadIdx.x == 0)
    block_count = atomicAdd(total, 1);
  __syncthreads();
  if (v > 0)
    out[slot + block_count] = v; //~ race write-write
}

// The counter starts with whatever the last launch left.
__global__ void counter_not_reset(int *out, int *total, const int *in, int n) {
  __shared__ int block_count;
  int gid = blockIdx.x * blockDim.x + threadIdx.x;
  int v = in[gid], slot;
  if (v > 0)
    slot = atomicAdd(&block_count, 1);
  __syncthreads();
  if (threadIdx.x == 0)
    block_count = atomicAdd(total, block_count);
  __syncthreads();
  if (v > 0)
    out[slot + block_count] = v; //~ race write-write
}

// With one thread per block nobody zeroes the counter.
__global__ void reset_by_thread_one(int *out, int *total, const int *in, int n) {
  __shared__ int block_count;
  int gid = blockIdx.x * blockDim.x + threadIdx.x;
  if (threadIdx.x == 1)
    block_count = 0;
  __syncthreads();
  int v = in[gid], slot;
  if (v > 0)
    slot = atomicAdd(&block_count, 1);
  __syncthreads();
  if (threadIdx.x == 0)
    block_count = atomicAdd(total, block_count);
  __syncthreads();
  if (v > 0)
    out[slot + block_count] = v; //~ race write-write
}

// Local tickets of two blocks collide.
__global__ void use_without_base(int *out, int *total, const int *in, int n) {
  __shared__ int block_count;
  int gid = blockIdx.x * blockDim.x + threadIdx.x;
  if (threadIdx.x == 0)
    block_count = 0;
  __syncthreads();
  int v = in[gid], slot;
  if (v > 0)
    slot = atomicAdd(&block_count, 1);
  __syncthreads();
  if (threadIdx.x == 0)
    block_count = atomicAdd(total, block_count);
  __syncthreads();
  if (v > 0)
    out[slot] = v; //~ race write-write
}

// Threads with v <= 0 took no ticket: their slot is uninitialised.
__global__ void use_outside_ticket_guard(int *out, int *total, const int *in, int n) {
  __shared__ int block_count;
  int gid = blockIdx.x * blockDim.x + threadIdx.x;
  if (threadIdx.x == 0)
    block_count = 0;
  __syncthreads();
  int v = in[gid], slot;
  if (v > 0)
    slot = atomicAdd(&block_count, 1);
  __syncthreads();
  if (threadIdx.x == 0)
    block_count = atomicAdd(total, block_count);
  __syncthreads();
  out[slot + block_count] = v; //~ race write-write
}

// A block-scoped atomic does not order the ranges of two blocks.
__global__ void block_scoped_total(int *out, int *total, const int *in, int n) {
  __shared__ int block_count;
  int gid = blockIdx.x * blockDim.x + threadIdx.x;
  if (threadIdx.x == 0)
    block_count = 0;
  __syncthreads();
  int v = in[gid], slot;
  if (v > 0)
    slot = atomicAdd(&block_count, 1);
  __syncthreads();
  if (threadIdx.x == 0)
    block_count = atomicAdd_block(total, block_count); //~ race write-write
  __syncthreads();
  if (v > 0)
    out[slot + block_count] = v; //~ race write-write
}

// Slots 0..2N-2 run past the block's range of N.
__global__ void slot_doubled(int *out, int *total, const int *in, int n) {
  __shared__ int block_count;
  int gid = blockIdx.x * blockDim.x + threadIdx.x;
  if (threadIdx.x == 0)
    block_count = 0;
  __syncthreads();
  int v = in[gid], slot;
  if (v > 0)
    slot = atomicAdd(&block_count, 1);
  __syncthreads();
  if (threadIdx.x == 0)
    block_count = atomicAdd(total, block_count);
  __syncthreads();
  slot = slot * 2;
  if (v > 0)
    out[slot + block_count] = v; //~ race write-write
}

// Some threads read the counter before the leader stores the base.
__global__ void missing_barrier_before_use(int *out, int *total, const int *in, int n) {
  __shared__ int block_count;
  int gid = blockIdx.x * blockDim.x + threadIdx.x;
  if (threadIdx.x == 0)
    block_count = 0;
  __syncthreads();
  int v = in[gid], slot;
  if (v > 0)
    slot = atomicAdd(&block_count, 1);
  __syncthreads();
  if (threadIdx.x == 0)
    block_count = atomicAdd(total, block_count); //~ race write-read
  if (v > 0)
    out[slot + block_count] = v; //~ race write-write
}
