/* nhref_jit.h -- the double jets compiled at run time, and their cache.
 *
 * The double-precision Taylor jet of a tape (a built-in model's right-hand side, a model
 * file's, a variational system's) runs either through the tape interpreter or as C
 * written for that one tape and compiled, in the manner of heyoka's LLVM JIT and of
 * Jorba and Zou's `taylor' translator.  nhref writes the C (the unrolled or the loop form,
 * tools/jetgen.c's header comment describes both), compiles it with the system C compiler
 * into a shared object the first time a tape of that structure is integrated in double,
 * and keeps the object in a cache directory, keyed by the SHA-256 of the text (which
 * holds the structure of the tape, not its parameter values), the compiler command and
 * nhref's version.  Later runs, in this process or another, load it at once.
 *
 * The compiled jets give the interpreter's values bit for bit (the generic variant); on
 * an x86-64 CPU with fused multiply-add, the unrolled form runs an FMA variant whose
 * sums round differently in the last bits (as the build-time jets did; docs/fast.md).
 * When no compiler can be run, or NHREF_JIT=0, the interpreter runs instead: the same
 * values, 2.5 to 3.6 times the instructions.
 *
 * Environment:
 *   NHREF_JIT=0          never compile (also "off", "no"): interpreted jets;
 *   NHREF_CC             the compiler command (default: the C compiler nhref was built
 *                        with, nhref_jit_compiler()); it is run as
 *                        CC -O2 -fPIC -shared -ffp-contract=off -w -o OUT.so IN.c -lm;
 *   NHREF_CACHE_DIR      the cache directory (default $XDG_CACHE_HOME/nhref, else
 *                        $HOME/.cache/nhref), created with mode 0700 on first use;
 *   NHREF_CACHE_MAX      its size bound in bytes, with an optional K, M or G suffix
 *                        (default 256M): after each compilation the least recently used
 *                        objects are removed until the cache fits;
 *   NHREF_JIT_QUIET=1    no "compiling ..." line on stderr.
 * Concurrent processes (a sweep's workers) share the cache: one compiles a given jet
 * while the others wait on its lock file, and every object appears by an atomic rename.
 */
#ifndef NHREF_JIT_H
#define NHREF_JIT_H

#include <stddef.h>

#include "nhref_status.h"
#include "nhref_tape.h"

NHREF_BEGIN_DECLS

/* nhref_jit_enabled -- 1 if double jets are compiled at run time (the library was built
 * with the run-time compiler, configure's default, and NHREF_JIT does not say 0), else 0.
 * Cost: one getenv. */
int nhref_jit_enabled(void);

/* nhref_jit_compiler -- the compiler command the jets are compiled with: $NHREF_CC, or
 * the one configure found.  A static string; never NULL. */
const char *nhref_jit_compiler(void);

/* nhref_jit_cache_dir -- the cache directory (not created here): $NHREF_CACHE_DIR, else
 * $XDG_CACHE_HOME/nhref, else $HOME/.cache/nhref.  *DIR is malloc'ed (free it).
 * Returns NHREF_OK; NHREF_EINVAL if none of the three variables is set (*DIR = NULL);
 * NHREF_ENOMEM. */
int nhref_jit_cache_dir(char **dir);

/* nhref_jit_cache_stat -- the compiled jets in the cache: *ENTRIES objects of *BYTES
 * bytes in all (0 and 0 when the directory does not exist).  Returns NHREF_OK,
 * NHREF_EINVAL (no directory, see nhref_jit_cache_dir), NHREF_ENOMEM or NHREF_EIO (the
 * directory cannot be read).  Cost: one pass over the directory. */
int nhref_jit_cache_stat(size_t *entries, unsigned long long *bytes);

/* nhref_jit_cache_clear -- removes every file nhref wrote in the cache (compiled jets,
 * their lock files, leftovers of interrupted compilations: names of 64 hexadecimal
 * digits and a suffix) and nothing else; *REMOVED: how many (may be NULL).  Objects that
 * running processes have loaded stay valid in them.  Returns NHREF_OK (also when the
 * directory does not exist), NHREF_EINVAL, NHREF_ENOMEM or NHREF_EIO (a file could not be
 * removed; the others are). */
int nhref_jit_cache_clear(size_t *removed);

/* nhref_tape_d_compiled -- 1 if the double workspace WS runs a compiled jet (made by
 * nhref_tape_d_new for jets of order 1..20, with run-time compilation on, or a jet
 * generated at build time), 0 if it is interpreted.  Cost: O(1). */
int nhref_tape_d_compiled(const nhref_tape_d_t *ws);

/* nhref_jit_batch_compiled -- compiles now (or finds in the cache) the four-lane jets of
 * TAPE that nhref_integrate_batch_d runs (nhref_batch.h), e.g. before a sweep's workers
 * start.  Returns 1 if they are compiled; 0 if TAPE's jet has no four-lane compiled form
 * (a tape of the loop form: the batch interprets its lanes, whose values are then the
 * double jet's bit for bit); -1 if compiled jets are off (NHREF_JIT=0, configure
 * --disable-jit) or the compilation failed (one warning on stderr, naming the reason).
 * Cost: on first use a compilation (about what the double jet's takes); then a lookup. */
int nhref_jit_batch_compiled(const nhref_tape_t *tape);

NHREF_END_DECLS

#endif
