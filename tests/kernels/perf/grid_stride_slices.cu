// expect-verdict: race-free
// A grid-stride loop over n elements moving slices of one buffer of 12 * n
// values (slice k holds elements k*n .. k*n + n - 1) and updating six
// slices of another, in place: each element of each slice is one counter
// value's, so no two threads touch the same element. Hundreds of pairs,
// most of their queries the same facts of one scenario with different
// goals (check/sdv.rs, `decided_incrementally`).

__global__ void shift_slices(float *acc, float *stage, const size_t n, const float step,
                             const float limit) {
  for (size_t i = (size_t)blockIdx.x * blockDim.x + threadIdx.x; i < n;
       i += blockDim.x * gridDim.x) {
    stage[i] = stage[i + 3 * n];
    stage[i + n] = stage[i + 4 * n];
    stage[i + 2 * n] = stage[i + 5 * n];
    stage[i + 3 * n] = 0.5f * (stage[i + 6 * n] + stage[i + 7 * n]);
    stage[i + 4 * n] = 0.5f * (stage[i + 8 * n] + stage[i + 9 * n]);
    stage[i + 5 * n] = 0.5f * (stage[i + 10 * n] + stage[i + 11 * n]);

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
