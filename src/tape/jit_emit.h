/* jit_emit.h -- C for the double-precision Taylor jet of one tape (tape/jit_emit.c), the
 * text that the build-time generator (tools/jetgen.c, configure
 * --enable-generated-jets) and the run-time compiler (tape/jit.c) compile. */
#ifndef NHREF_TAPE_JIT_EMIT_H
#define NHREF_TAPE_JIT_EMIT_H

#include <stdio.h>

#include "nhref_tape.h"

/* the highest order of the compiled jets: the double path's (16 digits) */
#define NHREF_JIT_KMAX 20

/* nhref_jit_emit -- writes to OUT the C of TAPE's jet to order KMAX (1..64) in double:
 * static functions gen_ID (and gen_ID_fma, under `#if NHREF_GEN_FMA`, in the unrolled
 * form) of type int (tape_ws_t *ws, unsigned order), which compute what the
 * interpreter's nhref_tape_d_ode_jet computes for the workspace WS, whose series have
 * the length KMAX + 1 (tape/interp.c), for any order <= KMAX.  The text uses only the
 * names of tape/interp_core.h, as enumerators, typedefs and functions (no macro), so
 * that it compiles after that header or after its preprocessed text.
 * The form: unrolled (*UNROLLED = 1; *TERMS: the terms of sums written out) when every
 * operation of the tape's program has a written-out recurrence and the sums stay
 * within a budget; otherwise the loop form (*UNROLLED = 0): the interpreter's jet_op
 * with constant arguments.  tools/jetgen.c's header comment explains both.
 * Returns NHREF_OK; NHREF_ETAPE if TAPE has a build error or an operation the
 * interpreter does not know, or KMAX is out of range; NHREF_ENOMEM (OUT then holds part
 * of the text); NHREF_EIO if writing to OUT failed.
 * Cost: linear in the text written -- the unrolled form of a model with N terms of sums
 * is about 40 N bytes. */
int nhref_jit_emit(FILE *out, const nhref_tape_t *tape, const char *id, unsigned kmax,
                   int *unrolled, unsigned long *terms);

/* nhref_jit_unrolled_form -- 1 if nhref_jit_emit writes TAPE's jet to order KMAX in the
 * unrolled form (and nhref_jit_emit_lanes writes it at all), else 0 (also for a tape with
 * a build error, KMAX out of range, or memory short).  Cost: one program build. */
int nhref_jit_unrolled_form(const nhref_tape_t *tape, unsigned kmax);

/* nhref_jit_lanes0_form -- 1 if nhref_jit_emit_lanes writes TAPE's order 0 too (gen_ID_v0),
 * else 0.  Cost: one program build. */
int nhref_jit_lanes0_form(const nhref_tape_t *tape);

/* nhref_jit_emit_lanes -- writes to OUT the C of TAPE's jet to order KMAX (1..64) in
 * four lanes of doubles, for the batch mode (nhref_batch.h): the typedef jit_v (four
 * doubles, GCC's vector extension, aligned to 16 bytes as num/num_v.h's number), and
 * static functions gen_ID_v (and gen_ID_v_fma, under `#if NHREF_GEN_FMA`, for a CPU
 * with AVX and FMA) of type int (jit_v *c, jit_v *d, unsigned order), which compute the
 * orders 1 .. ORDER - 1 of the unrolled form of nhref_jit_emit on the series C (the
 * coefficients of a workspace of the four-lane interpreter, whose series have the
 * length KMAX + 1) and D (its series j u_j of the SIN nodes), once order 0 and the
 * states' coefficients of order 1 are there; lane l of every coefficient is, bit for
 * bit, what the double jet (the generic or the FMA variant) computes on lane l's
 * values.  They return 0, or 1 if a state's coefficient is not finite in some lane.
 * Where every operation has a four-lane order 0 (all those of the unrolled form but
 * POWI), also gen_ID_v0 (and gen_ID_v0_fma), of the same type, which computes order 0
 * first (the kernels' operations lane by lane, libm's exp, sin, cos and sqrt) and the
 * states' coefficients of order 1, then the orders above; it returns 1 also if a
 * value of order 0 is not finite in some lane (stricter than the interpreter).
 * The text needs no header.
 * Returns NHREF_OK; NHREF_ETAPE if the tape has no unrolled form (then nothing is
 * written; the lanes are interpreted), has a build error, or KMAX is out of range;
 * NHREF_ENOMEM; NHREF_EIO.
 * Cost: linear in the text written, about 40 bytes per term as nhref_jit_emit. */
int nhref_jit_emit_lanes(FILE *out, const nhref_tape_t *tape, const char *id, unsigned kmax);

#endif
