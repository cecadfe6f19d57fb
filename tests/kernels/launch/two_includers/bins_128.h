#define BINS 128
