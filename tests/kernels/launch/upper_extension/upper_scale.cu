// expect-verdict: racy
// main.CPP (an upper-case C++ extension) launches this kernel with 512
// threads; this file launches it with 256: threads 0 and 256 write s[0].

__global__ void upper_scale(float *d) {
    __shared__ float s[256];
    s[threadIdx.x % 256] = d[threadIdx.x]; //~ race write-write
    __syncthreads();
    d[threadIdx.x] = s[threadIdx.x % 256];
}

void run_upper(float *d) { upper_scale<<<1, 256>>>(d); }
