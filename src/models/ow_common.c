/* ow_common.c -- internal: parameters and checks of the one-wheeled vehicle
 * (spec shared/models/wheeled-vehicles.md §3.1); see ow_common.h. */
#include <math.h>
#include <stdio.h>

#include "models/ow_common.h"
#include "models/build.h"

const nhref_param_desc_t nhref_ow_param[OW_NPARAM] = {
    {"m", "kg", "total mass (platform + wheel)", "1", "> 0"},
    {"j", "kg m^2",
     "moment of inertia of the whole vehicle about the vertical through the contact point "
     "(wheel spin excluded)",
     "0.5", ">= m (Rn^2 + Rtau^2), and D = M' j - m^2 Rn^2 > 0"},
    {"Rn", "m", "centre of mass, component along the wheel axle n", "0", "any"},
    {"Rtau", "m", "centre of mass, component along the rolling direction tau", "0.3", "any"},
    {"i", "kg m^2", "axial moment of inertia of the wheel", "0.02", ">= 0"},
    {"h", "m", "wheel radius", "0.1", "> 0"},
};

int nhref_ow_check(mpfr_srcptr p, char *why, size_t len)
{
    mpfr_t a, b, mp;
    int st = NHREF_OK;

    if (mpfr_sgn(p + OW_M) <= 0) {
        snprintf(why, len, "parameter m must be > 0 (admissible range: m > 0)");
        return NHREF_EPARAM;
    }
    if (mpfr_sgn(p + OW_H) <= 0) {
        snprintf(why, len, "parameter h must be > 0 (admissible range: h > 0)");
        return NHREF_EPARAM;
    }
    if (mpfr_sgn(p + OW_I) < 0) {
        snprintf(why, len, "parameter i must be >= 0 (admissible range: i >= 0)");
        return NHREF_EPARAM;
    }
    mpfr_inits2(mpfr_get_prec(p) + 32, a, b, mp, (mpfr_ptr)0);
    mpfr_sqr(a, p + OW_RN, MPFR_RNDN);
    mpfr_sqr(b, p + OW_RT, MPFR_RNDN);
    mpfr_add(a, a, b, MPFR_RNDN);
    mpfr_mul(a, a, p + OW_M, MPFR_RNDN);
    if (mpfr_cmp(p + OW_J, a) < 0) {
        snprintf(why, len,
                 "parameter j is below the parallel-axis bound m (Rn^2 + Rtau^2) (admissible "
                 "range: j >= m (Rn^2 + Rtau^2))");
        st = NHREF_EPARAM;
    } else {
        /* D = (m + i/h^2) j - m^2 Rn^2 */
        mpfr_sqr(b, p + OW_H, MPFR_RNDN);
        mpfr_div(mp, p + OW_I, b, MPFR_RNDN);
        mpfr_add(mp, mp, p + OW_M, MPFR_RNDN);
        mpfr_mul(a, mp, p + OW_J, MPFR_RNDN);
        mpfr_mul(b, p + OW_M, p + OW_RN, MPFR_RNDN);
        mpfr_sqr(b, b, MPFR_RNDN);
        mpfr_sub(a, a, b, MPFR_RNDN);
        if (mpfr_sgn(a) <= 0) {
            snprintf(why, len,
                     "D = (m + i/h^2) j - m^2 Rn^2 must be > 0 (admissible: D > 0; D = 0 makes "
                     "the reduced mass matrix singular)");
            st = NHREF_EPARAM;
        }
    }
    mpfr_clears(a, b, mp, (mpfr_ptr)0);
    return st;
}

nhref_node_t nhref_ow_mass(nhref_tape_t *tp)
{
    return ADD(PARAM(OW_M), DIV(PARAM(OW_I), SQR(PARAM(OW_H))));
}

nhref_node_t nhref_ow_det(nhref_tape_t *tp)
{
    return SUB(MUL(nhref_ow_mass(tp), PARAM(OW_J)), SQR(MUL(PARAM(OW_M), PARAM(OW_RN))));
}

double nhref_wheeled_init_tol(mpfr_prec_t prec)
{
    return fmax(1e-40, ldexp(1.0, 14 - (int)(prec > 1000 ? 1000 : prec)));
}
