// Device functions of the program, defined in slots.cu (built with -rdc).
__device__ int slot(int i);
__device__ void put(float *out, int i, float v);
