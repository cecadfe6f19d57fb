// Not CUDA: the parser reports a syntax error (severity error).
__global__ void broken(int *p) { p[threadIdx.x] = ; }
