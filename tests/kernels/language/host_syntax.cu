// expect-verdict: race-free
//--blockDim=64 --gridDim=8
// Host code that tree-sitter-cuda cannot parse (an attribute after an array
// declarator, `new T*[n]`, a pointer-to-member typedef) is not checked and
// must not mark the file: the kernel is checked as usual.

struct Domain {
    float x;
};
typedef float &(Domain::*DomainMember)(int);

__global__ void scale(float *out, const float *in, int n) {
    int i = blockIdx.x * blockDim.x + threadIdx.x;
    if (i < n) {
        out[i] = 2.0f * in[i];
    }
}

int main() {
    float gamma[32] __attribute__((__aligned__(64)));
    int **grid = new int*[16];
    gamma[0] = 1.0f;
    delete[] grid;
    return 0;
}
