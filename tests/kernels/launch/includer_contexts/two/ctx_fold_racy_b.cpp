// A program compiling ctx_fold_racy.cu with M 128.
#define M 128
#include "ctx_fold_racy.cu"
void run_fold_racy_b(float *d) { run_fold_racy(d); }
