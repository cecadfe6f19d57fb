// expect-verdict: racy
//--blockDim=64 --gridDim=1
// Both threads store the value 1, but thread 0 stores the whole int (bytes
// 00 00 00 01 little-endian: byte 1 gets 0) and thread 1 only byte 1 (gets 1):
// the result depends on the order, so the race is not benign.

__global__ void mixed_width_flag(int *out) {
    __shared__ int flag[1];
    if (threadIdx.x == 0) {
        flag[0] = 1; //~ race write-write
    }
    if (threadIdx.x == 1) {
        ((char *)flag)[1] = 1; //~ race write-write
    }
    __syncthreads();
    out[threadIdx.x] = flag[0];
}
