// expect-verdict(fill_wide<float>): race-free
// expect-verdict(fill_wide<double>): racy
// The translation unit that includes kern.cuh and instantiates its template.
#include "kern.cuh"

int main() {
  float *f;
  double *d;
  fill_wide<float><<<4, 64>>>(f);
  fill_wide<double><<<4, 64>>>(d);
}
