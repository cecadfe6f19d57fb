// expect-verdict(guard_then_exchange): race-free
// expect-verdict(whole_warp_done): race-free
// expect-verdict(exited_writer): racy
// expect-verdict(exited_reader): racy
// expect-verdict(exits_after_last_barrier): racy
// expect-verdict(exited_writer_global): racy
//--blockDim=64 --gridDim=2
// A full-mask `__syncwarp()` does not await a lane that has exited (CUDA
// Programming Guide: "all non-exited threads named in mask must execute a
// corresponding __syncwarp()"), but it orders the memory of the lanes that
// take part only (PTX `bar.warp.sync`): what an exited lane accessed since
// its last barrier is not ordered with what the others access after it.

// The common guard at the top: the exited lanes made no access, so the
// barrier orders every pair that remains.
__global__ void guard_then_exchange(const float *in, float *out, int n) {
    __shared__ float s[64];
    int i = blockIdx.x * 64 + threadIdx.x;
    if (i >= n)
        return;
    s[threadIdx.x] = in[i];
    __syncwarp();
    float v = s[threadIdx.x ^ 1];
    __syncwarp();
    s[threadIdx.x] = v;
    out[i] = v;
}

// Lanes exit after the barrier that published their store: it is ordered.
__global__ void whole_warp_done(int *out, int n) {
    __shared__ int s[64];
    s[threadIdx.x] = (int)threadIdx.x;
    __syncwarp();
    int v = s[threadIdx.x ^ 1];
    if (v >= n)
        return;
    out[blockIdx.x * 64 + threadIdx.x] = v;
}

// Lane 0 stores and exits; the others read its value after the barrier,
// which lane 0 never takes part in.
__global__ void exited_writer(int *out) {
    __shared__ int s[64];
    unsigned lane = threadIdx.x % 32;
    if (lane == 0) {
        s[threadIdx.x] = 1; //~ race write-read
        return;
    }
    __syncwarp(0xffffffff);
    out[blockIdx.x * 64 + threadIdx.x] = s[threadIdx.x - lane]; //~ race read-write
}

// Lane 0 reads and exits; the others overwrite what it read.
__global__ void exited_reader(int *out) {
    __shared__ int s[64];
    unsigned lane = threadIdx.x % 32;
    s[threadIdx.x] = (int)lane;
    __syncthreads();
    if (lane == 0) {
        out[blockIdx.x * 64 + threadIdx.x] = s[threadIdx.x + 5]; //~ race read-write
        return;
    }
    __syncwarp();
    s[threadIdx.x] = 0; //~ race write-read
}

// The lanes past `n` store after the first barrier and exit before the
// second; the others read those elements after it.
__global__ void exits_after_last_barrier(int *out, int n) {
    __shared__ int s[64];
    unsigned lane = threadIdx.x % 32;
    s[threadIdx.x] = (int)lane;
    __syncwarp();
    if (lane >= n) {
        s[threadIdx.x] = 7; //~ race write-read
        return;
    }
    __syncwarp();
    out[blockIdx.x * 64 + threadIdx.x] = s[threadIdx.x - lane + (lane + 1) % 32]; //~ race read-write
}

__global__ void exited_writer_global(int *g, int *out) {
    unsigned lane = threadIdx.x % 32;
    int w = (blockIdx.x * 64 + threadIdx.x) / 32;
    if (lane == 0) {
        g[w] = 1; //~ race write-read
        return;
    }
    __syncwarp();
    out[blockIdx.x * 64 + threadIdx.x] = g[w]; //~ race read-write
}
