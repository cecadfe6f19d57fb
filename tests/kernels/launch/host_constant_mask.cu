// expect-verdict: race-free
// A radix-2 butterfly pass whose stride every launch passes as one constant
// (a power of two): the parameter is that constant in the encoding, so
// `pos & (stride - 1)` is a remainder by a constant (linear arithmetic)
// instead of a bit-vector `and` of two unknowns, and the pairs are decided
// (the base checker ran out of its budget on them).

__global__ void butterfly_pass(float *__restrict__ out, const float *__restrict__ in, int stride)
{
    const int pos = blockIdx.x * blockDim.x + threadIdx.x;
    int lo = pos & (stride - 1);
    int i0 = ((pos - lo) << 1) + lo;
    int i1 = i0 + stride;
    float d0 = in[i0];
    float d1 = in[i1];
    out[i0] = d0 + d1;
    out[i1] = d0 - d1;
}

// The same pass with the stride stated by a leading precondition instead of
// a launch: the parameter is the constant too.
__global__ void butterfly_pass_required(float *__restrict__ out, const float *__restrict__ in, int stride)
{
    __requires(stride == 512);
    const int pos = blockIdx.x * blockDim.x + threadIdx.x;
    int lo = pos & (stride - 1);
    int i0 = ((pos - lo) << 1) + lo;
    int i1 = i0 + stride;
    float d0 = in[i0];
    float d1 = in[i1];
    out[i0] = d0 + d1;
    out[i1] = d0 - d1;
}

void run(float *d)
{
    butterfly_pass<<<4096, 256>>>(d, d, 512);
}
