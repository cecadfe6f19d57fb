// expect-verdict: race-free
// The host code launches the stencil with dim3 block(8, 8, 4) and a grid
// computed from the size: the checker uses both, so the global indices stay
// within the grid (under a symbolic launch they could wrap around 2^32).
#define N 400

__global__ void scale3d(float *out, const float *in, int n) {
    int x = blockIdx.x * blockDim.x + threadIdx.x;
    int y = blockIdx.y * blockDim.y + threadIdx.y;
    int z = blockIdx.z * blockDim.z + threadIdx.z;
    if (x < n && y < n && z < n)
        out[(z * n + y) * n + x] = in[(z * n + y) * n + x] * 2.0f;
}

int main() {
    float *out = 0, *in = 0;
    dim3 block(8, 8, 4);
    dim3 grid((N + 7) / 8, (N + 7) / 8, N / 4);
    scale3d<<<grid, block>>>(out, in, N);
    return 0;
}
