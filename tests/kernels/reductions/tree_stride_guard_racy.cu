// expect-verdict: racy
//--blockDim=[256] --gridDim=[64]
// Twins of tree_stride_guard.cu where two threads meet: each race is real.

// `t <= s`: thread s writes a[s] while thread 0 reads a[0 + s].
__global__ void inclusive_guard(float *out) {
    __shared__ float sd[512];
    int tid = threadIdx.x;
    sd[tid] = tid;
    for (int s = 128; s > 0; s >>= 1) {
        __syncthreads();
        if (tid <= s) sd[tid] += sd[tid + s]; //~ race
    }
}

// A stride one short: thread s - 1 writes a[s - 1], thread 0 reads it.
__global__ void stride_one_short(float *out) {
    __shared__ float sd[256];
    int tid = threadIdx.x;
    sd[tid] = tid;
    for (int s = 128; s > 1; s >>= 1) {
        __syncthreads();
        if (tid < s) sd[tid] += sd[tid + s - 1]; //~ race
    }
}

// No barrier between iterations: thread 64 writes a[64] at s = 128 while
// thread 0 reads a[0 + 64] at s = 64.
__global__ void no_barrier_between_iterations(float *out) {
    __shared__ float sd[256];
    int tid = threadIdx.x;
    sd[tid] = tid;
    __syncthreads();
    for (int s = 128; s > 0; s >>= 1) {
        if (tid < s) sd[tid] += sd[tid + s]; //~ race
    }
}

// The guard's stride is not the access's: `t < s` with `a[t + s / 2]`.
__global__ void half_stride_read(float *out) {
    __shared__ float sd[256];
    int tid = threadIdx.x;
    sd[tid] = tid;
    for (int s = 128; s > 1; s >>= 1) {
        __syncthreads();
        if (tid < s) {
            int h = s / 2;
            sd[tid] += sd[tid + h]; //~ race
        }
    }
}

// The read's stride is a copy of the counter taken before it grew by one:
// `q = s - 1` when read, so thread s - 1 writes a[s - 1] while thread 0
// reads a[0 + q].
__global__ void stride_copied_before_change(float *out, int n) {
    __shared__ float sd[512];
    int tid = threadIdx.x;
    sd[tid] = tid;
    int s = 0;
    for (int i = 0; i < n; i++) s += 2;
    int q = s;
    s += 1;
    __syncthreads();
    if (tid < s) sd[tid] += sd[tid + q]; //~ race
}
