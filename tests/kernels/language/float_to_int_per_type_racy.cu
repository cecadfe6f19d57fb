// expect-verdict: racy
//--blockDim=64 --gridDim=1
// The range of `(unsigned char)f`, evaluated only where it is defined,
// says nothing of `(int)f`: x = {300, 0} makes threads 0 and 1 both write
// out[300]. (Reported by the session-6 soundness review.)

__global__ void f2i_uchar(const float *x, int *out, unsigned char *img) {
    float f = x[threadIdx.x];
    if (f >= 0.0f && f < 256.0f)
        img[threadIdx.x] = (unsigned char)f;
    int i = (int)f;
    out[i + 300 * threadIdx.x] = threadIdx.x; //~ race write-write
}
