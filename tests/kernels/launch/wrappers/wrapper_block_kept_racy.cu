// expect-verdict: racy
// Racy twin of wrapper_block_kept.cu: the block size is the wrapper's own
// parameter, and wrapper_caller.cpp calls the wrapper with 256 threads:
// thread t + 128 then writes the slot thread t writes at `t + 128`.

__global__ void swap_pairs_threads(float *data, int n) {
    __shared__ float pair[256];
    int gid = blockIdx.x * blockDim.x + threadIdx.x;
    float v = gid < n ? data[gid] : 0.0f;
    pair[threadIdx.x] = v; //~ race write-write
    pair[threadIdx.x + 128] = -v; //~ race write-write
    __syncthreads();
    if (gid < n)
        data[gid] = pair[255 - threadIdx.x];
}

void launch_pairs_threads(float *d, int n, int threads) {
    swap_pairs_threads<<<(n + threads - 1) / threads, threads>>>(d, n);
}

int main() {
    float *d;
    cudaMalloc(&d, 4096 * sizeof(float));
    launch_pairs_threads(d, 4096, 128);
    return 0;
}
