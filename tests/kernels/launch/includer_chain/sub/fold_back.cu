// expect-verdict: racy
// The kernel file is included by ../back_run.cpp, which launches it with
// WG threads (256 when compiled on its own); sub/back_main.cpp, in this
// folder, defines WG as 512 and includes ../back_run.cpp, naming no kernel
// itself: that program's threads 0 and 256 both write s[0].

__global__ void fold_back(float *d) {
    __shared__ float s[256];
    s[threadIdx.x % 256] = d[threadIdx.x]; //~ race write-write
    __syncthreads();
    d[threadIdx.x] = s[threadIdx.x % 256];
}
