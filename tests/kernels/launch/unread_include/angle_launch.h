// Launches angle_rows.cu's kernel with WG threads, 256 unless defined.
#ifndef WG
#define WG 256
#endif
__global__ void angle_rows(float *d);
static void run_angle(float *d) { angle_rows<<<1, WG>>>(d); }
