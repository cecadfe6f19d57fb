// expect-verdict: racy
//--blockDim=64 --gridDim=2
// GNU statement expressions `({ ...; value; })`, as in a `max` macro with
// `__typeof__` temporaries: the value of the last statement is the index, `i / 2`.

#define MAX2(a, b) ({ __typeof__(a) _a = (a); __typeof__(b) _b = (b); _a > _b ? _a : _b; })

__global__ void clamp_low(float *out, const float *in, float floor_v) {
    int i = blockIdx.x * blockDim.x + threadIdx.x;
    float v = MAX2(in[i], floor_v);
    int j = ({ int t = i / 2; t; });
    out[j] = v; //~ race write-write
}
