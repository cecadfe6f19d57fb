// expect-verdict: racy
//--blockDim=64
// Every thread stores through a pointer whose provenance the front end loses
// (a float read from memory, cast to an integer and then to a pointer): it
// may target any shared or global array, so two threads may store to one
// byte. The witnesses name byte offsets of `<any shared array>` that an
// array of shared memory has (not -2^62+1, the bound of the offsets'
// modelling assumption, as the solver's first model did), and the store to
// `s` meets the alias at an offset of `s`.

__global__ void provenance_lost_witness_racy(float *out) {
    __shared__ float s[64];
    int t = threadIdx.x;
    float *q = (float *)(size_t)out[t]; //~ race read-write
    s[t] = 1.0f; //~ race write-write
    q[0] = 2.0f; //~ race
    out[t] = s[63 - t]; //~ race
}
