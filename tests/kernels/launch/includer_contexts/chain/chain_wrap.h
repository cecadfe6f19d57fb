// Includes both kernel files of the chain.
#include "chain_fold.cu"
#include "chain_fold_racy.cu"
