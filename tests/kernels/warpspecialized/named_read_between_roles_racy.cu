// expect-verdict: racy
//--blockDim=96 --gridDim=1
// One read statement, two values without a race: warp 1 reads s[0] before
// named barrier 1 lets warp 2 write it, and warp 0 reads it after named
// barrier 2. So `x` differs between warps 0 and 1, and threads 31 and 32 both
// write s2[32]. (Reads of one address are not uniform in a kernel with named
// barriers.)

__global__ void two_readings(int *out) {
    __shared__ int s[4];
    __shared__ int s2[128];
    int w = threadIdx.x / 32;
    if (threadIdx.x == 0)
        s[0] = 0;
    __syncthreads();
    if (w == 2) {
        asm volatile("bar.sync 1, 64;");
        if (threadIdx.x == 64)
            s[0] = 1;
        asm volatile("bar.sync 3, 32;");
        asm volatile("bar.arrive 2, 64;");
    }
    if (w == 0)
        asm volatile("bar.sync 2, 64;");
    int x = s[0];
    if (w == 1)
        asm volatile("bar.arrive 1, 64;");
    s2[threadIdx.x + x] = threadIdx.x; //~ race write-write
    __syncthreads();
    out[threadIdx.x] = s2[threadIdx.x];
}
