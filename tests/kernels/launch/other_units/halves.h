// The wrappers the units of the program share: declarations only.
#pragma once
void halves_entry(float *d, unsigned int n);
void sort_pass(float *d, unsigned int n);
void halves_entry_disagree(float *d, unsigned int n);
void sort_pass_disagree(float *d, unsigned int n);
void halves_entry_pointer(float *d, unsigned int n);
void halves_entry_unknown(float *d, unsigned int n);
void halves_entry_pasted(float *d, unsigned int n);
