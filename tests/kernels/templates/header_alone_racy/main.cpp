// The program: includes kern.cuh and instantiates its template (a .cpp
// file, so the fixture run checks the header, not this file).
#include "kern.cuh"

int main() {
  float *f;
  double *d;
  fill_wide<float><<<4, 64>>>(f);
  fill_wide<double><<<4, 64>>>(d);
}
