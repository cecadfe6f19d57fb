// expect-verdict: race-free
// Twin of angle_rows.cu: angle_ok_main.cpp launches it with 256 threads and
// includes <angle_ok_util.h>, whose text holds the kernel's name only
// inside another name (rows_ok_total): that header launches nothing.

__global__ void rows_ok(float *d) {
    __shared__ float s[256];
    s[threadIdx.x % 256] = d[threadIdx.x];
    __syncthreads();
    d[threadIdx.x] = s[threadIdx.x % 256];
}
