// A device function defined in both a.cu and b.cu (two variants of the
// program share this folder): which one a build links is not known.
__device__ int slot(int i);
