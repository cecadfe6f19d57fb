// Declares and launches the kernels of this folder through token pasting.
#define DECL(name) __global__ void name##_kernel(float *d);
#define LAUNCH(name, n, d) name##_kernel<<<1, n>>>(d)
DECL(paste_scale)
DECL(paste_wide)
int main() {
    float *d;
    cudaMalloc(&d, 4096);
    LAUNCH(paste_scale, 256, d);
    LAUNCH(paste_wide, 512, d);
    return 0;
}
