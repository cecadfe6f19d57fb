// expect-verdict: racy
//--blockDim=64 --gridDim=4
// Twin of last_iteration_value.cu without the `n > 0` test: when n is 0 the
// loop does not run, `last` keeps its initial 0, and every block writes out[0].

__global__ void last_slot_unless_empty(const int *in, int *out, int n) {
    int last = 0;
    for (int r = 0; r < n; r++)
        last = r;
    if (threadIdx.x == 0)
        out[blockIdx.x * n + last] = in[blockIdx.x]; //~ race write-write
}
