// A program compiling ctx_fold.cu with M 512.
#define M 512
#include "ctx_fold.cu"
void run_fold_b(float *d) { run_fold(d); }
