// expect-verdict: racy
//--blockDim=128 --gridDim=1
// Within a known launch, ids alone are not sizes: a byte-sized slot wraps by
// the programmer's choice, and thread 64 writes s[0] as thread 0 does
// (review finding 15 on the index-arithmetic assumption).

__global__ void byte_slot(int *buf) {
    __shared__ int s[256];
    unsigned char slot = threadIdx.x * 2 + 128;
    s[slot] = threadIdx.x; //~ race write-write
    s[threadIdx.x] = 0; //~ race write-write
    __syncthreads();
    buf[threadIdx.x] = s[threadIdx.x];
}
