// expect-verdict: racy
// An external kernel that no file of this folder launches (local.cu's
// launch is of its own kernel of the same name, in an anonymous namespace):
// its launch is unknown, and with a symbolic width two threads write the same
// element.

__global__ void shifted(int *out, int w) {
    __shared__ int s[512];
    s[threadIdx.x] = 1; //~ race write-write
    s[threadIdx.x + w] = 2;
    __syncthreads();
    out[threadIdx.x] = s[threadIdx.x]; //~ race write-write
}
