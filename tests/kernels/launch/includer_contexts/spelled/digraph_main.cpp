// A program including digraph_scale.cu with 512 threads.
#define WG 512
%:include "digraph_scale.cu"
int main() {
    float *d;
    cudaMalloc(&d, 4096);
    run_digraph(d);
    return 0;
}
