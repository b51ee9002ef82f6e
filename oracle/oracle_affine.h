/* oracle_affine.h -- independent truth for the affine-rolling models
 * (gen, red, cbcat, cbv, revcat, hcat): first integrals, closed forms and an
 * independent Newton–Euler right-hand side, in plain MPFR.
 *
 * Spec: shared/models/affine-rolling.md ("the spec"), from M. Costa Villegas &
 * L. C. García-Naranjo, affine generalizations of the nonholonomic problem of
 * a convex body rolling without slipping on the plane (seed 001).
 *
 * Layouts.  Parameter and state vectors follow the models' tables exactly
 * (`nhref describe MODEL`), in SI units:
 *   gen    p (19) = m, I1, I2, I3, g, a1, a2, a3, d1, d2, d3, sigma, eta, v1, v2,
 *                   k11, k12, k21, k22    [kg, kg m^2 x3, m/s^2, m x6, rad/s x2,
 *                   m/s x2, 1/s x4];  s (15) = M1..3, alpha1..3, beta1..3,
 *                   gamma1..3, u1..3   [kg m^2/s, 1 x9, m].
 *                   Shape: ellipsoid rho_i = d_i - a_i^2 gamma_i / h(gamma),
 *                   V(x) = (v1 + k11 x1 + k12 x2 - eta x2, v2 + k21 x1 + k22 x2 +
 *                   eta x1, 0), W(rho) = sigma rho x E3.
 *   red    p (12) = m, I1, I2, I3, g, a1, a2, a3, d1, d2, d3, sigma;
 *          s (6) = M1..3, gamma1..3.
 *   cbcat  p (6) = m, I1, I2, I3, r, sigma;  s (6) = M1..3, gamma1..3.
 *   cbv    p (13) = m, I1, I2, I3, g, r, eta, v1, v2, k11, k12, k21, k22;
 *          s (15) as gen (shape rho = -r gamma, W = 0).
 *   revcat p (9) = m, I1, I2, I3, g, a, c, s, sigma (spheroid with semi-axes
 *          a, a, c, centre at s E3 from C; a = c: the Routh ball);
 *          s (6) = M1..3, gamma1..3.
 *   hcat   p (7) = m, I1, I2, I3, r, sigma, eta (I1 = I2 = I3);
 *          s (9) = M1..3, gamma1..3, U1..3 [m].
 *
 * Conventions.  Vectors are contiguous arrays of MPFR numbers (an `mpfr_t
 * v[n]` is passed as `v[0]`).  Outputs are rounded to nearest at their own
 * precision; internal work uses the largest output precision plus 64 guard
 * bits (the inputs are taken as exact).  Outputs may not alias inputs.  The
 * angular velocity Omega is always obtained here by solving the 3x3 system
 * (I + m |rho|^2 Id - m rho rho^T) Omega = M + m rho x q (spec (1.2)) by
 * Cramer's rule, not by the Sherman–Morrison form (1.3) the models use.
 * Level: VALIDATED (correctly rounded operations, error not bounded
 * rigorously).  No function here keeps state or allocates beyond its own
 * temporaries.
 *
 * Private to oracle/ and the tests (not installed, not exported from libnhref.so: no
 * NHREF_BEGIN_DECLS, and the library is built with -fvisibility=hidden).  What the
 * library's consumers call is the registry of nhref_oracle.h (nhref_oracle_find),
 * which reaches these functions through its entries.
 */
#ifndef NHREF_ORACLE_AFFINE_PRIVATE_H
#define NHREF_ORACLE_AFFINE_PRIVATE_H

#include <mpfr.h>

#include "nhref_status.h"

enum {
    NHREF_ORACLE_GEN_NPARAM = 19, NHREF_ORACLE_GEN_NSTATE = 15, NHREF_ORACLE_GEN_NINTEGRAL = 14,
    NHREF_ORACLE_RED_NPARAM = 12, NHREF_ORACLE_RED_NSTATE = 6, NHREF_ORACLE_RED_NINTEGRAL = 5,
    NHREF_ORACLE_CBCAT_NPARAM = 6, NHREF_ORACLE_CBCAT_NSTATE = 6, NHREF_ORACLE_CBCAT_NINTEGRAL = 4,
    NHREF_ORACLE_CBV_NPARAM = 13, NHREF_ORACLE_CBV_NSTATE = 15, NHREF_ORACLE_CBV_NINTEGRAL = 12,
    NHREF_ORACLE_REVCAT_NPARAM = 9, NHREF_ORACLE_REVCAT_NSTATE = 6,
    NHREF_ORACLE_REVCAT_NINTEGRAL = 4,
    NHREF_ORACLE_HCAT_NPARAM = 7, NHREF_ORACLE_HCAT_NSTATE = 9, NHREF_ORACLE_HCAT_NINTEGRAL = 6
};

