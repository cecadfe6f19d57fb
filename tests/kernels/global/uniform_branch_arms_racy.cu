// expect-verdict: racy
//--blockDim=64 --gridDim=8

// A condition on the thread index: threads of one block take both arms.
__global__ void thread_arms(int *out) {
    __shared__ int s[64];
    if (threadIdx.x < 32) {
        s[threadIdx.x] = 1; //~ race write-read
    } else {
        out[blockIdx.x * 64 + threadIdx.x] = s[threadIdx.x - 32]; //~ race read-write
    }
}

// A uniform condition inside a loop: a thread's second iteration takes the
// other arm than another thread's first, with no barrier between them.
__global__ void arms_in_loop(int *out) {
    __shared__ int s[64];
    for (int it = 0; it < 2; it++) {
        if (it == 0) {
            s[threadIdx.x] = 1; //~ race write-read
        } else {
            out[blockIdx.x * 64 + threadIdx.x] = s[(threadIdx.x + 1) % 64]; //~ race read-write
        }
    }
}

// Threads of different blocks take different arms of a block-uniform `if`.
__global__ void arms_across_blocks(int *g, int *out) {
    if (blockIdx.x == 0) {
        g[threadIdx.x] = 1; //~ race write-read
    } else {
        out[blockIdx.x * 64 + threadIdx.x] = g[threadIdx.x]; //~ race read-write
    }
}
