// expect-verdict(ping_pong): race-free
// expect-verdict(ping_pong_split): race-free
// expect-verdict(ping_pong_wrong_slot): racy
// expect-verdict(ping_pong_read_before_wait): racy
// expect-verdict(ping_pong_data_index): racy
// expect-verdict(ping_pong_half_count): divergent
//--blockDim=64 --gridDim=1
// Two cuda::barrier objects used in turn by a k-loop (`bar[k % 2]`), each
// guarding its buffer slot: iteration k fills slot k % 2, completes phase
// k / 2 of bar[k % 2] and reads the slot. The refill of the slot in iteration
// k + 2 comes after every thread's arrival at the other barrier in iteration
// k + 1, which follows its read. The index is a known function of the
// iteration, so each operation is on one known object. Reading the other
// slot (being refilled by threads already in the next iteration), or the
// slot between `arrive()` and `wait(token)`, races. An index read from memory
// (`ping_pong_data_index`) is not known per iteration: the barriers then order
// nothing and the race stays reported (sound, a false alarm here). Each
// element keeps its own `init` count: bar[1] initialised for half the block
// while all of it arrives is a count mismatch (`ping_pong_half_count`).
#include <cuda/barrier>

__global__ void ping_pong(const float *in, float *out) {
    __shared__ cuda::barrier<cuda::thread_scope_block> bar[2];
    __shared__ float buf[2][64];
    if (threadIdx.x == 0) {
        init(&bar[0], blockDim.x);
        init(&bar[1], blockDim.x);
    }
    __syncthreads();
    float acc = 0.0f;
    for (int k = 0; k < 8; k++) {
        int s = k % 2;
        buf[s][threadIdx.x] = in[k * 64 + threadIdx.x];
        bar[s].arrive_and_wait();
        acc += buf[s][63 - threadIdx.x];
    }
    out[threadIdx.x] = acc;
}

__global__ void ping_pong_split(const float *in, float *out) {
    __shared__ cuda::barrier<cuda::thread_scope_block> bar[2];
    __shared__ float buf[2][64];
    if (threadIdx.x == 0) {
        init(&bar[0], blockDim.x);
        init(&bar[1], blockDim.x);
    }
    __syncthreads();
    float acc = 0.0f;
    for (int k = 0; k < 8; k++) {
        buf[k % 2][threadIdx.x] = in[k * 64 + threadIdx.x];
        auto token = bar[k % 2].arrive();
        float scale = in[512 + k];
        bar[k % 2].wait(std::move(token));
        acc += buf[k % 2][63 - threadIdx.x] * scale;
    }
    out[threadIdx.x] = acc;
}

__global__ void ping_pong_wrong_slot(const float *in, float *out) {
    __shared__ cuda::barrier<cuda::thread_scope_block> bar[2];
    __shared__ float buf[2][64];
    if (threadIdx.x == 0) {
        init(&bar[0], blockDim.x);
        init(&bar[1], blockDim.x);
    }
    __syncthreads();
    float acc = 0.0f;
    for (int k = 0; k < 8; k++) {
        int s = k % 2;
        buf[s][threadIdx.x] = in[k * 64 + threadIdx.x]; //~ race write-read
        bar[s].arrive_and_wait();
        acc += buf[1 - s][63 - threadIdx.x]; //~ race read-write
    }
    out[threadIdx.x] = acc;
}

__global__ void ping_pong_read_before_wait(const float *in, float *out) {
    __shared__ cuda::barrier<cuda::thread_scope_block> bar[2];
    __shared__ float buf[2][64];
    if (threadIdx.x == 0) {
        init(&bar[0], blockDim.x);
        init(&bar[1], blockDim.x);
    }
    __syncthreads();
    float acc = 0.0f;
    for (int k = 0; k < 8; k++) {
        buf[k % 2][threadIdx.x] = in[k * 64 + threadIdx.x]; //~ race write-read
        auto token = bar[k % 2].arrive();
        acc += buf[k % 2][63 - threadIdx.x]; //~ race read-write
        bar[k % 2].wait(std::move(token));
    }
    out[threadIdx.x] = acc;
}

__global__ void ping_pong_data_index(const float *in, const int *slot, float *out) {
    __shared__ cuda::barrier<cuda::thread_scope_block> bar[2];
    __shared__ float buf[2][64];
    if (threadIdx.x == 0) {
        init(&bar[0], blockDim.x);
        init(&bar[1], blockDim.x);
    }
    __syncthreads();
    float acc = 0.0f;
    for (int k = 0; k < 8; k++) {
        int s = slot[k] & 1;
        buf[s][threadIdx.x] = in[k * 64 + threadIdx.x]; //~ race write-read
        bar[s].arrive_and_wait();
        acc += buf[s][63 - threadIdx.x]; //~ race read-write
    }
    out[threadIdx.x] = acc;
}

__global__ void ping_pong_half_count(const float *in, float *out) {
    __shared__ cuda::barrier<cuda::thread_scope_block> bar[2];
    __shared__ float buf[2][64];
    if (threadIdx.x == 0) {
        init(&bar[0], blockDim.x);
        init(&bar[1], blockDim.x / 2);
    }
    __syncthreads();
    float acc = 0.0f;
    for (int k = 0; k < 8; k++) {
        int s = k % 2;
        buf[s][threadIdx.x] = in[k * 64 + threadIdx.x]; //~ race write-read
        bar[s].arrive_and_wait(); //~ barrier-deadlock
        acc += buf[s][63 - threadIdx.x]; //~ race read-write
    }
    out[threadIdx.x] = acc;
}
