/* tape_num.h -- the tape interpreter's workspace in the number type being compiled
 * (include after num/num.h, in a source compiled once per type with NHREF_NUM;
 * private, not installed).  Every name here is per type (NUM_IN: _mp, _d, _arb) and
 * hidden from the library's users; the public per-type interpreter is nhref_tape.h
 * (MPFR, double) and nhref_arb.h (Arb). */
#ifndef NHREF_TAPE_TAPE_NUM_H
#define NHREF_TAPE_TAPE_NUM_H

#include "num/num.h"

#include "nhref_tape.h"
#if NHREF_NUM == NHREF_NUM_ARB
#include "nhref_arb.h"
#endif

/* the tape workspace of this type: struct nhref_tape_mp, nhref_tape_d, nhref_tape_arb */
#define NUM_TAPE_STRUCT NHREF_CAT(nhref_tape_, NUM_TAPE_INFIX)
typedef struct NUM_TAPE_STRUCT tape_ws_t;

/* NUM_IN(nhref_tape_new_interpreted) -- NUM_TAPE_FN(new) without the generated jets:
 * the interpreter for every tape (the reference the generated jets are tested
 * against).  NUM_IN(nhref_tape_generated) -- the model whose generated jet WS uses, or
 * NULL (interpreted).  NUM_IN(nhref_tape_have_gen) -- nonzero if this type has
 * generated jets (double, unless configured without). */
/* nhref_tape_new_interpreted_mp, nhref_tape_new_interpreted_d, nhref_tape_new_interpreted_arb */
int NUM_IN(nhref_tape_new_interpreted)(tape_ws_t **ws, const nhref_tape_t *tape, long prec,
                                       unsigned order);
/* nhref_tape_generated_mp, nhref_tape_generated_d, nhref_tape_generated_arb */
const char *NUM_IN(nhref_tape_generated)(const tape_ws_t *ws);
/* nhref_tape_have_gen_mp, nhref_tape_have_gen_d, nhref_tape_have_gen_arb */
int NUM_IN(nhref_tape_have_gen)(void);

/* NUM_IN(nhref_tape_gen_fma) -- which variant of the generated jets the workspaces made
 * from now on by the calling thread use (a test hook, for tests/check_tape.c only; the
 * setting is per thread): ON -1 the default (the FMA variant
 * where the CPU has FMA: fused multiply-adds in the sums, other last bits than the
 * interpreter), 0 the generic one (the interpreter's values, bit for bit), 1 the FMA
 * variant where the CPU has it.  Returns 1 if this build has FMA variants (double,
 * x86-64, GCC or Clang, generated jets) and this CPU can run them, else 0. */
/* nhref_tape_gen_fma_mp, nhref_tape_gen_fma_d, nhref_tape_gen_fma_arb */
int NUM_IN(nhref_tape_gen_fma)(int on);

#endif /* NHREF_TAPE_TAPE_NUM_H */
