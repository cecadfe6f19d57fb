// expect-verdict: racy
//--blockDim=64 --gridDim=8
// The twin of host_syntax.cu: the host code still does not parse, and the
// kernel's race is still found.

struct Domain {
    float x;
};
typedef float &(Domain::*DomainMember)(int);

__global__ void scale(float *out, const float *in, int n) {
    int i = blockIdx.x * blockDim.x + threadIdx.x;
    if (i < n) {
        out[i / 2] = 2.0f * in[i]; //~ race write-write
    }
}

int main() {
    float gamma[32] __attribute__((__aligned__(64)));
    int **grid = new int*[16];
    gamma[0] = 1.0f;
    delete[] grid;
    return 0;
}
