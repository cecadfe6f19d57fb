// The racy twin's sizes, included by main_racy.cpp before its kernel file.
#define BINS 128
