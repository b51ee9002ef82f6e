/* oracle_skater.h -- independent truth for the 3-D figure skater (model `skater`):
 * first integrals in every inertia branch, the constraint-force (7x7) and mass-matrix
 * (3x3) forms of the equations of motion, and the exact special solutions.
 *
 * Spec: shared/models/skater.md (V. Gzenda and V. Putkaradze, "Integrability and
 * chaos in figure skating", arXiv:1809.11146 v4).  Coded directly in MPFR from the
 * spec (oracle/skater.c); shares no code with the model's tape.
 *
 * Conventions (as in nhref_oracle.h).  Parameters p = (m, g, I1, I2, I3, A1, A2, A3)
 * [kg, m/s^2, kg m^2 (x3), m (x3)]; state s = (theta, Omega1, Omega2, v, psi, r1, r2)
 * [rad, rad/s, rad/s, m/s, rad, m, m] -- the model's order.  Vectors are contiguous
 * arrays of MPFR numbers; outputs are rounded to nearest at their own precision and
 * computed with the largest output precision + 64 guard bits (inputs taken exactly);
 * outputs may not alias inputs.  Every function returns NHREF_EPARAM if m <= 0, an
 * Ii <= 0 or a value of P is not finite (spec §1), and NHREF_EINVAL if a state
 * value or T is not finite.  The level is VALIDATED (guard bits and convergence
 * tests), not RIGOROUS.
 *
 * Private to oracle/ and the tests (not installed, not exported from libnhref.so: no
 * NHREF_BEGIN_DECLS, and the library is built with -fvisibility=hidden).  What the
 * library's consumers call is the registry of nhref_oracle.h (nhref_oracle_find),
 * which reaches these functions through its entries.
 */
#ifndef NHREF_ORACLE_SKATER_PRIVATE_H
#define NHREF_ORACLE_SKATER_PRIVATE_H

#include <mpfr.h>

#include "nhref_status.h"

enum {
    NHREF_ORACLE_SKATER_NPARAM = 8,
    NHREF_ORACLE_SKATER_NSTATE = 7,
    NHREF_ORACLE_SKATER_NINTEGRAL = 3
};

/* nhref_oracle_skater_integrals -- the first integrals (E, J1, J2) of spec §3 at
 * state S (T is not used: none depends on time; it may be NULL).
 * Shapes:  I: 3 values [J, kg m^2/s, m/s]; p: 8; s: 7 (only theta..v are read).
 * Formulas: E = It1 Omega1^2/2 - m A1 phi' Omega1 Omega2 + (I_G + m A1^2) Omega2^2/2
 *          + m (v + phi Omega2)^2/2 + m g phi' (§3.1); J1 = I_G Omega2 (§3.2);
 *          J2 = v + phi Omega2 + J1 beta1(theta) (§3.3) with beta1 in the branch
 *          chosen by comparing I2 and I3 exactly: I2 > I3 (atanh of cos, atan of
 *          sin), I3 > I2 (atan of cos, atanh of sin), I2 = I3 (beta1 = phi / I).
 *          J1 and J2 are conserved only when A1 = 0; they are returned for any A1.
 * Returns: NHREF_OK; NHREF_EPARAM; NHREF_EINVAL; NHREF_EDOMAIN if an atanh
 *          argument reaches 1 (impossible for valid parameters, spec §1).
 * Cost:    a few dozen MPFR operations. */
int nhref_oracle_skater_integrals(mpfr_ptr I, mpfr_srcptr p, mpfr_srcptr s, mpfr_srcptr t);

/* nhref_oracle_skater_mass_matrix -- (Omega1', Omega2', v') at state S by
 * Gaussian elimination (partial pivoting) of the 3x3 mass-matrix system of spec
 * §2.3 (the Hessian of the constrained kinetic energy; det = m Delta).
 * Shapes:  f: 3 values [rad/s^2, rad/s^2, m/s^2]; p: 8; s: 7 (theta..v read).
 * Returns: NHREF_OK; NHREF_EPARAM; NHREF_EINVAL.
 * Cost:    about 60 MPFR operations. */
