// expect-verdict: racy
// This file launches paste_wide_kernel with 256 threads (race-free), but
// paste_main.cpp launches it too, through `LAUNCH(paste_wide, 512, d)`,
// which pastes `name##_kernel` (the name never appears there): 512 threads,
// and threads 0 and 256 write s[0].
__global__ void paste_wide_kernel(float *d) {
    __shared__ float s[256];
    int i = blockIdx.x * blockDim.x + threadIdx.x;
    s[threadIdx.x % 256] = d[i]; //~ race write-write
    __syncthreads();
    d[i] = s[threadIdx.x % 256];
}

void run_wide_here(float *d) { paste_wide_kernel<<<1, 256>>>(d); }
