// expect-verdict: racy
// Near miss of grid_stride_slices.cu: one read of slice 5 is one element
// off, so counter i reads the element counter i + 1 writes (two threads of
// a launch of at least two).

__global__ void shift_slices(float *acc, float *stage, const size_t n, const float step,
                             const float limit) {
  for (size_t i = (size_t)blockIdx.x * blockDim.x + threadIdx.x; i < n;
       i += blockDim.x * gridDim.x) {
    stage[i] = stage[i + 3 * n];
    stage[i + n] = stage[i + 4 * n];
    stage[i + 2 * n] = stage[i + 5 * n + 1]; //~ race read-write
    stage[i + 3 * n] = 0.5f * (stage[i + 6 * n] + stage[i + 7 * n]);
    stage[i + 4 * n] = 0.5f * (stage[i + 8 * n] + stage[i + 9 * n]);
    stage[i + 5 * n] = 0.5f * (stage[i + 10 * n] + stage[i + 11 * n]); //~ race write-read

    acc[i] -= step * stage[i];
    acc[i + n] -= step * stage[i + n];
    acc[i + 2 * n] -= step * stage[i + 2 * n];
    acc[i + 3 * n] -= step * stage[i + 3 * n];
    acc[i + 4 * n] -= step * stage[i + 4 * n];
    acc[i + 5 * n] -= step * stage[i + 5 * n];

    float norm = sqrtf(acc[i] * acc[i] + acc[i + n] * acc[i + n] + acc[i + 2 * n] * acc[i + 2 * n] +
                       2.f * acc[i + 3 * n] * acc[i + 3 * n] + 2.f * acc[i + 4 * n] * acc[i + 4 * n] +
                       2.f * acc[i + 5 * n] * acc[i + 5 * n]);
    float scale = fmaxf(1.f, norm / limit);
    acc[i] /= scale;
    acc[i + n] /= scale;
    acc[i + 2 * n] /= scale;
    acc[i + 3 * n] /= scale;
    acc[i + 4 * n] /= scale;
    acc[i + 5 * n] /= scale;
  }
}
