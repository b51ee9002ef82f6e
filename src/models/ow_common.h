/* ow_common.h -- internal: parameters of the one-wheeled vehicle (spec
 * shared/models/wheeled-vehicles.md §3.1), shared by the models one_wheel,
 * hh_b_dalembert, hh_b_spin_substituted and hh_b_knife_substituted (the
 * Hadamard-Hamel test system HH-B of spec §1.6 is this vehicle). */
#ifndef NHREF_OW_COMMON_H
#define NHREF_OW_COMMON_H

#include <stddef.h>

#include <mpfr.h>

#include "nhref_model.h"

enum { OW_M, OW_J, OW_RN, OW_RT, OW_I, OW_H, OW_NPARAM };

/* defaults: case OW-1 of spec §7.2 */
extern const nhref_param_desc_t nhref_ow_param[OW_NPARAM];

/* spec §3.1 / §8: m > 0, h > 0, i >= 0, j >= m (Rn^2 + Rtau^2), D > 0 */
int nhref_ow_check(mpfr_srcptr p, char *why, size_t len);

/* tape nodes of M' = m + i/h^2 and D = M' j - m^2 Rn^2 */
nhref_node_t nhref_ow_mass(nhref_tape_t *tp);
nhref_node_t nhref_ow_det(nhref_tape_t *tp);

/* Tolerance of the initial-state constraint checks (spec §8: 1e-12 relative
 * in double, 1e-40 in MPFR): max(1e-40, 2^(14 - PREC)). */
double nhref_wheeled_init_tol(mpfr_prec_t prec);

#endif /* NHREF_OW_COMMON_H */