int nhref_oracle_skater_mass_matrix(mpfr_ptr f, mpfr_srcptr p, mpfr_srcptr s);

/* nhref_oracle_skater_kkt -- the paper's constraint-force formulation (spec
 * §2.5) with the corrected force term N = m (Omega x Y + Omega1 Omega2 A x a3 +
 * Omega x (Omega x A)) (spec §8 erratum 1), solved by Gaussian elimination:
 * the body-frame balance laws of spec §2.4,
 *     (d/dt + Omega x) Pi - m g Gamma x A + Y x P = kappa a3,
 *     (d/dt + Omega x) P = lambda a2 + mu a3,
 * P = m (Y + Omega x A), Pi = I Omega + A x P, in the hybrid frame a1 = E1,
 * a2 = Gamma, a3 = E1 x Gamma, with the unknowns
 * X = (Omega1', Omega2', Omega3', v', lambda, mu, kappa) and the seventh
 * equation Omega3' = 0.
 * Shapes:  x: 7 values [rad/s^2 (x3), m/s^2, N, N, N m]; p: 8; s: 7.
 *          The normal reaction of the ice is N_n = lambda + m g (spec §2.4).
 * Returns: NHREF_OK; NHREF_EPARAM; NHREF_EINVAL; NHREF_EDOMAIN if the 7x7
 *          matrix is singular at working precision (never for valid data:
 *          |det| = m Delta > 0).
 * Cost:    about 400 MPFR operations. */
int nhref_oracle_skater_kkt(mpfr_ptr x, mpfr_srcptr p, mpfr_srcptr s);

/* nhref_oracle_skater_sleigh_limit -- the Chaplygin-sleigh limit (spec §4.2) at
 * time T: if A2 = A3 = 0 and theta(0) = Omega1(0) = 0, then theta = Omega1 = 0
 * for all t and, with J = I3 + m A1^2, K = J Omega2(0)^2 + m v(0)^2,
 * V = sqrt(K/m), c0 = atanh(v(0)/V), k = A1 m V / J:
 *     v = V tanh(k t + c0),  Omega2 = Omega2(0) cosh(c0) / cosh(k t + c0),
 *     psi = psi(0) + (Omega2(0) cosh(c0) / k) [atan sinh(k t + c0) - atan sinh c0];
 * A1 = 0 (k = 0): Omega2, v constant, psi = psi(0) + Omega2(0) t; Omega2(0) = 0:
 * v = v(0), Omega2 = 0, psi = psi(0).  r1, r2 have no closed form: set to NaN.
 * Shapes:  s: 7 values (theta, Omega1, Omega2, v, psi, NaN, NaN); p: 8; s0: 7.
 * Returns: NHREF_OK; NHREF_EPARAM (also when A2, A3, theta(0) or Omega1(0) is
 *          not exactly 0: the limit does not apply); NHREF_EINVAL.
 * Cost:    a dozen MPFR operations. */
int nhref_oracle_skater_sleigh_limit(mpfr_ptr s, mpfr_srcptr p, mpfr_srcptr s0, mpfr_srcptr t);

/* nhref_oracle_skater_glide_theta -- the lean of the straight-glide relative
 * equilibria (spec §4.3, any A1): Omega1 = Omega2 = 0, tan theta* = A2/A3 (the
 * centre of mass straight above, A3 > 0, or below, A3 < 0, the blade), the
 * root in (-pi/2, pi/2); 0 when A2 = A3 = 0 (every theta is then an equilibrium).
 * Shapes:  theta: 1 value [rad]; p: 8.
 * Returns: NHREF_OK; NHREF_EPARAM; NHREF_EDOMAIN if A3 = 0 and A2 != 0 (the
 *          equilibrium is the blade lying flat). */
int nhref_oracle_skater_glide_theta(mpfr_ptr theta, mpfr_srcptr p);

