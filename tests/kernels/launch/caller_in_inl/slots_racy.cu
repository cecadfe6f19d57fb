// expect-verdict: racy
// The wrapper's one call here passes 32 threads, but other.inl, a file of
// the folder included by wide.cpp, calls it with 64: threads 0 and 32 both
// write slot[0]. A caller written in an included-only file (`.inl`, `.inc`,
// `.tcc`, `.tpp`, ...) is another caller like one in a `.cpp`.

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
