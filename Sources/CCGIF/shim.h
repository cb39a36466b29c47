#ifndef CADENCE_CCGIF_SHIM_H
#define CADENCE_CCGIF_SHIM_H

// cgif (Debian's libcgif-dev, MIT): the GIF encoder behind `--clip PATH.gif`.
#include <cgif.h>

#endif
