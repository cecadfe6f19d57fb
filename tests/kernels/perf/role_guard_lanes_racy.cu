// expect-verdict: racy
//--blockDim=[128] --gridDim=[16]
// Twins of role_guard_lanes.cu where two threads meet: each race is real.

enum Role { producer = 0, consumer = 1 };

// 64 producers (`threadIdx.x < 64`) over 32 lanes: threads 0 and 32 share
// lane 0.
__global__ void producers_span_two_warps(float *out, const float *in) {
    __shared__ float stage[32];
    const Role role = threadIdx.x < 64 ? producer : consumer;
    const int lane = threadIdx.x % 32;
    if (role == producer) {
        stage[lane] = threadIdx.x; //~ race write-write
    }
}

// The consumers are threads 32..127 with 128 threads: three warps share each
// lane.
__global__ void consumers_span_three_warps(float *out, const float *in) {
    __shared__ float result[32];
    const int role = threadIdx.x < 32 ? 0 : 1;
    const int is_producer = role == 0;
    const int lane = threadIdx.x % 32;
    if (is_producer == 0) {
        result[lane] = threadIdx.x; //~ race write-write
    }
}

// A local assigned in a loop from the counter: its value changes between
// iterations (thread 1 at i = 0 and thread 0 at i = 1 both write stage[1]).
__global__ void snapshot_of_counter(float *out, int n) {
    __shared__ float stage[128];
    for (int i = 0; i < n; i++) {
        int slot = (threadIdx.x + i) % 128;
        stage[slot] = threadIdx.x; //~ race write-write
    }
}

// A local assigned in a branch and read after it: where the branch is not
// taken it holds whatever it held before.
__global__ void snapshot_read_after_branch(float *out, int n, int k) {
    __shared__ float stage[128];
    int slot = k;
    if (n > 0) {
        slot = threadIdx.x;
    }
    stage[slot] = threadIdx.x; //~ race write-write
}
