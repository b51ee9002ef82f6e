/* servo_epb_models.h -- test-only: the generic Euler–Poincaré–Béghin (EPB) tape
 * builder and the small test models of shared/models/servoconstraints.md §2-§3
 * (not in the registry nor in libnhref; the Check suite tests/check_servo.c uses
 * them).
 *
 * The EPB equations on an n-dimensional Lie algebra with structure constants
 * [e_j, e_k] = sum_i c^i_{jk} e_i, constant inertia I (symmetric positive
 * definite), servo-constraint (a, omega) = 0 and control force lambda b are
 * (spec §2.2, paper (2.4)):
 *     K_k(omega) = sum_{i,j} c^i_{jk} (I omega)_i omega_j,
 *     lambda     = -(a, I^-1 K) / (a, I^-1 b),
 *     omega'     = I^-1 (K + lambda b).
 */
#ifndef NHREF_SERVO_EPB_MODELS_H
#define NHREF_SERVO_EPB_MODELS_H

#include <stddef.h>

#include "nhref_model.h"
#include "nhref_tape.h"

/* A Lie algebra: dimension N <= NHREF_SERVO_EPB_NMAX and structure constants
 * c[(i n + j) n + k] = c^i_{jk} (small integers). */
#define NHREF_SERVO_EPB_NMAX 4
typedef struct {
    const char *name;
    size_t n;
    const int *c;
} nhref_servo_algebra_t;

/* so(3): [e1,e2] = e3, [e2,e3] = e1, [e3,e1] = e2 (K = I omega x omega).
 * se(2), basis (e_u, e_v, e_w): [e_w,e_u] = e_v, [e_w,e_v] = -e_u, [e_u,e_v] = 0. */
extern const nhref_servo_algebra_t nhref_servo_so3, nhref_servo_se2;

/* nhref_servo_epb_build -- append the EPB right-hand side to TAPE.
 * Shapes:  I: n*n nodes (row-major, symmetric); a, b, omega: n nodes;
 *          omegadot: n nodes (output); lambda: 1 node (output, may be NULL).
 * The solves I y = K and I z = b are tape SOLVEs (nhref_tape_solve; I
 * nonsingular); I, a and b are constant, so the right-hand side is polynomial
 * in omega.  Returns the tape status (errors are sticky, see nhref_tape.h). */
int nhref_servo_epb_build(nhref_tape_t *tape, const nhref_servo_algebra_t *alg,
                          const nhref_node_t *I, const nhref_node_t *a, const nhref_node_t *b,
                          const nhref_node_t *omega, nhref_node_t *omegadot, nhref_node_t *lambda);

/* M1 on so(3) and on se(2): state omega (3), parameters I11, I12, I13, I22, I23,
 * I33, a1, a2, a3, b1, b2, b3; integrals (a, omega) (always) and T = (I omega,
 * omega)/2 (b parallel to a). */
extern const nhref_model_t nhref_model_servo_epb_so3, nhref_model_servo_epb_se2;

/* The reduced quadratic systems Q1-Q4 of spec §3.2 (state x1, x2):
 *   Q1: x1' = x1^2 + x2^2, x2' = (k+1) x1^2 + (2-k) x1 x2 - x2^2 (parameter k);
 *   Q2: x1' = x1 x2, x2' = -x1^2 (integral R2 = x1^2 + x2^2);
 *   Q3: x1' = x2^2, x2' = 0 (integral x2);
 *   Q4: x1' = x2^2, x2' = x1^2 (integral H = (x1^3 - x2^3)/3). */
extern const nhref_model_t nhref_model_servo_q1, nhref_model_servo_q2, nhref_model_servo_q3,
    nhref_model_servo_q4;

#endif /* NHREF_SERVO_EPB_MODELS_H */
