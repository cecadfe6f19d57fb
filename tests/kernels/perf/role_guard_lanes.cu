// expect-verdict: race-free
//--blockDim=[64] --gridDim=[16]
// Producer/consumer roles chosen by a select on the thread id (`role =
// threadIdx.x < 32 ? producer : consumer`): the test `role == producer` is
// `threadIdx.x < 32`, under which the lane `threadIdx.x % 32` is the thread
// id itself (and `threadIdx.x - 32` for the consumers). Locals assigned once
// in a branch and read only after that assignment (a copy's snapshot of the
// lane) are their assigned value. Every pair is decided without the solver.

enum Role { producer = 0, consumer = 1 };

__global__ void roles_by_select(float *out, const float *in) {
    __shared__ float stage[32];
    __shared__ float result[32];
    const Role role = threadIdx.x < 32 ? producer : consumer;
    const int lane = threadIdx.x % 32;
    if (role == producer) {
        stage[lane] = in[blockIdx.x * 32 + lane];
    } else {
        result[lane] = 2.0f;
    }
    __syncthreads();
    if (role != producer) {
        result[lane] += stage[31 - lane];
        out[blockIdx.x * 32 + lane] = result[lane];
    }
}

// The role through a second local (`is_producer = role == producer`), as
// the pipeline lowering does, and a snapshot of the lane inside the branch.
__global__ void roles_through_flag(float *out, const float *in) {
    __shared__ float stage[2][32];
    const int role = threadIdx.x < 32 ? 0 : 1;
    const int is_producer = role == 0;
    const int lane = threadIdx.x % 32;
    if (is_producer != 0) {
        int slot = lane;
        stage[0][slot] = in[lane];
        stage[1][slot] = in[32 + lane];
    }
    __syncthreads();
    if (is_producer == 0) {
        out[blockIdx.x * 32 + lane] = stage[0][lane] + stage[1][lane];
    }
}
