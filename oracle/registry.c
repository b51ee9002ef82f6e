/* registry.c -- the oracles by model name (see nhref_oracle.h). */
#include <string.h>

#include "nhref_oracle.h"
#include "oracle_affine.h"
#include "oracle_servo.h"
#include "oracle_skater.h"
#include "oracle_sleigh.h"
#include "oracle_wheeled.h"

static int sleigh_new(void **sol, mpfr_srcptr p, mpfr_srcptr s0, mpfr_prec_t prec)
{
    nhref_oracle_sleigh_t *o;
    int status = nhref_oracle_sleigh_new(&o, p, s0, prec);
    *sol = status == NHREF_OK ? o : NULL;
    return status;
}

static int sleigh_state(mpfr_ptr s, void *sol, mpfr_srcptr t)
{
    return nhref_oracle_sleigh_state(s, sol, t);
}

static void sleigh_free(void *sol)
{
    nhref_oracle_sleigh_free(sol);
}

static const nhref_oracle_t oracles[] = {
    {"chaplygin_sleigh",
     "tanh law (spec §5.1, all branches); positions by Gauss-Legendre quadrature (§5.3)",
     NHREF_ORACLE_SLEIGH_NPARAM, NHREF_ORACLE_SLEIGH_NSTATE, NHREF_ORACLE_SLEIGH_NINTEGRAL,
     sleigh_new, sleigh_state, sleigh_free, nhref_oracle_sleigh_integrals, NULL, NULL},
    {"skater", "none for general data (integrals E, J1, J2 only; special solutions in oracle/oracle_skater.h)", NHREF_ORACLE_SKATER_NPARAM, NHREF_ORACLE_SKATER_NSTATE, NHREF_ORACLE_SKATER_NINTEGRAL, NULL, NULL, NULL, nhref_oracle_skater_integrals, NULL, NULL},
    {"suslov_servo", "first integrals (spec §4.3); closed forms S0, S1, rays only for omega (oracle/oracle_servo.h)", NHREF_ORACLE_SUSLOV_NPARAM, NHREF_ORACLE_SUSLOV_NSTATE, NHREF_ORACLE_SUSLOV_NINTEGRAL, NULL, NULL, NULL, nhref_oracle_suslov_integrals, NULL, NULL},
    {"servosleigh", "closed forms of spec §5.5-5.6 (u, omega, theta and the position; none on the incline with beta != 0)", NHREF_ORACLE_SERVOSLEIGH_NPARAM, NHREF_ORACLE_SERVOSLEIGH_NSTATE, NHREF_ORACLE_SERVOSLEIGH_NINTEGRAL, nhref_oracle_servosleigh_reg_new, nhref_oracle_servosleigh_reg_state, nhref_oracle_servosleigh_reg_free, nhref_oracle_servosleigh_integrals, NULL, NULL},
    {"servosleigh_offset", "a = c = 0: tanh law (Chaplygin sleigh oracle); l = 0: servosleigh closed forms (spec §5.9)", NHREF_ORACLE_OFFSET_NPARAM, NHREF_ORACLE_OFFSET_NSTATE, NHREF_ORACLE_OFFSET_NINTEGRAL, nhref_oracle_offset_reg_new, nhref_oracle_offset_reg_state, nhref_oracle_offset_reg_free, nhref_oracle_offset_integrals, NULL, NULL},
    {"hh_a_dalembert", "HH-A true motion in closed form (spec §1.5: asinh/sqrt, c = 0 branch)", 0, NHREF_ORACLE_HHA_NSTATE, 3, nhref_oracle_hha_solution_new, nhref_oracle_hha_solution_state, nhref_oracle_wheeled_solution_free, nhref_oracle_hha_integrals, NULL, NULL},
    {"hh_a_substituted", "integrals only (E, p1)", 0, NHREF_ORACLE_HHA_NSTATE, 2, NULL, NULL, NULL, nhref_oracle_hha_wrong_integrals, NULL, NULL},
    {"one_wheel", "sech/tanh law (spec §3.4) with chi in closed form; X, Y by adaptive Gauss-Legendre quadrature", NHREF_ORACLE_OW_NPARAM, NHREF_ORACLE_OW_NSTATE, 3, nhref_oracle_ow_solution_new, nhref_oracle_ow_solution_state, nhref_oracle_wheeled_solution_free, nhref_oracle_ow_integrals, NULL, NULL},
    {"hh_b_dalembert", "one-wheel closed form on the constraint manifold (v1 = 0, chidot = -v2/h)", NHREF_ORACLE_OW_NPARAM, NHREF_ORACLE_HHB_NSTATE, 3, nhref_oracle_hhb_solution_new, nhref_oracle_ow_solution_state, nhref_oracle_wheeled_solution_free, nhref_oracle_hhb_integrals, NULL, NULL},
    {"hh_b_spin_substituted", "one-wheel closed form on v1 = 0", NHREF_ORACLE_OW_NPARAM, NHREF_ORACLE_HHB_SPIN_NSTATE, 2, nhref_oracle_hhb_spin_solution_new, nhref_oracle_ow_solution_state, nhref_oracle_wheeled_solution_free, nhref_oracle_hhb_spin_integrals, NULL, NULL},
    {"hh_b_knife_substituted", "uniform circle (the wrong model: v_tau, omega constant)", NHREF_ORACLE_OW_NPARAM, NHREF_ORACLE_OW_NSTATE, 3, nhref_oracle_hhb_knife_solution_new, nhref_oracle_ow_solution_state, nhref_oracle_wheeled_solution_free, nhref_oracle_hhb_knife_integrals, NULL, NULL},
    {"two_links", "integrals only (E, f1, f2, delta0, w1, w2, K; spec §4.4, §4.6)", NHREF_ORACLE_TL_NPARAM, NHREF_ORACLE_TL_NSTATE, 7, NULL, NULL, NULL, nhref_oracle_tl_integrals, NULL, NULL},
    {"gv_wheels", "integrals only (T, f, g, eta, Ts from the vector form of spec §2.3)", NHREF_ORACLE_GV_NPARAM, NHREF_ORACLE_GV_FULL_NSTATE, 10, NULL, NULL, NULL, nhref_oracle_gv_integrals, NULL, NULL},
    {"gv_skates", "integrals only (Ts, f, eta; spec §2.4)", NHREF_ORACLE_GV_NPARAM, NHREF_ORACLE_GV_SKATE_NSTATE, 5, NULL, NULL, NULL, nhref_oracle_gv_skate_integrals, NULL, NULL},
    {"gen", "integrals only (spec §2 table); closed forms of special cases in oracle/oracle_affine.h", NHREF_ORACLE_GEN_NPARAM, NHREF_ORACLE_GEN_NSTATE, NHREF_ORACLE_GEN_NINTEGRAL, NULL, NULL, NULL, nhref_oracle_affine_gen_integrals, NULL, NULL},
    {"red", "integrals only (spec §3)", NHREF_ORACLE_RED_NPARAM, NHREF_ORACLE_RED_NSTATE, NHREF_ORACLE_RED_NINTEGRAL, NULL, NULL, NULL, nhref_oracle_affine_red_integrals, NULL, NULL},
    {"cbcat", "integrals (spec §4); the parallel closed form (4.3) is not registered: it covers only M = lambda gamma on gamma3 = c*", NHREF_ORACLE_CBCAT_NPARAM, NHREF_ORACLE_CBCAT_NSTATE, NHREF_ORACLE_CBCAT_NINTEGRAL, NULL, NULL, NULL, nhref_oracle_affine_cbcat_integrals, NULL, NULL},
    {"cbv", "integrals only (spec §5)", NHREF_ORACLE_CBV_NPARAM, NHREF_ORACLE_CBV_NSTATE, NHREF_ORACLE_CBV_NINTEGRAL, NULL, NULL, NULL, nhref_oracle_affine_cbv_integrals, NULL, NULL},
    {"revcat", "integrals (spec §6); J1, J2 in nhref_oracle_affine_revcat_j", NHREF_ORACLE_REVCAT_NPARAM, NHREF_ORACLE_REVCAT_NSTATE, NHREF_ORACLE_REVCAT_NINTEGRAL, NULL, NULL, NULL, nhref_oracle_affine_revcat_integrals, NULL, NULL},
    {"hcat", "integrals only (spec §7); the sigma = 0 centre circle covers only u (nhref_oracle_affine_centre_circle)", NHREF_ORACLE_HCAT_NPARAM, NHREF_ORACLE_HCAT_NSTATE, NHREF_ORACLE_HCAT_NINTEGRAL, NULL, NULL, NULL, nhref_oracle_affine_hcat_integrals, NULL, NULL},
    /* new oracles: one entry each above this line (wrappers in the model's oracle file) */
};

size_t nhref_oracle_count(void)
{
    return sizeof oracles / sizeof oracles[0];
}

const nhref_oracle_t *nhref_oracle_get(size_t i)
{
    return i < nhref_oracle_count() ? &oracles[i] : NULL;
}

const nhref_oracle_t *nhref_oracle_find(const char *model)
{
    for (size_t i = 0; i < nhref_oracle_count(); i++)
        if (strcmp(oracles[i].model, model) == 0)
            return &oracles[i];
    return NULL;
}

int nhref_oracle_has_solution(const nhref_oracle_t *o)
{
    return o != NULL && (o->solution_new_data != NULL || o->solution_new != NULL);
}

int nhref_oracle_solution_new(const nhref_oracle_t *o, void **sol, mpfr_srcptr p, mpfr_srcptr s0,
                              mpfr_srcptr t0, mpfr_prec_t prec)
{
    if (o != NULL && o->solution_new_data != NULL)
        return o->solution_new_data(sol, p, s0, t0, prec, o->data);
    if (o != NULL && o->solution_new != NULL)
        return o->solution_new(sol, p, s0, prec);
    return NHREF_ENOTFOUND;
}
