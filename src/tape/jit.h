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

/* the four-lane orders of a jet compiled at run time (tape/jit_emit.h,
 * nhref_jit_emit_lanes): orders 1 .. ORDER - 1 on the series C and DU of a workspace of
 * the four-lane interpreter (num/num_v.h, series of length NHREF_JIT_KMAX + 1); 0, or 1
 * if a state coefficient is not finite in some lane */
typedef int (*nhref_jit_lanes_fn)(void *c, void *du, unsigned order);

/* nhref_jit_find_lanes -- the compiled four-lane orders of TAPE's jet, the FMA variant if
 * FMA (the one the double workspaces use: nhref_tape_gen_fma_active_d) and the object has
 * it, else the generic one; NULL when they are interpreted: a tape without the unrolled
 * form (silently), NHREF_JIT=0, or a failed compilation (one warning per process).  The
 * first use of a tape compiles it into the cache, as the double jets
 * (nhref_jit_find_d); later lookups in the process cost a fingerprint.  *ALL (when ALL
 * is not NULL): the same variant's function that computes order 0 too (and the states'
 * order 1) and returns 1 also if a value of order 0 is not finite in some lane, or NULL
 * when the tape has an operation without a four-lane order 0. */
nhref_jit_lanes_fn nhref_jit_find_lanes(const nhref_tape_t *tape, int fma, nhref_jit_lanes_fn *all);

/* nhref_jit_compiled_unrolled -- 1 if TAPE's double jet is compiled, in the unrolled form
 * (whose FMA variant rounds otherwise than the interpreter), else 0.  May compile it
 * (nhref_jit_find_d). */
int nhref_jit_compiled_unrolled(const nhref_tape_t *tape);

/* nhref_tape_gen_fma_active_d -- 1 if the double workspaces made now by this thread run
 * the FMA variant of a compiled jet (a CPU with FMA, and no nhref_tape_gen_fma_d(0)),
 * else 0 (tape/interp.c) */
int nhref_tape_gen_fma_active_d(void);

#endif
