/* jit.h -- the cache of the double jets compiled at run time (tape/jit_cache.c), for
 * the compiler (tape/jit.c); the public side is nhref_jit.h. */
#ifndef NHREF_TAPE_JIT_H
#define NHREF_TAPE_JIT_H

#include "nhref_jit.h"

/* a cache entry's name: 64 hexadecimal digits (the SHA-256 key) and a suffix */
#define NHREF_JIT_KEY_HEX 64

/* nhref_jit_cache_mkdir -- creates DIR and its missing parents (mode 0700); 0 or -1
 * (errno) */
int nhref_jit_cache_mkdir(const char *dir);

/* nhref_jit_cache_prune -- removes the least recently used objects (file times: a
 * loaded object is touched) until DIR's objects fit in $NHREF_CACHE_MAX, never KEEP
 * (a file name); also the leftovers of compilations interrupted more than a day ago */
void nhref_jit_cache_prune(const char *dir, const char *keep);

/* nhref_jit_quiet -- nonzero if NHREF_JIT_QUIET asks for no "compiling" line */
int nhref_jit_quiet(void);

#endif
