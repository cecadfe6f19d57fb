// expect-verdict: racy
// Twins of wrapper_param_written_later.cu where a write of the parameter
// may run before the read: before it in the body (the block has 512
// threads), in a loop around the read (the second round has 512), or with
// a `goto` that jumps back over the write. Each launch writes rows of 256
// elements with more than 256 threads per block: rows overlap.

__global__ void before_read(float *d) {
    d[blockIdx.x * 256 + threadIdx.x] = (float)threadIdx.x; //~ race write-write
}
__global__ void in_loop(float *d) {
    d[blockIdx.x * 256 + threadIdx.x] = (float)threadIdx.x; //~ race write-write
}
__global__ void jumped_back(float *d) {
    d[blockIdx.x * 256 + threadIdx.x] = (float)threadIdx.x; //~ race write-write
}

void run_before(float *d, int threads) {
    threads *= 2;
    dim3 block(threads);
    before_read<<<64, block>>>(d);
}

void run_in_loop(float *d, int threads, int rounds) {
    for (; rounds > 0; rounds--) {
        dim3 block(threads);
        in_loop<<<64, block>>>(d);
        threads *= 2;
    }
}

void run_jumped(float *d, int threads, int rounds) {
again:
    dim3 block(threads);
    jumped_back<<<64, block>>>(d);
    threads *= 2;
    if (--rounds > 0)
        goto again;
}

int main() {
    float *d;
    cudaMalloc(&d, 128 * 256 * sizeof(float));
    run_before(d, 256);
    run_in_loop(d, 256, 2);
    run_jumped(d, 256, 2);
    return 0;
}
