// expect-verdict: racy
// The wrapper's one call here passes 32 threads, but another unit of the
// program (wide.cpp) includes impl.icc, which includes ../lib/calls.h (any
// extension, any folder reached by a quoted include), where it is called
// with 64: threads 0 and 32 both write slot[0].

__global__ void fill_slots(int *out) {
    __shared__ int slot[32];
    slot[threadIdx.x % 32] = threadIdx.x; //~ race write-write
    __syncthreads();
    out[threadIdx.x] = slot[threadIdx.x % 32];
}

void run_slots(int *d, int threads) { fill_slots<<<1, threads>>>(d); }

int main() {
    int *d;
    cudaMalloc(&d, 64 * sizeof(int));
    run_slots(d, 32);
    return 0;
}
