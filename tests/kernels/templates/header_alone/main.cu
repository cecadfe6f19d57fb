// expect-verdict: race-free
// The translation unit that includes kern.cuh and instantiates its template.
#include "kern.cuh"

int main() {
  float *f;
  double *d;
  fill_own<float><<<4, 64>>>(f);
  fill_own<double><<<4, 64>>>(d);
}