/* ------------------------------------------------------------------ right-hand side */

/* nhref_oracle_affine_gen_rhs -- F = dy/dt of model gen at state S, derived
 * independently of (2.1): Newton's law m u'' = R - m g e3 and Euler's law
 * I Omega' + Omega x I Omega = rho x B^T R for the reaction R at the contact
 * point, with u'' from the differentiated constraint (1.1)
 * (u' = B(rho x Omega + W) + V), solved for Omega' and R; then
 * M' = d/dt (1.2), alpha' = alpha x Omega, ..., u' from (1.1) (spec §8).
 * It uses DV and DW, which (2.1) avoids.
 * Shapes:    f: 15 values; p: 19 (gen layout); s: 15.
 * Precision: see the conventions; each output within a few ulps of its
 *            precision for well-conditioned states.
 * Returns:   NHREF_OK; NHREF_EPARAM if m, I_i or a_i <= 0; NHREF_EINVAL for
 *            a NULL pointer or a value that is not finite; NHREF_EDOMAIN if
 *            gamma = 0 or the 3x3 system is singular.
 * Cost:      about 300 MPFR operations.
 * Source:    spec §1 (1.1), (1.2), §8 (Newton–Euler + Lagrange–d'Alembert). */
int nhref_oracle_affine_gen_rhs(mpfr_ptr f, mpfr_srcptr p, mpfr_srcptr s);

/* ------------------------------------------------------------------ first integrals, one by one */

/* The first integrals of model gen (spec §2 items 2-7). */
typedef enum {
    NHREF_ORACLE_AFFINE_E,       /* energy, V = W = 0 or W = 0, V constant (items 2, 3) */
    NHREF_ORACLE_AFFINE_E_ROT,   /* (2.4): W = 0, V = eta e3 x x, any shape and inertia */
    NHREF_ORACLE_AFFINE_E_CAT,   /* (2.5): cat's toy on an axisymmetric body, V const */
    NHREF_ORACLE_AFFINE_E_MOV,   /* (2.6): cat's toy + turntable, axisymmetric body */
    NHREF_ORACLE_AFFINE_M_ALPHA, /* <M,alpha>: sphere centred at C (Prop. 3.1) */
    NHREF_ORACLE_AFFINE_M_BETA,  /* <M,beta> */
    NHREF_ORACLE_AFFINE_M_GAMMA  /* <M,gamma> */
} nhref_oracle_affine_integral_t;

/* nhref_oracle_affine_gen_integral -- the first integral WHICH of model gen at
 * state S, refusing when the parameters P are outside the conditions under
 * which the spec's table says it is conserved.
 * Shapes:    v: 1 value [J or kg m^2/s]; p: 19 (gen layout); s: 15.
 * Returns:   NHREF_OK; NHREF_EPARAM if the integral does not hold for P:
 *            E needs sigma = eta = 0 and K = 0; E_rot needs sigma = 0, v = 0,
 *            K = 0; E_cat needs eta = 0, K = 0 and (sigma = 0 or I1 = I2);
 *            E_mov needs K = 0, eta v = 0 and (sigma = 0 or I1 = I2) (the
 *            spec's "E_cat/E_mov(sigma != 0) requested with I1 != I2");
 *            M_alpha, M_beta, M_gamma need a sphere centred at C (a1 = a2 =
 *            a3, d = 0); also NHREF_EPARAM for m, I_i, a_i <= 0; NHREF_EINVAL
 *            for an unknown WHICH, a NULL pointer or a value not finite;
 *            NHREF_EDOMAIN if gamma = 0.
 * Cost:      about 150 MPFR operations.
 * Source:    spec §2 items 2-7: E = 1/2<I Omega,Omega> + 1/2 m|rho x Omega|^2
 *            - m g <rho,gamma>; E_rot (2.4) (erratum 1); E_cat (2.5) (paper
 *            2.26); E_mov (2.6) (paper 2.27); Prop. 3.1. */
int nhref_oracle_affine_gen_integral(mpfr_ptr v, nhref_oracle_affine_integral_t which,
                                     mpfr_srcptr p, mpfr_srcptr s);

/* ------------------------------------------------------------------ the models' integral tables */

