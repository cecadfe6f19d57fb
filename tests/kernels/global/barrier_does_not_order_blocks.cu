// expect-verdict: racy
//--blockDim=128 --gridDim=16
// __syncthreads orders the threads of one block only: reading the next
// block's slice races with that block's writes.

__global__ void peek_next_block(int *data, int *out) {
    unsigned gid = blockIdx.x * blockDim.x + threadIdx.x;
    data[gid] = (int)gid;
    __syncthreads();
    out[gid] = data[gid + blockDim.x]; //~ race read-write
}
