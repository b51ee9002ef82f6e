/* jit_prelude.c -- the prelude of every jet compiled at run time (tape/jit.c): the
 * interpreter's double workspace and kernels (tape/interp_core.h), preprocessed at
 * build time into one self-contained text (src/Makefile.am: jit_prelude.i, then the
 * string of jit_prelude_text.c), so that compiling a jet needs no header of nhref,
 * MPFR or Arb, and uses exactly the structures of the library that compiled it. */
#define NHREF_NUM 1 /* double (num/num.h) */
#include "tape/interp_core.h"
