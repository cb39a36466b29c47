#ifndef CADENCE_CLINUX_SHIM_H
#define CADENCE_CLINUX_SHIM_H

// Linux calls that Swift's Glibc module leaves out: it has no <malloc.h> (malloc_usable_size, which the
// tween layout test reads), and it is built without _GNU_SOURCE, so glibc's header hides pipe2, declared
// here as glibc defines it.
#include <fcntl.h>
#include <malloc.h>
#include <unistd.h>

int pipe2(int pipefd[2], int flags);

// A pipe whose two ends are closed on exec (made so atomically: a child started on another thread at any
// moment inherits neither). 0 on success, -1 with errno set.
static inline int cadence_pipe_cloexec(int fds[2]) { return pipe2(fds, O_CLOEXEC); }

#endif