/* nhref_oracle_affine_<model>_integrals -- the first integrals of MODEL in the
 * order of its integral table (`nhref describe MODEL`), at state S and time T
 * (unused: none is time-dependent).  An integral whose conditions of
 * conservation fail for P is NaN, exactly where the model's monitoring tape
 * gives NaN (the `holds` column), so `nhref golden` can compare them.
 * Tables:  gen:    E, E_rot, E_cat, E_mov, M_alpha, M_beta, M_gamma,
 *                  |alpha|^2-1, |beta|^2-1, |gamma|^2-1, <alpha,beta>,
 *                  <alpha,gamma>, <beta,gamma>, x3 = u3 + <rho,gamma>
 *          red:    E (sigma = 0), E_cat (sigma = 0 or I1 = I2), |M|^2 and
 *                  <M,gamma> (sphere centred at C), |gamma|^2-1
 *          cbcat:  |M|^2, <M,gamma>, |gamma|^2-1, f (spec §4, the integral on
 *                  M = lambda gamma, lambda = <M,gamma>)
 *          cbv:    E (eta = 0, K = 0), E_rot (v = 0, K = 0), M_alpha, M_beta,
 *                  M_gamma, the 6 frame conditions, x3 = u3 - r|gamma|^2
 *          revcat: E_cat, K1 = <M,rho>/f1 (a = c), K2 = mu Omega3 (a = c and
 *                  sigma = 0), |gamma|^2-1
 *          hcat:   |M|^2, <M,gamma>, E_H (7.3), |gamma|^2-1, <U,gamma>,
 *                  Omega3 - sigma m r^2 gamma3^2/(2(I + m r^2)) (eta = 0)
 * Shapes:  I: the model's nintegral values; p, s: its layout above.
 * Returns: NHREF_OK; NHREF_EPARAM if P fails the model's admissible ranges;
 *          NHREF_EINVAL for a NULL pointer or a value of P or S not finite;
 *          NHREF_EDOMAIN if an integral is undefined at S (gamma = 0; a
 *          singular system); the others are still computed.
 * Cost:    a few hundred MPFR operations.
 * Source:  spec §2-§7 (tables of first integrals), §12. */
int nhref_oracle_affine_gen_integrals(mpfr_ptr I, mpfr_srcptr p, mpfr_srcptr s, mpfr_srcptr t);
int nhref_oracle_affine_red_integrals(mpfr_ptr I, mpfr_srcptr p, mpfr_srcptr s, mpfr_srcptr t);
int nhref_oracle_affine_cbcat_integrals(mpfr_ptr I, mpfr_srcptr p, mpfr_srcptr s, mpfr_srcptr t);
int nhref_oracle_affine_cbv_integrals(mpfr_ptr I, mpfr_srcptr p, mpfr_srcptr s, mpfr_srcptr t);
int nhref_oracle_affine_revcat_integrals(mpfr_ptr I, mpfr_srcptr p, mpfr_srcptr s,
                                         mpfr_srcptr t);
int nhref_oracle_affine_hcat_integrals(mpfr_ptr I, mpfr_srcptr p, mpfr_srcptr s, mpfr_srcptr t);

/* ------------------------------------------------------------------ REVCAT: Jellett/Routh integrals */

/* nhref_oracle_affine_revcat_j -- the generalised Jellett/Routh integrals
 * (J1, J2) of paper Prop. 4.2 at state S of model revcat, for every sigma:
 * (J1, J2)^T = Y(gamma3)^-1 ((K1, K2)^T - sigma y(gamma3)) (6.3), with
 * K1 = <M,rho>/f1, K2 = mu(gamma3) Omega3.
 *   Routh ball (a = c = R): Y = Id, J1 = -<M,rho>/R, J2 = mu Omega3 -
 *   sigma y2(gamma3) with the closed form of y2 (spec §6, all five branches
 *   of the sign of a2 = m R^2 (I3 - I1) and a1 = -2 m I3 s R).
 *   Spheroid (a != c): Y and y by integrating the linear ODE dY/dgamma3 = G Y,
 *   dy/dgamma3 = G y + b from 0 to gamma3 with Gragg–Bulirsch–Stoer
 *   extrapolation (modified midpoint, polynomial extrapolation in h^2) on
 *   macro steps of length <= 1/32, each extrapolated until two successive
 *   diagonal values agree to 2^-(prec + 24) relative (prec: the
 *   largest precision of J; the work is at prec + 96 bits).
 * Shapes:    J: 2 values [kg m^2/s]; p: 9 (revcat layout); s: 6.
 * Precision: routh: a few ulps; spheroid: validated by the extrapolation's
 *            convergence test (not a bound).
 * Returns:   NHREF_OK; NHREF_EPARAM if P fails revcat's ranges (I1 = I2,
 *            m, I_i, a, c > 0); NHREF_EINVAL for NULL or non-finite input or
 *            |gamma3| > 1; NHREF_EDOMAIN if f1 = 0 or mu^2 <= 0;
 *            NHREF_ENOCONV if the extrapolation does not converge in 40
 *            levels.
 * Cost:      routh: ~100 MPFR operations (log or asin once).  Spheroid: up
 *            to 32 macro steps x ~400 evaluations of G, b (a few ms at 200 bits).
 * Source:    spec §6 (6.2), (6.3) and the Routh closed form (derived in the
 *            spec, checked there against quadrature). */
int nhref_oracle_affine_revcat_j(mpfr_ptr J, mpfr_srcptr p, mpfr_srcptr s);