/* nhref_oracle_skater_turn_theta -- the lean theta* of the steady circular
 * motion (spec §4.3, A1 = 0) with yaw rate OMEGA2 and speed V: the root of
 *     F1(theta) = Omega2^2 (D s c + m phi phi') + m phi' v Omega2 + m g phi = 0
 * reached by Newton's method from GUESS (at working precision + 64 bits, until
 * the correction stops shrinking).
 * Shapes:  theta: 1 value [rad]; p: 8; omega2 [rad/s], v [m/s], guess [rad]: 1 each.
 * Returns: NHREF_OK; NHREF_EPARAM (also A1 != 0 with Omega2 != 0: no turning
 *          equilibrium then); NHREF_EINVAL; NHREF_ENOCONV if Newton does not
 *          converge in 200 iterations or leaves |theta| < pi/2.
 * Cost:    a few hundred MPFR operations. */
int nhref_oracle_skater_turn_theta(mpfr_ptr theta, mpfr_srcptr p, mpfr_srcptr omega2,
                                   mpfr_srcptr v, mpfr_srcptr guess);

/* nhref_oracle_skater_steady -- the state at time T of the uniform motion from a
 * relative equilibrium S0 (spec §4.3): theta, Omega1 = 0, Omega2, v constant,
 * psi = psi0 + Omega2 t, and the contact point on a circle,
 *     r = r0 + (2 v / Omega2) sin(Omega2 t / 2) (cos, sin)(psi0 + Omega2 t / 2),
 * or on the straight line r0 + v t (cos psi0, sin psi0) when Omega2 = 0.  S0
 * must BE an equilibrium (theta from _turn_theta or _glide_theta): this is not
 * checked beyond the conditions below.
 * Shapes:  s: 7 values; p: 8; s0: 7.
 * Returns: NHREF_OK; NHREF_EPARAM (also Omega1(0) != 0, or A1 != 0 with
 *          Omega2(0) != 0); NHREF_EINVAL.
 * Cost:    a dozen MPFR operations. */
int nhref_oracle_skater_steady(mpfr_ptr s, mpfr_srcptr p, mpfr_srcptr s0, mpfr_srcptr t);

/* nhref_oracle_skater_libration -- the integrable case A1 = 0 reduced to one
 * degree of freedom (spec §4.1): with E, J1, J2 from S0,
 *     U(theta) = J1^2 / (2 I_G) + m (J2 - J1 beta1(theta))^2 / 2 + m g phi'(theta),
 * theta oscillates between the roots theta_min < theta(0) < theta_max of
 * E = U (the nearest on each side), with period and heading advance
 *     T_theta = 2 int sqrt(It1 / (2 (E - U))) dtheta,
 *     Delta_psi = 2 int (J1 / I_G) sqrt(It1 / (2 (E - U))) dtheta.
 * The roots are found by an outward geometric scan from theta(0) and bisection;
 * the integrals by the substitution theta = mid - half cos chi (which makes
 * the integrand analytic and periodic in chi) and the midpoint rule with N
 * doubled until two successive values agree to 2^-(prec + 16) relative.
 * Shapes:  out: 4 values (theta_min [rad], theta_max [rad], T_theta [s],
 *          Delta_psi [rad]); p: 8; s0: 7 (theta..v read).
 * Precision: about the output precision (VALIDATED).  If Omega1(0) = 0,
 *          theta(0) is itself a turning point.
 * Returns: NHREF_OK; NHREF_EPARAM (also A1 != 0); NHREF_EINVAL;
 *          NHREF_EDOMAIN if theta does not oscillate inside (-pi/2, pi/2)
 *          (the skater falls), or if both Omega1(0) = 0 and U'(theta(0)) = 0
 *          (an equilibrium); NHREF_EMAXSTEPS if the quadrature needs more than
 *          2^20 nodes.
 * Cost:    about (2 (prec + 64) + 2 N) evaluations of U (atanh, atan, sin, cos),
 *          N ~ 10^2 - 10^3 for the spec's cases.
 * Source:  spec §4.1 (the substitution is the spec's recommendation). */
int nhref_oracle_skater_libration(mpfr_ptr out, mpfr_srcptr p, mpfr_srcptr s0);

#endif /* NHREF_ORACLE_SKATER_PRIVATE_H */
