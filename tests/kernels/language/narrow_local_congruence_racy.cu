// expect-verdict: racy
//--blockDim=512 --gridDim=1
// Two thread-dependent values that agree only modulo 2^8 are not equal:
// `threadIdx.x - lane` is 0 for threads 0-255 and 256 for threads 256-511,
// so `group` is 0 or 1 and threads 255 and 256 both write s[255]. (The
// thread-injectivity fast path once took "equal modulo 256" for "equal" after
// the division.)

__global__ void two_groups(int *out) {
    __shared__ int s[512];
    unsigned char lane = threadIdx.x;
    int group = (threadIdx.x - lane) / 256;
    s[threadIdx.x - group] = threadIdx.x; //~ race write-write
    __syncthreads();
    out[threadIdx.x] = s[threadIdx.x];
}
