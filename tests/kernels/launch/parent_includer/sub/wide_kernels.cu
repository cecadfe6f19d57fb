// expect-verdict: racy
// Two files include this one: sub/narrow.cpp launches 256 threads, and
// ../wide.cpp, in the parent folder, 512: threads 0 and 256 write s[0].
// With two includers the file is checked on its own, and the launches of
// an includer in the parent folder count as those of the folder's files.

__global__ void mirror_wide(float *d) {
    __shared__ float s[256];
    s[threadIdx.x % 256] = d[threadIdx.x]; //~ race write-write
    __syncthreads();
    d[threadIdx.x] = s[threadIdx.x % 256];
}
