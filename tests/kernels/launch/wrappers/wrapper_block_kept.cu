// expect-verdict: race-free
// The wrapper `launch_pairs` is also called from another file of the folder
// (wrapper_caller.cpp) with a length of its own, so the length `n` is
// unknown at the launch; the block size does not depend on it and stays
// 128, which keeps the two halves of the shared pair buffer apart.

__global__ void swap_pairs(float *data, int n) {
    __shared__ float pair[256];
    int gid = blockIdx.x * blockDim.x + threadIdx.x;
    float v = gid < n ? data[gid] : 0.0f;
    pair[threadIdx.x] = v;
    pair[threadIdx.x + 128] = -v;
    __syncthreads();
    if (gid < n)
        data[gid] = pair[255 - threadIdx.x];
}

void launch_pairs(float *d, int n) {
    swap_pairs<<<(n + 127) / 128, 128>>>(d, n);
}

int main() {
    float *d;
    cudaMalloc(&d, 4096 * sizeof(float));
    launch_pairs(d, 4096);
    return 0;
}
