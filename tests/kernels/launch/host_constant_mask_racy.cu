// expect-verdict: racy
// Racy twin of host_constant_mask.cu: the launch passes a stride that is no
// power of two (6), and two threads share elements. The original:
// A radix-2 butterfly pass whose stride every launch passes as one constant
// (a power of two): the parameter is that constant in the encoding, so
// `pos & (stride - 1)` is a remainder by a constant (linear arithmetic)
// instead of a bit-vector `and` of two unknowns, and the pairs are decided
// (the base checker ran out of its budget on them).

__global__ void butterfly_pass_stride_racy(float *__restrict__ out, const float *__restrict__ in, int stride)
{
    const int pos = blockIdx.x * blockDim.x + threadIdx.x;
    int lo = pos & (stride - 1);
    int i0 = ((pos - lo) << 1) + lo;
    int i1 = i0 + stride;
    float d0 = in[i0]; //~ race read-write
    float d1 = in[i1]; //~ race read-write
    out[i0] = d0 + d1; //~ race write-read, race write-write
    out[i1] = d0 - d1; //~ race write-read, race write-write
}

// The same pass with the stride stated by a leading precondition instead of
// a launch (6, no power of two): racy as well.
__global__ void butterfly_pass_required_racy(float *__restrict__ out, const float *__restrict__ in, int stride)
{
    __requires(stride == 6);
    const int pos = blockIdx.x * blockDim.x + threadIdx.x;
    int lo = pos & (stride - 1);
    int i0 = ((pos - lo) << 1) + lo;
    int i1 = i0 + stride;
    float d0 = in[i0];
    float d1 = in[i1];
    out[i0] = d0 + d1; //~ race write-write
    out[i1] = d0 - d1; //~ race write-write
}

void run(float *d)
{
    butterfly_pass_stride_racy<<<4096, 256>>>(d, d, 6);
}
