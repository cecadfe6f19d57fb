#define BINS 64
