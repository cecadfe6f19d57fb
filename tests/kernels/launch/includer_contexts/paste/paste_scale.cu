// expect-verdict: race-free
// paste_main.cpp declares and launches paste_scale_kernel only through
// token-pasting macros (its name never appears there): each thread writes
// its own element whatever the launch.
__global__ void paste_scale_kernel(float *d) {
    int i = blockIdx.x * blockDim.x + threadIdx.x;
    d[i] = d[i] * 2.0f;
}
