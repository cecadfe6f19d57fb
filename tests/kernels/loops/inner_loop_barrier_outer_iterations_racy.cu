// expect-verdict: racy
//--blockDim=64 --gridDim=4
// Twins of inner_loop_barrier_outer_iterations.cu where some path skips the
// inner loop's barrier after a store, so the store of one outer iteration
// and a store of the next meet in one barrier interval. Each store's index
// is distinct across threads within one pass of the inner loop (no race
// inside an iteration pair the barrier separates).

// `continue` after the store skips the barrier in the last inner pass: the
// store of (k, 3) and that of (k + 1, 0) meet.
__global__ void nested_continue_skips_barrier(int *out) {
    __shared__ int s[64];
    for (int k = 0; k < 4; k++) {
        for (int j = 0; j < 4; j++) {
            s[(threadIdx.x + j) % 64] = threadIdx.x + k; //~ race write-write
            if (j == 3)
                continue;
            __syncthreads();
        }
    }
    __syncthreads();
    out[blockIdx.x * 64 + threadIdx.x] = s[threadIdx.x];
}

// The barrier under a uniform branch that the last pass does not take.
__global__ void nested_branch_skips_barrier(int *out) {
    __shared__ int s[64];
    for (int k = 0; k < 4; k++) {
        for (int j = 0; j < 4; j++) {
            s[(threadIdx.x + j) % 64] = threadIdx.x + k; //~ race write-write
            if (j < 3)
                __syncthreads();
        }
    }
    __syncthreads();
    out[blockIdx.x * 64 + threadIdx.x] = s[threadIdx.x];
}

// `break` between the store and the barrier.
__global__ void nested_break_skips_barrier(int *out) {
    __shared__ int s[64];
    for (int k = 0; k < 4; k++) {
        for (int j = 0; j < 4; j++) {
            s[(threadIdx.x + j) % 64] = threadIdx.x + k; //~ race write-write
            if (j == 2)
                break;
            __syncthreads();
        }
    }
    __syncthreads();
    out[blockIdx.x * 64 + threadIdx.x] = s[threadIdx.x];
}

// A do-while whose condition is tested between the store and the barrier
// (a `continue` puts the test in the loop's step).
__global__ void nested_do_while_exit_before_barrier(int *out, int m) {
    __shared__ int s[64];
    for (int k = 0; k < 4; k++) {
        int j = 0;
        do {
            j++;
            s[(threadIdx.x + j) % 64] = threadIdx.x + k; //~ race write-write
            if (j >= m)
                continue;
            __syncthreads();
        } while (j < m);
    }
    __syncthreads();
    out[blockIdx.x * 64 + threadIdx.x] = s[threadIdx.x];
}

// The only barriers are in an inner loop that may run zero times (a uniform
// bound): then the stores of consecutive outer iterations meet.
__global__ void nested_empty_inner_loop(int *out, int n) {
    __shared__ int s[64];
    for (int k = 0; k < 4; k++) {
        s[(threadIdx.x + k) % 64] = threadIdx.x; //~ race write-write
        for (int j = 0; j < n; j++)
            __syncthreads();
    }
    __syncthreads();
    out[blockIdx.x * 64 + threadIdx.x] = s[threadIdx.x];
}

// The store comes after the inner loop's barrier: the store of the inner
// loop's last pass meets the store that opens the next outer iteration.
__global__ void nested_store_after_barrier(int *out) {
    __shared__ int s[64];
    for (int k = 0; k < 4; k++) {
        s[(threadIdx.x + 9) % 64] = k; //~ race write-write
        for (int j = 0; j < 4; j++) {
            __syncthreads();
            s[(threadIdx.x + j) % 64] = threadIdx.x + k; //~ race write-write
        }
    }
    __syncthreads();
    out[blockIdx.x * 64 + threadIdx.x] = s[threadIdx.x];
}

// A barrier-free path around the inner loop in the outer body (a uniform
// branch): the store before it meets the store of the next outer
// iteration.
__global__ void nested_outer_path_without_barrier(int *out, int n) {
    __shared__ int s[64];
    for (int k = 0; k < 4; k++) {
        s[(threadIdx.x + k) % 64] = threadIdx.x; //~ race write-write
        if (n > k) {
            for (int j = 0; j < 4; j++)
                __syncthreads();
        }
    }
    __syncthreads();
    out[blockIdx.x * 64 + threadIdx.x] = s[threadIdx.x];
}

// Only a warp barrier in the inner loop: threads of different warps are not
// ordered (lanes 31 and 32 store to s[32] in passes 1 and 0).
__global__ void nested_warp_barrier(int *out) {
    __shared__ int s[64];
    for (int k = 0; k < 4; k++) {
        for (int j = 0; j < 4; j++) {
            s[(threadIdx.x + j) % 64] = threadIdx.x + k; //~ race write-write
            __syncwarp();
        }
    }
    __syncthreads();
    out[blockIdx.x * 64 + threadIdx.x] = s[threadIdx.x];
}
