// A program including hash_scale.cu with 128 threads.
#define WG 128
# /* the kernels */ include "hash_scale.cu"
int main() {
    float *d;
    cudaMalloc(&d, 4096);
    run_hash(d);
    return 0;
}
