// expect-verdict: racy
// In a grid-stride loop, `i - (unsigned char)i` is 0 for i < 256 and 256 for
// 256 <= i < 512: equal modulo 256 in every thread, not equal. So `g` is 0
// or 1 and the threads with i = 255 and i = 256 both write a[255].

__global__ void groups(int *a, int n) {
    for (int i = blockIdx.x * blockDim.x + threadIdx.x; i < n; i += blockDim.x * gridDim.x) {
        int g = (i - (unsigned char)i) / 256;
        a[i - g] = i; //~ race write-write
    }
}
