// A program compiling ctx_fold_racy.cu with the default M.
#include "ctx_fold_racy.cu"
void run_fold_racy_a(float *d) { run_fold_racy(d); }
