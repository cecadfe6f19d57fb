// expect-verdict: racy
//--blockDim=64 --gridDim=8 --adversarial-abstraction

// Under `--adversarial-abstraction` two threads' reads of `flag[0]` may
// return different values, so the threads of one block may take both arms
// of an `if` on the value read.
__global__ void read_condition_arms(const int *flag, int *out) {
    __shared__ int s[64];
    int f = flag[0];
    if (f != 0) {
        s[threadIdx.x] = 1; //~ race write-read
    } else {
        out[blockIdx.x * 64 + threadIdx.x] = s[(threadIdx.x + 1) % 64]; //~ race read-write
    }
}
