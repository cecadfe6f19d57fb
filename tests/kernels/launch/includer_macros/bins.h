// The program's sizes, included by main.cpp before the kernel file.
#define BINS 64
