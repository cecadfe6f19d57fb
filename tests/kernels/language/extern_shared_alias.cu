// expect-verdict: racy
//--blockDim=64 --gridDim=1
// Every `extern __shared__` declaration names the same dynamic shared
// memory, whatever its element type and wherever it is declared: the store
// through `words` and the load through `bytes` (another thread's word) race,
// as do the store in `fill` and the one through `words`.

extern __shared__ unsigned char bytes[];

__device__ void fill(int i) {
    extern __shared__ int inner[];
    inner[i] = 2 * i; //~ race write-write
}

__global__ void aliased(int *out) {
    extern __shared__ int words[];
    words[threadIdx.x] = threadIdx.x; //~ race write-read, race write-write
    out[threadIdx.x] = bytes[4 * ((threadIdx.x + 1) % 64)]; //~ race read-write
    fill(threadIdx.x + 1);
}
