// expect-verdict: race-free
//--blockDim=64 --gridDim=4
// A barrier only in an inner loop still separates accesses of different
// iterations of the outer loop when every iteration of the inner loop runs
// one: the inner loop's tests are uniform (every thread of the block reaches
// each of its barriers), so a thread that left the inner loop to start the
// next outer iteration has passed every barrier a thread still inside the
// inner loop is about to pass. Each store below is followed by a barrier on
// every path through the inner loop's body. Racy twins:
// inner_loop_barrier_outer_iterations_racy.cu.

// Constant trip counts.
__global__ void nested_constant(int *out) {
    __shared__ int s[64];
    for (int k = 0; k < 4; k++) {
        for (int j = 0; j < 4; j++) {
            s[(threadIdx.x + j) % 64] = threadIdx.x + k;
            __syncthreads();
        }
    }
    out[blockIdx.x * 64 + threadIdx.x] = s[threadIdx.x];
}

// The inner loop may run zero times (a uniform bound): then it runs no
// store either. (The read after the nest has a barrier of its own: see
// inner_loop_maybe_empty_read_after.cu for the read without it.)
__global__ void nested_maybe_empty(int *out, int n) {
    __shared__ int s[64];
    for (int k = 0; k < 4; k++) {
        for (int j = 0; j < n; j++) {
            s[(threadIdx.x + j) % 64] = threadIdx.x + k;
            __syncthreads();
        }
    }
    __syncthreads();
    out[blockIdx.x * 64 + threadIdx.x] = s[threadIdx.x];
}

// A uniform branch skips the store, not the barrier.
__global__ void nested_skipped_store(int *out, int n) {
    __shared__ int s[64];
    for (int k = 0; k < n; k++) {
        for (int j = 0; j < 4; j++) {
            if (j != k)
                s[(threadIdx.x + j) % 64] = threadIdx.x + k;
            __syncthreads();
        }
    }
    out[blockIdx.x * 64 + threadIdx.x] = s[threadIdx.x];
}

// `break` and `continue` after the barrier.
__global__ void nested_jump_after_barrier(int *out, int n) {
    __shared__ int s[64];
    for (int k = 0; k < n; k++) {
        for (int j = 0; j < 4; j++) {
            s[(threadIdx.x + j) % 64] = threadIdx.x + k;
            __syncthreads();
            if (j == k)
                break;
            if (j + 1 == k)
                continue;
            out[blockIdx.x * 64 + threadIdx.x] = j;
        }
    }
}

// An inner do-while.
__global__ void nested_do_while(int *out, int n, int m) {
    __shared__ int s[64];
    for (int k = 0; k < n; k++) {
        int j = 0;
        do {
            s[(threadIdx.x + j) % 64] = threadIdx.x + k;
            __syncthreads();
            j++;
        } while (j < m);
    }
    out[blockIdx.x * 64 + threadIdx.x] = s[threadIdx.x];
}

// Three levels, the barrier in the innermost: different iterations of the
// outermost and of the middle loop alike.
__global__ void nested_three_levels(int *out, int n) {
    __shared__ int s[64];
    for (int k = 0; k < n; k++) {
        for (int i = 0; i < n; i++) {
            for (int j = 0; j < 3; j++) {
                s[(threadIdx.x + i + j) % 64] = threadIdx.x + k;
                __syncthreads();
            }
        }
    }
    __syncthreads();
    out[blockIdx.x * 64 + threadIdx.x] = s[threadIdx.x];
}

// The store of the inner loop against a store of the outer loop's body
// after it: the inner loop's last barrier stands between.
__global__ void nested_store_after_inner(int *out, int n) {
    __shared__ int s[64];
    for (int k = 0; k < n; k++) {
        for (int j = 0; j < 4; j++) {
            s[(threadIdx.x + j) % 64] = threadIdx.x + k;
            __syncthreads();
        }
        s[(threadIdx.x + 5) % 64] = k;
        __syncthreads();
    }
    out[blockIdx.x * 64 + threadIdx.x] = s[threadIdx.x];
}
