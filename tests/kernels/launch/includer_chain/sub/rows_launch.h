// Launches rows_header.cu's kernel with WG threads, 256 unless defined.
#include "rows_header.cu"
#ifndef WG
#define WG 256
#endif

inline void run_rows(float *d) { rows_header<<<1, WG>>>(d); }
