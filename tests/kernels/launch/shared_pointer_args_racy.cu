// expect-verdict: racy
// As shared_pointer_args.cu, but a launch passes one allocation to two
// pointer parameters (directly, through a cast, or through two launches that
// share a parameter): the distinct-parameters assumption does not hold, the
// parameters are one array. `copy_twice`: `dst[t] = a + 1` changes `src[t]`,
// so every thread writes `out[0]`. `shift`: in place, thread i reads
// element i + 1, which thread i + 1 writes. `chain`: the first launch makes
// `p` and `q` one array, the second `q` and `r`: `p[t]` and `r[t + 1]` meet.
__global__ void copy_twice(const int *src, int *dst, int *out) {
    int t = threadIdx.x;
    int a = src[t];
    dst[t] = a + 1;
    int b = src[t];
    if (b != a) {
        out[0] = t; //~ race write-write
    }
}

__global__ void shift(const float *in, float *res, int n) {
    int i = blockIdx.x * blockDim.x + threadIdx.x;
    if (i + 1 < n) {
        res[i] = in[i + 1]; //~ race read-write
    }
}

__global__ void chain(int *p, int *q, const int *r) {
    int t = threadIdx.x;
    p[t] = r[t + 1]; //~ race read-write, race read-write
    q[t] = 0;
}

int main() {
    int *x, *y, *o;
    float *f;
    cudaMalloc(&x, 1024);
    cudaMalloc(&y, 1024);
    cudaMalloc(&o, 4);
    cudaMalloc(&f, 4096);
    copy_twice<<<1, 64>>>(x, y, o);
    copy_twice<<<1, 64>>>((const int *)x, x, o);
    shift<<<4, 256>>>(f, f, 1024);
    chain<<<1, 32>>>(x, x, y);
    chain<<<1, 32>>>(o, y, y);
    return 0;
}
