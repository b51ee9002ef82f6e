/* gv_kkt.h -- internal: the general vehicle with two rotating wheel pairs
 * (spec shared/models/wheeled-vehicles.md §2), shared by the models gv_wheels
 * (full model: wheels, 9 quasi-velocities, 6 constraints) and gv_skates (skate
 * model: 5 quasi-velocities, 2 constraints, link masses of spec §2.4).
 *
 * Both models take the same physical parameters (those of the wheeled vehicle,
 * spec §2.2); the skate model forms its skate masses from them by spec §2.4, so
 * "matching data" means identical parameter values.  The Lagrange multipliers
 * and the accelerations are the solution of the KKT system of spec §2.5, one
 * linear solve on the tape (nhref_tape_solve, with partial pivoting).
 */
#ifndef NHREF_GV_KKT_H
#define NHREF_GV_KKT_H

#include <stddef.h>

#include <mpfr.h>

#include "nhref_model.h"

/* Parameter indices (spec §2.2).  Link k (1, 2) occupies GV_LINK(k) + GV_*. */
enum {
    GV_MF, GV_IF, GV_RF1, GV_RF2, GV_R11, GV_R12, GV_R21, GV_R22,
    GV_LINK1, /* first parameter of link 1 */
    GV_NPARAM = GV_LINK1 + 18
};
enum { GV_M, GV_J, GV_R0A, GV_R0B, GV_RHON, GV_RHOT, GV_H, GV_L, GV_I, GV_NLINK };
#define GV_LINK(k) (GV_LINK1 + GV_NLINK * ((k) - 1))

extern const nhref_param_desc_t nhref_gv_param[GV_NPARAM];

/* The parameter checks of spec §2.2 / §8 (masses > 0, inertias above the
 * parallel-axis bound, h > 0, l >= 0, i >= 0, r_1 != r_2). */
int nhref_gv_check(mpfr_srcptr p, char *why, size_t len);

/* The initial-state checks of spec §8: A(psi) of rank 2 (not on the singular
 * set of spec §2.8), f_k(0) = 0 and, if FULL, g_kj(0) = 0, to the tolerance
 * max(1e-40, 2^(14 - prec)) relative to the sum of the magnitudes of each
 * constraint's terms.  The velocities are read from X0 at the indices
 * IV (v1, v2, omega, psi1', psi2') and, if FULL, IC (chi11' .. chi22'). */
int nhref_gv_check_init(mpfr_srcptr p, mpfr_srcptr x0, int full, size_t ipsi, size_t iv,
                        size_t ic, char *why, size_t len);

/* nhref_gv_build_rhs -- the explicit field of spec §2.5.  FULL = 1: state
 * (X, Y, phi, psi1, psi2, chi11..chi22, v1, v2, omega, psi1', psi2',
 * chi11'..chi22') (18); FULL = 0: (X, Y, phi, psi1, psi2, v1, v2, omega, psi1',
 * psi2', chi11..chi22) (14, wheel angles by the quadrature of spec §2.6).
 * INTEGRALS = 1 fills the integral tape instead: FULL = 1 (T, f1, f2, g11,
 * g12, g21, g22, eta1, eta2, Ts) with eta_k = h_k (chi_k1 - chi_k2)/2 +
 * l_k (phi + psi_k) and Ts the skate energy at the same state; FULL = 0
 * (Ts, f1, f2). */
int nhref_gv_build(nhref_tape_t *tp, int full, int integrals);

#endif /* NHREF_GV_KKT_H */
