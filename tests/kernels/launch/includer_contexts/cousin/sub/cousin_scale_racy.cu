// expect-verdict: racy
// ../cousin_run.cpp launches this kernel with WG threads (256 by default);
// ../other/cousin_main.cpp, in a sibling folder, defines WG 512 and
// includes ../cousin_run.cpp: threads 0 and 256 write s[0].
__global__ void cousin_scale_racy(float *d) {
    __shared__ float s[256];
    s[threadIdx.x % 256] = d[threadIdx.x]; //~ race write-write
    __syncthreads();
    d[threadIdx.x] = s[threadIdx.x % 256];
}
