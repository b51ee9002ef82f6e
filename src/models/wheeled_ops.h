/* wheeled_ops.h -- internal: short names for the tape builder operations, used
 * by the wheeled-vehicle model files (one_wheel.c, two_links.c, hh_*.c) so that
 * their builders read like the equations of shared/models/wheeled-vehicles.md.
 * Every macro uses the tape `tp` in scope. */
#ifndef NHREF_WHEELED_OPS_H
#define NHREF_WHEELED_OPS_H

#include "nhref_tape.h"

#define ADD(a, b) nhref_tape_add(tp, (a), (b))
#define SUB(a, b) nhref_tape_sub(tp, (a), (b))
#define MUL(a, b) nhref_tape_mul(tp, (a), (b))
#define DIV(a, b) nhref_tape_div(tp, (a), (b))
#define NEG(a) nhref_tape_neg(tp, (a))
#define SQR(a) nhref_tape_sqr(tp, (a))
#define SQRT(a) nhref_tape_sqrt(tp, (a))
#define SIN(a) nhref_tape_sin(tp, (a))
#define COS(a) nhref_tape_cos(tp, (a))
#define ATAN(a) nhref_tape_atan(tp, (a))
#define ATANH(a) nhref_tape_atanh(tp, (a))
#define CONST(s) nhref_tape_const(tp, (s))
#define STATE(i) nhref_tape_state(tp, (i))
#define PARAM(i) nhref_tape_param(tp, (i))
#define TIME() nhref_tape_time(tp)
#define OUT(i, n) nhref_tape_set_output(tp, (i), (n))

#endif /* NHREF_WHEELED_OPS_H */
