// A program compiling ctx_fold.cu with the default M.
#include "ctx_fold.cu"
void run_fold_a(float *d) { run_fold(d); }
