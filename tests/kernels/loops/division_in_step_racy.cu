// expect-verdict: racy
// The step of a loop runs only after an iteration: with `n == 0` the loop
// below never divides, so `parts == 0` is a possible execution and every
// thread then writes s[0]. (Evaluating the step at loop entry once assumed
// `parts != 0` everywhere and hid the race.)

__global__ void chunks(int *out, int n, int parts) {
    __shared__ int s[64];
    s[threadIdx.x] = 0;
    if (parts == 0)
        s[0] = threadIdx.x; //~ race write-write
    for (int i = 0; i < n; i += n / parts)
        out[blockIdx.x * blockDim.x + threadIdx.x] += i;
}