/* ------------------------------------------------------------------ CBCAT: the invariant parallel */

/* nhref_oracle_affine_cbcat_parallel -- the closed form (4.3) of model cbcat
 * from an initial state S0 on the invariant parallel: M0 = lambda gamma0 and
 * gamma3 = c* = -lambda (I3 + m r^2)/(m r^2 sigma I3) (which needs
 * eps = |M|/(m r^2 |sigma|) <= I3/(I3 + m r^2)).  Then
 *     gamma1 + i gamma2 = (gamma1(0) + i gamma2(0)) exp(i kappa t),
 *     gamma3 = c*, M = lambda gamma, kappa = m r^2 sigma/(I3 + m r^2).
 * Shapes:    s: 6 values (M1..3, gamma1..3) at time T; p: 6 (cbcat layout);
 *            s0: 6.
 * Returns:   NHREF_OK; NHREF_EPARAM if P fails cbcat's ranges, sigma = 0, or
 *            S0 is not on the parallel within max(1e-20, 2^(16 - prec(S0)))
 *            (|M0 - lambda gamma0|, |gamma3(0) - c*|, ||gamma0|^2 - 1|,
 *            relative to max(1, |M0|)); NHREF_EINVAL for NULL or non-finite
 *            input.
 * Cost:      one sin_cos and ~20 MPFR operations.
 * Source:    spec §4 (4.3); paper §3.1.1. */
int nhref_oracle_affine_cbcat_parallel(mpfr_ptr s, mpfr_srcptr p, mpfr_srcptr s0, mpfr_srcptr t);

/* nhref_oracle_affine_cbcat_parallel_start -- a state S0 on the invariant
 * parallel: gamma3 = c*(lambda), gamma1 + i gamma2 = sqrt(1 - c*^2) e^{i phi},
 * M = lambda gamma.
 * Shapes:  s0: 6 values; p: 6 (cbcat layout).
 * Returns: NHREF_OK; NHREF_EPARAM if P fails cbcat's ranges, sigma = 0 or
 *          |c*| > 1 (eps above the threshold: no invariant parallel);
 *          NHREF_EINVAL for NULL or non-finite input. */
int nhref_oracle_affine_cbcat_parallel_start(mpfr_ptr s0, mpfr_srcptr p, mpfr_srcptr lambda,
                                             mpfr_srcptr phi);

/* nhref_oracle_affine_cbcat_surface_div -- on M = lambda gamma (lambda =
 * <M,gamma>), the surface divergence on S^2 of mu X, X(gamma) = gamma x
 * Omega(lambda gamma, gamma), mu = 1/|X(gamma3)| (spec §4: zero when
 * eps > I3/(I3 + m r^2)), computed as Tr(D(mu X)) - gamma^T D(mu X) gamma
 * with the Jacobian by central differences of step 2^(-wp/3) at wp = prec +
 * 64 + 2 wp/3 guard bits (so about wp/3 bits of the result are exact).
 * Shapes:  div: 1 value; p: 6; s: 6 (only gamma and lambda = <M,gamma> used).
 * Returns: NHREF_OK; NHREF_EPARAM, NHREF_EINVAL as above; NHREF_EDOMAIN if
 *          X(gamma3) = 0. */
int nhref_oracle_affine_cbcat_surface_div(mpfr_ptr div, mpfr_srcptr p, mpfr_srcptr s);

/* ------------------------------------------------------------------ homogeneous ball on a turntable */

/* nhref_oracle_affine_centre_circle -- the centre of a homogeneous ball
 * (moment I, radius r, mass m) on a turntable of rate eta != 0, with no cat's
 * toy (sigma = 0): with m_s = B(0) M(0) the (constant) space-frame momentum,
 *     kappa = eta I/(I + m r^2),   c = r (m_s1, m_s2)/(eta I),
 *     u_h(t) = c + Rot(kappa t)(u_h(0) - c),   u3 = r.
 * Shapes:    u: 3 values (u1, u2, u3) [m] at time T; ms: 3 [kg m^2/s];
 *            uh0: 2 [m]; m, I, r, eta scalars.
 * Returns:   NHREF_OK; NHREF_EPARAM if m, I, r <= 0 or eta = 0; NHREF_EINVAL
 *            for NULL or non-finite input.
 * Cost:      one sin_cos and ~20 MPFR operations.
 * Source:    spec §7 "closed-form limits", sigma = 0. */
int nhref_oracle_affine_centre_circle(mpfr_ptr u, mpfr_srcptr m, mpfr_srcptr I, mpfr_srcptr r,
                                      mpfr_srcptr eta, mpfr_srcptr ms, mpfr_srcptr uh0,
                                      mpfr_srcptr t);

#endif /* NHREF_ORACLE_AFFINE_PRIVATE_H */
