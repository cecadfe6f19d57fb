// expect-verdict: racy
// angle_launch.h launches this kernel with WG threads (256 by default);
// angle_main.cpp defines WG as 512 and includes it as <angle_launch.h>
// (found next to it, as through -I), an include the host pass does not
// read, and never
// names the kernel: its launch is unknown, threads 0 and 256 write s[0]
// and blocks beyond the first write d[0..] again.

__global__ void angle_rows(float *d) {
    __shared__ float s[256];
    s[threadIdx.x % 256] = d[threadIdx.x]; //~ race write-write, race read-write
    __syncthreads();
    d[threadIdx.x] = s[threadIdx.x % 256]; //~ race write-write
}
