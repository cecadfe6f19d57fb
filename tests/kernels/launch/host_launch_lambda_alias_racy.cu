// expect-verdict: racy
// Review finding on 83e3979: the grid is computed from the captured `cols`,
// then the same thread overwrites `cols` through the pointer `pc` that
// escaped before the lambda was made (`cudaMemcpy` writes through its
// pointer argument), and the kernel gets the new value:
// `gridDim.x = (cols - 2) / blockDim.x` is false at this launch (old cols
// 18: one block of 16 threads; new cols 3: threads 0 and 1 both write a[1]).

#include <thread>

__global__ void la_alias(int *a, int cols) {
    int i = blockIdx.x * blockDim.x + threadIdx.x;
    a[i] = i; //~ race write-write
    if (i == 0)
        a[cols - 2] = -1; //~ race write-write
}

void read_size(int &cols);

int main() {
    int cols;
    read_size(cols);
    int *pc = &cols;
    int *a, *d_c;
    cudaMalloc(&a, 4096);
    cudaMalloc(&d_c, 4);
    std::thread proxy([&]() {
        int threads = 16;
        dim3 grid((cols - 2) / threads);
        cudaMemcpy(pc, d_c, sizeof(int), cudaMemcpyDeviceToHost);
        la_alias<<<grid, threads>>>(a, cols);
    });
    proxy.join();
    return 0;
}
