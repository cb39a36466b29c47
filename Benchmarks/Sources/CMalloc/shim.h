#ifndef CADENCE_BENCH_CMALLOC_H
#define CADENCE_BENCH_CMALLOC_H

// glibc's heap statistics (mallinfo2), which Swift's Glibc module leaves out: it has no <malloc.h>.
#include <malloc.h>

#endif
