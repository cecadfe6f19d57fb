// expect-verdict: racy
//--blockDim=128 --gridDim=1
// A read whose value nothing uses still races with the neighbour's store.

__global__ void shift(int *out) {
    __shared__ int s[129];
    unsigned tid = threadIdx.x;
    s[tid] = (int)tid; //~ race write-read
    int unused = s[tid + 1]; //~ race read-write
    unused = unused * 3 + 1;
    out[tid] = 0;
}
