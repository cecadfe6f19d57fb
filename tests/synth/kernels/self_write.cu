// Every thread writes the same slot with a different value: no barrier helps.
__global__ void self_write(int *out) {
    __shared__ int s[64];
    int tid = threadIdx.x;
    s[0] = tid;
    __syncthreads();
    out[tid] = s[0];
}
