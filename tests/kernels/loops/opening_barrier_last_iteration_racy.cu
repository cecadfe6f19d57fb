// expect-verdict: racy
// Twins of opening_barrier_last_iteration.cu where an access in the loop
// does meet one after it: in the last iteration itself, through a `break`
// (the iteration that breaks is the last, whatever the counter), when the
// barrier does not open every iteration, and between blocks (a block
// barrier orders only the threads of one block), and a `continue` that
// ends the last iteration early (the state after the body is not the one
// the loop's test reads).

__global__ void last_iteration_meets(float *out) {
    __shared__ float s[256];
    int t = threadIdx.x;
    for (int d = 256; d > 0; d >>= 1) {
        __syncthreads();
        if (t < d)
            s[t] += 1.0f; //~ race read-write, race write-write
    }
    if (t == 1)
        s[0] = 0.0f;
}

__global__ void break_leaves_early(float *out, int stop) {
    __shared__ float s[256];
    int t = threadIdx.x;
    for (int d = 256; d > 0; d >>= 1) {
        __syncthreads();
        if (t < d)
            s[t] += 1.0f; //~ race read-write, race write-write
        if (d == stop)
            break;
    }
    if (t == 0)
        s[255] = 0.0f;
}

__global__ void barrier_not_first(float *out, int n) {
    __shared__ float s[256];
    int t = threadIdx.x;
    for (int d = 256; d > 0; d >>= 1) {
        if (n > 1000)
            __syncthreads();
        if (t < d)
            s[t] += 1.0f; //~ race read-write, race write-write
    }
    if (t == 0)
        s[255] = 0.0f;
}

__global__ void other_block(float *g) {
    int t = threadIdx.x;
    for (int d = 256; d > 0; d >>= 1) {
        __syncthreads();
        if (t < d)
            g[t] += 1.0f; //~ race read-write, race write-write
    }
    if (t == 0 && blockIdx.x == 1)
        g[255] = 0.0f;
}

__global__ void continue_leaves(float *out) {
    __shared__ float s[64];
    int go = 1;
    for (int i = 0; go; i++) {
        __syncthreads();
        s[threadIdx.x] = i; //~ race write-read
        go = 0;
        if (i == 3)
            continue;
        go = 1;
    }
    out[threadIdx.x] = s[(threadIdx.x + 1) % 64];
}

void run(float *f, int stop) {
    last_iteration_meets<<<1, 256>>>(f);
    break_leaves_early<<<1, 256>>>(f, stop);
    barrier_not_first<<<1, 256>>>(f, 512);
    other_block<<<2, 256>>>(f);
    continue_leaves<<<1, 64>>>(f);
}
