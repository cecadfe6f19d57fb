// expect-verdict: racy
// Racy twin of host_constant_mask.cu: the second offset is one element too
// far, into the next pair of the neighbouring thread. The original:
// A radix-2 butterfly pass whose stride every launch passes as one constant
// (a power of two): the parameter is that constant in the encoding, so
// `pos & (stride - 1)` is a remainder by a constant (linear arithmetic)
// instead of a bit-vector `and` of two unknowns, and the pairs are decided
// (the base checker ran out of its budget on them).

__global__ void butterfly_pass_offset_racy(float *__restrict__ out, const float *__restrict__ in, int stride)
{
    const int pos = blockIdx.x * blockDim.x + threadIdx.x;
    int lo = pos & (stride - 1);
    int i0 = ((pos - lo) << 1) + lo;
    int i1 = i0 + stride + 1;
    float d0 = in[i0]; //~ race read-write
    float d1 = in[i1]; //~ race read-write
    out[i0] = d0 + d1; //~ race write-read, race write-write
    out[i1] = d0 - d1; //~ race write-read, race write-write
}

void run(float *d)
{
    butterfly_pass_offset_racy<<<4096, 256>>>(d, d, 512);
}
