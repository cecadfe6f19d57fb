// expect-verdict: race-free
// A launching wrapper's parameter that the wrapper writes later still holds
// the value every call passes where it is read before every write, outside
// any loop that writes it: `block` is built from `threads` before the loop
// whose step (a comma expression) doubles it, so every launch has 256
// threads per block, which the kernel's fixed row width needs. Likewise
// `rows`, read into the grid before the loop halves it.

__global__ void fill_rows(float *d) {
    d[blockIdx.x * 256 + threadIdx.x] = (float)threadIdx.x;
}

void run_rows(float *d, int threads, int rows, int rounds) {
    dim3 block(threads);
    dim3 grid(rows);
    for (; rounds > 0; rounds--, threads *= 2, rows /= 2)
        fill_rows<<<grid, block>>>(d);
}

int main() {
    float *d;
    cudaMalloc(&d, 64 * 256 * sizeof(float));
    run_rows(d, 256, 64, 3);
    return 0;
}
