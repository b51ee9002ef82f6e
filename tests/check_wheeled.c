/* check_wheeled.c -- the wheeled-vehicle models (gv_wheels, gv_skates, one_wheel,
 * two_links) and the Hadamard–Hamel test systems (hh_a_*, hh_b_*) integrated by
 * nhref against the independent oracle (oracle/wheeled.c), the public
 * reference values of shared/models/wheeled-vehicles.md §7 and identities.
 * Tests are named after the spec's checklist (§8) and the paper's claims:
 * wheels = skates; substituting a constraint into the Lagrangian is wrong for
 * HH-A and for the knife edge of HH-B, right for the wheel spin of HH-B.
 */
#include <math.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "ck_mpfr.h"
#include "nhref_integrate.h"
#include "nhref_oracle.h"
#include "../oracle/oracle_sleigh.h"
#include "../oracle/oracle_wheeled.h"

/* ------------------------------------------------------------------ helpers */
static __mpfr_struct *vec(size_t n, mpfr_prec_t prec)
{
    __mpfr_struct *v = malloc((n ? n : 1) * sizeof *v);
    for (size_t i = 0; i < n; i++) {
        mpfr_init2(v + i, prec);
        mpfr_set_zero(v + i, 1);
    }
    return v;
}

static void vec_free(__mpfr_struct *v, size_t n)
{
    for (size_t i = 0; i < n; i++)
        mpfr_clear(v + i);
    free(v);
}

typedef struct {
    const nhref_model_t *m;
    nhref_system_t *sys;
    nhref_integrator_t *ig;
    mpfr_prec_t prec;
    size_t nx, ni, np;
} run_t;

/* "name=value,name=value" assignments: F(name, value) for each */
static void each_kv(const char *kv, void (*f)(void *, const char *, const char *), void *arg)
{
    char buf[4096], *save = NULL;
    if (kv == NULL || *kv == '\0')
        return;
    snprintf(buf, sizeof buf, "%s", kv);
    for (char *tok = strtok_r(buf, ",", &save); tok != NULL; tok = strtok_r(NULL, ",", &save)) {
        char *eq = strchr(tok, '=');
        ck_assert_ptr_nonnull(eq);
        *eq = '\0';
        f(arg, tok, eq + 1);
    }
}

static void set_param_kv(void *arg, const char *name, const char *value)
{
    ck_assert_msg(nhref_system_set_param(arg, name, value) == NHREF_OK, "parameter %s", name);
}

static void run_open(run_t *r, const char *model, const char *params, double digits,
                     const char *scheme)
{
    nhref_options_t opt;
    r->m = nhref_model_find(model);
    ck_assert_msg(r->m != NULL, "model %s", model);
    ck_assert_int_eq(nhref_system_new(&r->sys, r->m), NHREF_OK);
    each_kv(params, set_param_kv, r->sys);
    nhref_options_default(&opt);
    opt.digits = digits;
    opt.scheme = scheme;
    ck_assert_int_eq(nhref_integrator_new(&r->ig, r->sys, &opt), NHREF_OK);
    r->prec = nhref_integrator_prec(r->ig);
    r->nx = r->m->nstate;
    r->ni = r->m->nintegral;
    r->np = r->m->nparam;
}

static void run_close(run_t *r)
{
    nhref_integrator_free(r->ig);
    nhref_system_free(r->sys);
}

typedef struct {
    const nhref_model_t *m;
    mpfr_ptr x;
} init_arg_t;

static void set_init_kv(void *arg, const char *name, const char *value)
{
    init_arg_t *a = arg;
    int k = nhref_model_state_index(a->m, name);
    ck_assert_msg(k >= 0, "state %s", name);
    ck_assert_int_eq(mpfr_set_str(a->x + k, value, 10, MPFR_RNDN), 0);
}

/* the model's default initial state, then the assignments of INITS */
static void set_init(const nhref_model_t *m, mpfr_ptr x, const char *inits)
{
    init_arg_t a = {m, x};
    for (size_t i = 0; i < m->nstate; i++)
        ck_assert_int_eq(mpfr_set_str(x + i, m->state[i].default_init, 10, MPFR_RNDN), 0);
    each_kv(inits, set_init_kv, &a);
}

/* the parameters of R at the precision of P */
static void get_params(run_t *r, mpfr_ptr p)
{
    ck_assert_int_eq(nhref_system_params(p, r->sys), NHREF_OK);
}

/* integrate X from time T (updated) to TEND */
static void advance(run_t *r, mpfr_ptr x, mpfr_t t, mpfr_srcptr tend)
{
    int st = nhref_integrate_until(r->ig, x, t, tend, NULL);
    ck_assert_msg(st == NHREF_OK, "%s: integration status %s", r->m->name, nhref_strerror(st));
}

static void advance_str(run_t *r, mpfr_ptr x, mpfr_t t, const char *tend)
{
    mpfr_t T;
    mpfr_init2(T, r->prec);
    mpfr_set_str(T, tend, 10, MPFR_RNDN);
    advance(r, x, t, T);
    mpfr_clear(T);
}

/* max over components of |a - b| / max(1, |b|), as a double */
static double max_rel_diff(mpfr_srcptr a, mpfr_srcptr b, size_t n)
{
    double worst = 0;
    mpfr_t d, s;
    mpfr_inits2(mpfr_get_prec(a) + 16, d, s, (mpfr_ptr)0);
    for (size_t i = 0; i < n; i++) {
        mpfr_sub(d, a + i, b + i, MPFR_RNDN);
        mpfr_abs(d, d, MPFR_RNDN);
        mpfr_abs(s, b + i, MPFR_RNDN);
        if (mpfr_cmp_ui(s, 1) < 0)
            mpfr_set_ui(s, 1, MPFR_RNDN);
        mpfr_div(d, d, s, MPFR_RNDN);
        if (mpfr_get_d(d, MPFR_RNDN) > worst)
            worst = mpfr_get_d(d, MPFR_RNDN);
    }
    mpfr_clears(d, s, (mpfr_ptr)0);
    return worst;
}

/* ------------------------------------------------------------------ model sets */
#define OW1 "m=1,j=0.5,Rn=0,Rtau=0.3,i=0.02,h=0.1"
#define OW2 "m=2,j=0.7,Rn=0.15,Rtau=-0.25,i=0.01,h=0.2"
#define TL1 "m=2,J_c=0.3,a=0.4,b1=0.5,b2=0.7,C1=0.8,C2=-0.5,h=0.1,l=0.2"
#define TL2 "m=1.5,J_c=0.25,a=-0.3,b1=0.6,b2=0.4,C1=0,C2=0"
#define TL3 "m=1,J_c=0.4,a=0.2,b1=0.5,b2=0.5,C1=2,C2=2,h=0.1,l=0.2"
#define TL4 "m=1,J_c=0.4,a=0.2,b1=0.5,b2=0.5,C1=-1,C2=-1,h=0.1,l=0.2"
#define TL2_T "3.4128254310493796696741419374237586"
#define TL3_T "1.0727292442238050365896395090654098"

/* How the initial state is completed at working precision from the oracle. */
enum { INIT_PLAIN, INIT_TL, INIT_GV };

typedef struct {
    const char *name, *model, *params, *inits, *T;
    int init_kind;                 /* INIT_TL: inits has psi1, psi2, u (spec §7.3) */
    const char *want;              /* name=value of spec §7 at T */
    double digits;                 /* digits required */
} pub_case_t;

static const pub_case_t pub[] = {
    {"HH-1 true", "hh_a_dalembert", "", "q1=0,q2=0.5,s=0,q1dot=1,q2dot=0.3", "6", INIT_PLAIN,
     "q1=4.0587120240529342129509604254988,q2=2.3,s=5.1800499285399683075944959559989,"
     "q1dot=0.44578934476343251069608088820344,q2dot=0.3", 30},
    {"HH-1 wrong", "hh_a_substituted", "", "q1=0,q2=0.5,s=0,q1dot=1,q2dot=0.3", "6", INIT_PLAIN,
     "q1=1.5900018487705049101226571957585,q2=6.3822337183932311904567470070594,"
     "s=2.3861294462488196742870876973009,q1dot=0.029952382491001221970845463044500,"
     "q2dot=1.1412972977652441951550703151170", 30},
    {"HH-2 true", "hh_a_dalembert", "", "q1=0,q2=1,s=0,q1dot=2,q2dot=0", "3", INIT_PLAIN,
     "q1=6,q2=1,s=6,q1dot=2,q2dot=0", 30},
    {"HH-2 wrong", "hh_a_substituted", "", "q1=0,q2=1,s=0,q1dot=2,q2dot=0", "3", INIT_PLAIN,
     "q1=1.6750611990530765912850741434921,q2=7.9002423951526835238520709696592,"
     "s=3.4131124250466038083098777643306,q1dot=0.063077723048285079194948098979260,"
     "q2dot=2.7834671019803448870113179589173", 30},
    {"OW-1", "one_wheel", OW1, "X=0,Y=0,phi=0,chi=0,v_tau=0.2,omega=1.5", "5", INIT_PLAIN,
     "X=0.050446979227908605608101476625230,Y=-1.3957991800432653611961140754323,"
     "phi=4.2697048228432381945608161962261,chi=-25.346890241793151586199942672907,"
     "v_tau=0.63015162850708758109156603003973,omega=0.32780108379807550187236628675048", 30},
    {"OW-2", "one_wheel", OW2, "X=1,Y=-1,phi=0.5,chi=0,v_tau=-0.4,omega=2", "8", INIT_PLAIN,
     "X=-2.2771908630802597049765326036310,Y=4.8117805835290228502128114914437,"
     "phi=4.0240835998807032242871396449966,chi=42.190582924106280219186997482328,"
     "v_tau=-1.0920145802568570040099685965828,omega=0.0047796051365532462812137326964791", 30},
    {"TL-1", "two_links", TL1, "psi1=0.3,psi2=-0.9,u=1.2", "10", INIT_TL,
     "X=8.8098311498319241479465279401119,Y=-4.0137255270940904946721297788720,"
     "phi=0.27996000711563749336359799458840,psi1=8.0200399928843625066364020054116,"
     "psi2=-6.1799600071156374933635979945884,v1=1.1808664914934571350575986428794,"
     "v2=0.34354392040476395788105040369837,omega=-1.7377934444493359894255007116917,"
     "chi11=-17.800654876950710973760657760309,chi12=14.199345123049289026239342239691,"
     "chi21=13.757729764262105103021737322413,chi22=-6.2422702357378948969782626775874", 30},
    {"TL-2", "two_links", TL2, "psi1=0.2,psi2=1.3,u=0.9", TL2_T, INIT_TL,
     "X=0.42959577862045721321441183967317,Y=-0.91926250983305631380201099430184,"
     "phi=3.1415926535897932384626433832795,psi1=-2.9415926535897932384626433832795,"
     "psi2=-1.8415926535897932384626433832795,v1=0.5290814063773536745194377490221226136667,"
     "v2=-0.2359499953919761340368019564485431740430,omega=0.8020866240552918059566223200845331844870,"
     "chi11=21.623658614102336942176814314164,chi12=21.623658614102336942176814314164,"
     "chi21=4.4584311058958479410962786545648,chi22=4.4584311058958479410962786545648", 30},
    {"TL-3", "two_links", TL3, "psi1=0.7,psi2=-0.4,u=0.8", TL3_T, INIT_TL,
     "X=-0.065179515670702789215503540651036,Y=-0.063414235863664275139437402185672,"
     "phi=-0.99613416514218316528336436514868,psi1=3.8415926535897932384626433832795,"
     "psi2=2.7415926535897932384626433832795,v1=0.1182080826645358300421282982740109494711,"
     "v2=-0.5635730442204733629654721117411064081463,omega=-0.7129658880491482719614420622973628306551,"
     "chi11=-1.1067832199483914425647544268456,chi12=7.4750507338420488501523616456777,"
     "chi21=-8.9718324779653715930939258816975,chi22=-0.38999852417493130037680980917426", 30},
    {"TL-4", "two_links", TL4, "psi1=0.7,psi2=-0.4,u=0.8", "10", INIT_TL,
     "X=-0.82087021731061404020828770043217,Y=0.30229924836143580723051660144188,"
     "phi=-8.8621803972060260767058544137983,psi1=-0.43781960279397392329414558620171,"
     "psi2=-1.5378196027939739232941455862017,v1=-0.51407760747742145469809784356306,"
     "v2=-0.033401675964503836397926287090332,omega=-0.99688325614093081381929685510563,"
     "chi11=44.673474266562615483079947655489,chi12=4.6734742665626154830799476554892,"
     "chi21=112.82893951162203716300950387048,chi22=72.828939511622037163009503870481", 30},
    {"GV-1 skates", "gv_skates", "", "", "3", INIT_GV,
     "X=-0.83522608900257190622257378407001,Y=2.0380915927604462677471320755832,"
     "phi=0.60816116100884883859098939235476,psi1=-0.017825194274425793038907295273585,"
     "psi2=4.1057278688806650689699397447776,v1=-0.70657131601259884715581297399963,"
     "v2=0.49758314450018911506438528813603,omega=-0.69710588547752440984632009976648,"
     "psi1dot=0.79447492814029709257407745901966,psi2dot=1.6843676840531420018440469806147", 30},
    {"GV-1 wheels", "gv_wheels", "", "", "3", INIT_GV,
     "X=-0.83522608900257190622257378407001,Y=2.0380915927604462677471320755832,"
     "phi=0.60816116100884883859098939235476,psi1=-0.017825194274425793038907295273585,"
     "psi2=4.1057278688806650689699397447776,v1=-0.70657131601259884715581297399963,"
     "v2=0.49758314450018911506438528813603,omega=-0.69710588547752440984632009976648,"
     "psi1dot=0.79447492814029709257407745901966,psi2dot=1.6843676840531420018440469806147,"
     "chi11=-12.7878354844115844397803022764,chi12=-12.3119955675755268259000970337,"
     "chi21=-8.17531516863823499864746766245,chi22=-0.956796462118883121899562146278", 28},
};
#define NPUB (sizeof pub / sizeof pub[0])

/* the initial state of case C at the precision of X, completed by the oracle */
static void case_init(run_t *r, mpfr_ptr x, const pub_case_t *c)
{
    mpfr_prec_t prec = mpfr_get_prec(x);
    __mpfr_struct *p = vec(r->np, prec + 64);
    get_params(r, p);
    if (c->init_kind == INIT_PLAIN) {
        set_init(r->m, x, c->inits);
    } else if (c->init_kind == INIT_TL) {
        /* copy the strings: tl_kv keeps pointers into each_kv's buffer */
        char buf[256], *save = NULL, *val[3] = {NULL, NULL, NULL};
        __mpfr_struct *a = vec(3, prec + 64);
        snprintf(buf, sizeof buf, "%s", c->inits);
        for (char *tok = strtok_r(buf, ",", &save); tok; tok = strtok_r(NULL, ",", &save)) {
            char *eq = strchr(tok, '=');
            *eq = '\0';
            val[strcmp(tok, "psi1") == 0 ? 0 : strcmp(tok, "psi2") == 0 ? 1 : 2] = eq + 1;
        }
        for (int i = 0; i < 3; i++)
            mpfr_set_str(a + i, val[i], 10, MPFR_RNDN);
        ck_assert_int_eq(nhref_oracle_tl_initial(x, p, a + 0, a + 1, a + 2, NULL), NHREF_OK);
        vec_free(a, 3);
    } else {
        set_init(r->m, x, c->inits);
        ck_assert_int_eq(nhref_oracle_gv_initial(x, p, strcmp(r->m->name, "gv_wheels") == 0),
                         NHREF_OK);
    }
    vec_free(p, r->np);
}

typedef struct {
    run_t *r;
    mpfr_ptr x;
    double digits;
    const char *cname;
} want_arg_t;

static void check_want(void *arg, const char *name, const char *value)
{
    want_arg_t *a = arg;
    int k = nhref_model_state_index(a->r->m, name);
    ck_assert_msg(k >= 0, "%s: state %s", a->cname, name);
    ck_mpfr_str_at(a->x + k, value, a->digits, "1e-30", name, __FILE__, __LINE__);
}

/* ================================================================== §8 General */

/* §8 MPFR reference runs reproduce every value of §7 to >= 30 significant digits
 * (run at 45 digits; absolute 1e-30 for values near 0) */
START_TEST(test_public_values_mp)
{
    const pub_case_t *c = &pub[_i];
    run_t r;
    mpfr_t t;
    run_open(&r, c->model, c->params, 45, NULL);
    __mpfr_struct *x = vec(r.nx, r.prec);
    case_init(&r, x, c);
    mpfr_init2(t, r.prec);
    mpfr_set_zero(t, 1);
    advance_str(&r, x, t, c->T);
    {
        want_arg_t a = {&r, x, c->digits, c->name};
        each_kv(c->want, check_want, &a);
    }
    mpfr_clear(t);
    vec_free(x, r.nx);
    run_close(&r);
}
END_TEST

/* parameter validation of every model: (model, parameter assignment, ok?) */
static const struct {
    const char *model, *params;
    int ok;
} psets[] = {
    {"one_wheel", OW1, 1},
    {"one_wheel", "m=0", 0},
    {"one_wheel", "m=-1", 0},
    {"one_wheel", "h=0", 0},
    {"one_wheel", "i=-1e-30", 0},
    {"one_wheel", "j=0.01", 0},                          /* below m (Rn^2 + Rtau^2) */
    {"one_wheel", "m=1,j=0.25,Rn=0.5,Rtau=0,i=0", 0},    /* D = 0 */
    {"hh_b_dalembert", "h=-0.1", 0},
    {"hh_b_spin_substituted", "m=0", 0},
    {"hh_b_knife_substituted", "i=-1", 0},
    {"two_links", TL1, 1},
    {"two_links", "m=0", 0},
    {"two_links", "J_c=0", 0},
    {"two_links", "J_c=-0.1", 0},
    {"two_links", "b1=0.5,b2=-0.5", 0},
    {"two_links", "h=0", 0},
    {"two_links", "l=-0.1", 0},
    {"gv_wheels", "", 1},
    {"gv_wheels", "m_f=0", 0},
    {"gv_wheels", "m_1=0", 0},
    {"gv_wheels", "m_2=-1", 0},
    {"gv_wheels", "h_1=0", 0},
    {"gv_wheels", "l_2=-0.1", 0},
    {"gv_wheels", "i_1=-0.01", 0},
    {"gv_wheels", "r_21=0.3,r_22=1", 0},                 /* r_1 = r_2 */
    {"gv_wheels", "I_f=0.1", 0},                         /* < m_f |R_f|^2 = 0.15: singular KKT */
    {"gv_wheels", "j_2=0.001", 0},                       /* below m_2 |R0_2|^2 */
    {"gv_skates", "", 1},
    {"gv_skates", "m_f=-3", 0},
    {"gv_skates", "h_2=0", 0},
    {"gv_skates", "r_21=0.3,r_22=1", 0},
};

START_TEST(test_parameter_validation)
{
    nhref_system_t *sys;
    nhref_integrator_t *ig = NULL;
    char why[512] = "";
    const nhref_model_t *m = nhref_model_find(psets[_i].model);
    ck_assert_ptr_nonnull(m);
    ck_assert_int_eq(nhref_system_new(&sys, m), NHREF_OK);
    each_kv(psets[_i].params, set_param_kv, sys);
    ck_assert_int_eq(nhref_system_check(sys, why, sizeof why), psets[_i].ok ? NHREF_OK : NHREF_EPARAM);
    ck_assert_int_eq(nhref_integrator_new(&ig, sys, NULL), psets[_i].ok ? NHREF_OK : NHREF_EPARAM);
    if (!psets[_i].ok)
        ck_assert_msg(strstr(why, "admissible") != NULL, "%s %s: reason '%s'", psets[_i].model,
                      psets[_i].params, why);
    nhref_integrator_free(ig);
    nhref_system_free(sys);
}
END_TEST

/* check_init of MODEL at PREC bits on the default state with INITS: expect OK? */
static void expect_init(const char *model, const char *params, const char *inits, mpfr_prec_t prec,
                        int ok, const char *needle)
{
    nhref_system_t *sys;
    const nhref_model_t *m = nhref_model_find(model);
    __mpfr_struct *x = vec(m->nstate, prec);
    char why[512] = "";
    ck_assert_int_eq(nhref_system_new(&sys, m), NHREF_OK);
    each_kv(params, set_param_kv, sys);
    set_init(m, x, inits);
    ck_assert_msg(nhref_system_check_init(sys, x, why, sizeof why) == (ok ? NHREF_OK : NHREF_EPARAM),
                  "%s [%s] at %ld bits: expected %s, reason '%s'", model, inits, (long)prec,
                  ok ? "ok" : "refusal", why);
    if (!ok && needle != NULL)
        ck_assert_msg(strstr(why, needle) != NULL, "%s: reason '%s' lacks '%s'", model, why, needle);
    vec_free(x, m->nstate);
    nhref_system_free(sys);
}

/* §8: refuse initial data violating the constraints (1e-40 in MPFR, 1e-12 in
 * double, relative); accept the defaults (which satisfy them to 1e-60) */
START_TEST(test_initial_constraints)
{
    /* the defaults are physical at both precisions */
    const char *models[] = {"gv_wheels", "gv_skates", "two_links", "hh_b_dalembert"};
    for (int i = 0; i < 4; i++) {
        expect_init(models[i], "", "", 200, 1, NULL);
        expect_init(models[i], "", "", 53, 1, NULL);
    }
    /* perturbed by 1e-30: refused in MPFR, accepted in double */
    expect_init("gv_skates", "", "v1=0.139562621883958679722662155751454809413", 200, 0, "f_");
    expect_init("gv_wheels", "", "chi21dot=-3.16413000119048636308211190486509", 200, 0, "g_21");
    expect_init("gv_wheels", "", "chi21dot=-3.16413000119048636308211190486509", 53, 1, NULL);
    expect_init("two_links", "", "omega=-1.11844690316060", 200, 0, "f1");
    expect_init("hh_b_dalembert", "", "v1=1e-30", 200, 0, "F1");
    expect_init("hh_b_dalembert", "", "chidot=-2.000000001", 53, 0, "F2");
    expect_init("gv_wheels", "", "v2=0.7934798", 53, 0, "f_");
}
END_TEST

/* §8: refuse initial data on the singular set: two_links with cos psi1 =
 * cos psi2 = 0; gv with A(psi) rank-deficient (rho_tau = 0, coinciding axles) */
START_TEST(test_singular_set_refused)
{
    char psi[128], inits[512];
    mpfr_t a;
    mpfr_init2(a, 300);
    mpfr_const_pi(a, MPFR_RNDN);
    mpfr_div_2ui(a, a, 1, MPFR_RNDN);
    mpfr_snprintf(psi, sizeof psi, "%.80Rf", a);
    snprintf(inits, sizeof inits, "psi1=%s,psi2=%s,v1=1,v2=0,omega=0", psi, psi);
    expect_init("two_links", "", inits, 200, 0, "cos psi1 = cos psi2 = 0");
    /* one axle along the hinge line only: regular */
    snprintf(inits, sizeof inits, "psi1=%s,psi2=0.3,v1=0,v2=0,omega=0", psi);
    expect_init("two_links", "", inits, 200, 1, NULL);
    /* gv: r_2 - r_1 = (-0.5, -1.8), n_1 = n_2 along it, rho_tau = 0, at rest */
    mpfr_set_str(a, "-1.8", 10, MPFR_RNDN);
    {
        mpfr_t b;
        mpfr_init2(b, 300);
        mpfr_set_str(b, "-0.5", 10, MPFR_RNDN);
        mpfr_atan2(a, a, b, MPFR_RNDN);
        mpfr_clear(b);
    }
    mpfr_snprintf(psi, sizeof psi, "%.80Rf", a);
    snprintf(inits, sizeof inits,
             "psi1=%s,psi2=%s,v1=0,v2=0,omega=0,psi1dot=0,psi2dot=0,chi11dot=0,chi12dot=0,"
             "chi21dot=0,chi22dot=0", psi, psi);
    expect_init("gv_wheels", "rho_1tau=0,rho_2tau=0", inits, 200, 0, "rank-deficient");
    expect_init("gv_wheels", "", inits, 200, 1, NULL); /* casters: never singular */
    mpfr_clear(a);
}
END_TEST

/* velocity components negated by time reversal (indices into the state) */
static const struct {
    const char *model, *params, *negate, *inits;
    int tl; /* negate C1, C2 too */
    const char *T;
} rev[] = {
    {"hh_a_dalembert", "", "q1dot,q2dot", "q1=0,q2=0.5,s=0,q1dot=1,q2dot=0.3", 0, "6"},
    {"hh_a_substituted", "", "q1dot,q2dot", "q1=0,q2=0.5,s=0,q1dot=1,q2dot=0.3", 0, "6"},
    {"one_wheel", OW2, "v_tau,omega", "X=1,Y=-1,phi=0.5,chi=0,v_tau=-0.4,omega=2", 0, "8"},
    {"hh_b_dalembert", OW1, "v1,v2,omega,chidot", "", 0, "5"},
    {"hh_b_spin_substituted", OW1, "v1,v2,omega", "", 0, "5"},
    {"hh_b_knife_substituted", OW1, "v_tau,omega", "", 0, "5"},
    {"two_links", TL1, "v1,v2,omega", "", 1, "10"},
    {"gv_skates", "", "v1,v2,omega,psi1dot,psi2dot", "", 0, "3"},
    {"gv_wheels", "", "v1,v2,omega,psi1dot,psi2dot,chi11dot,chi12dot,chi21dot,chi22dot", "", 0, "3"},
};

static void negate_kv(void *arg, const char *name, const char *value)
{
    init_arg_t *a = arg;
    int k = nhref_model_state_index(a->m, name);
    (void)value;
    ck_assert_int_ge(k, 0);
    mpfr_neg(a->x + k, a->x + k, MPFR_RNDN);
}

static void negate(const nhref_model_t *m, mpfr_ptr x, const char *names)
{
    char buf[512], *save = NULL;
    init_arg_t a = {m, x};
    snprintf(buf, sizeof buf, "%s", names);
    for (char *tok = strtok_r(buf, ",", &save); tok; tok = strtok_r(NULL, ",", &save))
        negate_kv(&a, tok, NULL);
}

/* §8 time reversibility: to T, negate the velocities (TL: also C1, C2), T
 * again, negate back: the initial state (MPFR: 1e-30, here at 40 digits) */
START_TEST(test_time_reversibility)
{
    run_t r, rb;
    mpfr_t t;
    char params_rev[512];
    run_open(&r, rev[_i].model, rev[_i].params, 40, NULL);
    __mpfr_struct *x = vec(r.nx, r.prec), *x0 = vec(r.nx, r.prec);
    set_init(r.m, x0, rev[_i].inits);
    for (size_t k = 0; k < r.nx; k++)
        mpfr_set(x + k, x0 + k, MPFR_RNDN);
    mpfr_init2(t, r.prec);
    mpfr_set_zero(t, 1);
    advance_str(&r, x, t, rev[_i].T);
    negate(r.m, x, rev[_i].negate);
    if (rev[_i].tl) /* C_k -> -C_k: TL-1 has C1 = 0.8, C2 = -0.5 */
        snprintf(params_rev, sizeof params_rev, "%s,C1=-0.8,C2=0.5", rev[_i].params);
    else
        snprintf(params_rev, sizeof params_rev, "%s", rev[_i].params);
    run_open(&rb, rev[_i].model, params_rev, 40, NULL);
    mpfr_set_zero(t, 1);
    advance_str(&rb, x, t, rev[_i].T);
    negate(r.m, x, rev[_i].negate);
    ck_assert_msg(max_rel_diff(x, x0, r.nx) < 1e-30, "%s: reversal error %g", rev[_i].model,
                  max_rel_diff(x, x0, r.nx));
    mpfr_clear(t);
    vec_free(x, r.nx);
    vec_free(x0, r.nx);
    run_close(&r);
    run_close(&rb);
}
END_TEST

/* ================================================================== HH-A */

/* §8 HH-A true model: q2dot exactly constant, p and E conserved, closed form
 * (spec §1.5) matched at several times (1e-35), also for c = 0 (HH-2) */
START_TEST(test_hha_true_integrals_closed_form)
{
    const char *inits[2] = {"q1=0,q2=0.5,s=0,q1dot=1,q2dot=0.3", "q1=0,q2=1,s=0,q1dot=2,q2dot=0"};
    run_t r;
    mpfr_t t, T;
    run_open(&r, "hh_a_dalembert", "", 45, NULL);
    __mpfr_struct *x = vec(5, r.prec), *x0 = vec(5, r.prec), *want = vec(5, r.prec + 64);
    __mpfr_struct *I0 = vec(3, r.prec), *I = vec(3, r.prec), *J = vec(3, r.prec);
    mpfr_inits2(r.prec, t, T, (mpfr_ptr)0);
    set_init(r.m, x0, inits[_i]);
    for (int k = 0; k < 5; k++)
        mpfr_set(x + k, x0 + k, MPFR_RNDN);
    mpfr_set_zero(t, 1);
    nhref_integrator_integrals(r.ig, I0, t, x);
    for (int j = 1; j <= 6; j++) {
        mpfr_set_ui(T, (unsigned long)j, MPFR_RNDN);
        advance(&r, x, t, T);
        ck_assert_mpfr_eq(x + 4, x0 + 4); /* q2dot exactly constant */
        nhref_integrator_integrals(r.ig, I, t, x);
        ck_assert_mpfr_digits(I + 0, I0 + 0, 40, "1");
        ck_assert_mpfr_digits(I + 1, I0 + 1, 40, "1");
        ck_assert_int_eq(nhref_oracle_hha_state(want, x0, T), NHREF_OK);
        for (int k = 0; k < 5; k++)
            ck_assert_mpfr_digits(x + k, want + k, 35, "1");
        /* the monitoring tape and the oracle's integrals agree */
        ck_assert_int_eq(nhref_oracle_hha_integrals(J, NULL, x, t), NHREF_OK);
        for (int k = 0; k < 3; k++)
            ck_assert_mpfr_digits(I + k, J + k, 42, "1");
    }
    mpfr_clears(t, T, (mpfr_ptr)0);
    vec_free(x, 5);
    vec_free(x0, 5);
    vec_free(want, 5);
    vec_free(I0, 3);
    vec_free(I, 3);
    vec_free(J, 3);
    run_close(&r);
}
END_TEST

/* §8 HH-A wrong model: p1 = (1 + q2^2) q1dot and E conserved; q2dot not constant */
START_TEST(test_hha_wrong_integrals)
{
    run_t r;
    mpfr_t t, T;
    run_open(&r, "hh_a_substituted", "", 45, NULL);
    __mpfr_struct *x = vec(5, r.prec), *I0 = vec(2, r.prec), *I = vec(2, r.prec), *J = vec(2, r.prec);
    mpfr_inits2(r.prec, t, T, (mpfr_ptr)0);
    set_init(r.m, x, "q1=0,q2=0.5,s=0,q1dot=1,q2dot=0.3");
    mpfr_set_zero(t, 1);
    nhref_integrator_integrals(r.ig, I0, t, x);
    for (int j = 1; j <= 6; j++) {
        mpfr_set_ui(T, (unsigned long)j, MPFR_RNDN);
        advance(&r, x, t, T);
        nhref_integrator_integrals(r.ig, I, t, x);
        ck_assert_mpfr_digits(I + 0, I0 + 0, 40, "1");
        ck_assert_mpfr_digits(I + 1, I0 + 1, 40, "1");
        ck_assert_int_eq(nhref_oracle_hha_wrong_integrals(J, NULL, x, t), NHREF_OK);
        ck_assert_mpfr_digits(I + 1, J + 1, 42, "1");
        ck_assert(mpfr_cmp_d(x + 4, 0.31) > 0); /* q2dot grows: 0.3 -> 1.14 at T = 6 */
    }
    mpfr_clears(t, T, (mpfr_ptr)0);
    vec_free(x, 5);
    vec_free(I0, 2);
    vec_free(I, 2);
    vec_free(J, 2);
    run_close(&r);
}
END_TEST

/* integrate MODEL (PARAMS) from INITS to T at DIGITS into X */
static void run_once(mpfr_ptr x, const char *model, const char *params, const char *inits,
                     const char *T, double digits)
{
    run_t r;
    mpfr_t t;
    run_open(&r, model, params, digits, NULL);
    set_init(r.m, x, inits);
    mpfr_init2(t, r.prec);
    mpfr_set_zero(t, 1);
    advance_str(&r, x, t, T);
    mpfr_clear(t);
    run_close(&r);
}

/* the paper's claim for HH-A and §8: the substituted and the correct equations
 * give different motions; HH-2: q2(3) = 1 (true) vs 7.9002423951526835238520709696592 */
START_TEST(test_hha_substitution_differs)
{
    __mpfr_struct *a = vec(5, 250), *b = vec(5, 250);
    const char *in = "q1=0,q2=1,s=0,q1dot=2,q2dot=0";
    run_once(a, "hh_a_dalembert", "", in, "3", 50);
    run_once(b, "hh_a_substituted", "", in, "3", 50);
    ck_assert_mpfr_str(a + 1, "1", 45, "1");
    ck_assert_mpfr_str(b + 1, "7.9002423951526835238520709696592", 30, "1");
    printf("HH-A (HH-2, T = 3): |q2_true - q2_substituted| = %.6f, max component separation %.6f\n",
           fabs(mpfr_get_d(a + 1, MPFR_RNDN) - mpfr_get_d(b + 1, MPFR_RNDN)), max_rel_diff(a, b, 5));
    ck_assert(max_rel_diff(a, b, 5) > 1);
    vec_free(a, 5);
    vec_free(b, 5);
}
END_TEST

/* ================================================================== HH criterion */

/* Theorem 1 for HH-A (spec §1.4 row 1): N = q2 q1' (q2', -q1') != 0, no f: not quasi-holonomic */
START_TEST(test_criterion_particle)
{
    __mpfr_struct *N = vec(2, 200), *dG = vec(8, 200), *p = vec(1, 200), *zd = vec(2, 200), *res = vec(1, 200);
    int quasi = -1;
    /* z = (q1, q2) = (0.3, 1.7), z' = (0.8, -0.6); G = (q2, 0): dG_11/dz_2 = 1 */
    mpfr_set_ui(dG + (0 * 2 + 0) * 2 + 1, 1, MPFR_RNDN);
    mpfr_set_str(zd + 0, "0.8", 10, MPFR_RNDN);
    mpfr_set_str(zd + 1, "-0.6", 10, MPFR_RNDN);
    mpfr_set_str(p, "1.36", 10, MPFR_RNDN); /* p = s' = q2 q1' = 1.7 * 0.8 */
    ck_assert_int_eq(nhref_oracle_hh_criterion_z(N, NULL, res, &quasi, 2, 1, 0, dG, p, NULL, zd), NHREF_OK);
    ck_assert_mpfr_str(N + 0, "-0.816", 55, "1"); /* 1.36 * (-0.6) */
    ck_assert_mpfr_str(N + 1, "-1.088", 55, "1"); /* 1.36 * (-0.8) */
    ck_assert_int_eq(quasi, 0);
    vec_free(N, 2);
    vec_free(dG, 8);
    vec_free(p, 1);
    vec_free(zd, 2);
    vec_free(res, 1);
}
END_TEST

/* Theorem 1 for the one wheel in Cartesian coordinates (spec §1.4 row 2):
 * g = (X' sin phi - Y' cos phi)/h with f = X' cos phi + Y' sin phi:
 * N = -(i u phi'/h^2)(cos phi, sin phi, 0), quasi-holonomic, kappa = -i u phi'/h^2.
 * And the knife edge substituted instead (y = X, X' = -tan(phi) Y', z = (Y, phi, chi),
 * f = h chi' - Y'/cos phi): N has a phi component, not quasi-holonomic. */
START_TEST(test_criterion_one_wheel_cartesian)
{
    const mpfr_prec_t pr = 200;
    __mpfr_struct *N = vec(3, pr), *dG = vec(27, pr), *p = vec(1, pr), *zd = vec(3, pr);
    __mpfr_struct *F = vec(3, pr), *kap = vec(1, pr), *res = vec(1, pr), *w = vec(1, pr);
    mpfr_t phi, c, s, h, i, u, phid;
    int quasi = -1;
    mpfr_inits2(pr, phi, c, s, h, i, u, phid, (mpfr_ptr)0);
    mpfr_set_str(phi, "0.7", 10, MPFR_RNDN);
    mpfr_set_str(h, "0.1", 10, MPFR_RNDN);
    mpfr_set_str(i, "0.02", 10, MPFR_RNDN);
    mpfr_set_str(u, "1.3", 10, MPFR_RNDN);
    mpfr_set_str(phid, "-0.4", 10, MPFR_RNDN);
    mpfr_sin_cos(s, c, phi, MPFR_RNDN);
    /* z = (X, Y, phi); on f = 0: X' = -u sin phi, Y' = u cos phi */
    mpfr_mul(zd + 0, u, s, MPFR_RNDN);
    mpfr_neg(zd + 0, zd + 0, MPFR_RNDN);
    mpfr_mul(zd + 1, u, c, MPFR_RNDN);
    mpfr_set(zd + 2, phid, MPFR_RNDN);
    /* G = (sin phi/h, -cos phi/h, 0): dG_1/dphi = cos/h, dG_2/dphi = sin/h */
    mpfr_div(dG + (0 * 3 + 0) * 3 + 2, c, h, MPFR_RNDN);
    mpfr_div(dG + (0 * 3 + 1) * 3 + 2, s, h, MPFR_RNDN);
    /* p = i chi' = i g = -i u/h */
    mpfr_mul(p, i, u, MPFR_RNDN);
    mpfr_div(p, p, h, MPFR_RNDN);
    mpfr_neg(p, p, MPFR_RNDN);
    mpfr_set(F + 0, c, MPFR_RNDN);
    mpfr_set(F + 1, s, MPFR_RNDN);
    ck_assert_int_eq(nhref_oracle_hh_criterion_z(N, kap, res, &quasi, 3, 1, 1, dG, p, F, zd), NHREF_OK);
    ck_assert_int_eq(quasi, 1);
    /* kappa = -i u phi'/h^2 = -0.02 * 1.3 * (-0.4) / 0.01 = 1.04 */
    ck_assert_mpfr_str(kap, "1.04", 55, "1");

    /* the knife edge substituted: z = (Y, phi, chi), G_X = (-tan phi, 0, 0),
     * dG/dphi = -sec^2 phi; f = -Y'/cos phi + h chi' */
    for (int k = 0; k < 27; k++)
        mpfr_set_zero(dG + k, 1);
    mpfr_sqr(w, c, MPFR_RNDN);
    mpfr_ui_div(w, 1, w, MPFR_RNDN);
    mpfr_neg(dG + (0 * 3 + 0) * 3 + 1, w, MPFR_RNDN);
    mpfr_set(zd + 0, u, MPFR_RNDN);                 /* Y' */
    mpfr_set(zd + 1, phid, MPFR_RNDN);              /* phi' */
    mpfr_div(zd + 2, u, c, MPFR_RNDN);
    mpfr_div(zd + 2, zd + 2, h, MPFR_RNDN);          /* chi' = Y'/(h cos phi): f = 0 */
    mpfr_ui_div(F + 0, 1, c, MPFR_RNDN);
    mpfr_neg(F + 0, F + 0, MPFR_RNDN);
    mpfr_set_zero(F + 1, 1);
    mpfr_set(F + 2, h, MPFR_RNDN);
    mpfr_set_str(p, "0.9", 10, MPFR_RNDN); /* p_X = m X' + ..., any nonzero value */
    ck_assert_int_eq(nhref_oracle_hh_criterion_z(N, kap, res, &quasi, 3, 1, 1, dG, p, F, zd), NHREF_OK);
    ck_assert_int_eq(quasi, 0);
    ck_assert(mpfr_cmp_d(res, 0.01) > 0);
    mpfr_clears(phi, c, s, h, i, u, phid, (mpfr_ptr)0);
    vec_free(N, 3);
    vec_free(dG, 27);
    vec_free(p, 1);
    vec_free(zd, 3);
    vec_free(F, 3);
    vec_free(kap, 1);
    vec_free(res, 1);
    vec_free(w, 1);
}
END_TEST

/* Theorem 2 for a wheel pair of a GV link (spec §1.4 rows 3-4, paper 3.11):
 * quasi-velocities w = (v1, v2, omega, psi'); [g^eta]_w = 0 identically and
 * [g^xi]_w = ((omega + psi')/h) df/dw on f = 0 */
START_TEST(test_criterion_wheel_pair_quasi_velocities)
{
    const mpfr_prec_t pr = 200;
    const size_t R = 4;
    __mpfr_struct *N = vec(R, pr), *g = vec(R, pr), *ag = vec(R * R, pr), *cc = vec(R * R * R, pr);
    __mpfr_struct *p = vec(1, pr), *F = vec(R, pr), *w = vec(R, pr), *kap = vec(1, pr), *res = vec(1, pr);
    mpfr_t c, s, psi, r1, r2, rn, rt, h, l, t, want;
    int quasi = -1;
    mpfr_inits2(pr, c, s, psi, r1, r2, rn, rt, h, l, t, want, (mpfr_ptr)0);
    mpfr_set_str(psi, "0.4", 10, MPFR_RNDN);
    mpfr_set_str(r1, "0.3", 10, MPFR_RNDN);
    mpfr_set_str(r2, "1", 10, MPFR_RNDN);
    mpfr_set_str(rn, "0.02", 10, MPFR_RNDN);
    mpfr_set_str(rt, "-0.15", 10, MPFR_RNDN);
    mpfr_set_str(h, "0.2", 10, MPFR_RNDN);
    mpfr_set_str(l, "0.25", 10, MPFR_RNDN);
    mpfr_sin_cos(s, c, psi, MPFR_RNDN);
    ck_assert_int_eq(nhref_oracle_hh_planar_c(cc, R), NHREF_OK);
    /* f = [c, s, r1 s - r2 c - rho_tau, -rho_tau] */
    mpfr_set(F + 0, c, MPFR_RNDN);
    mpfr_set(F + 1, s, MPFR_RNDN);
    mpfr_mul(F + 2, r1, s, MPFR_RNDN);
    mpfr_mul(t, r2, c, MPFR_RNDN);
    mpfr_sub(F + 2, F + 2, t, MPFR_RNDN);
    mpfr_sub(F + 2, F + 2, rt, MPFR_RNDN);
    mpfr_neg(F + 3, rt, MPFR_RNDN);
    /* w on f = 0: choose v2, omega, psi' and solve for v1 */
    mpfr_set_str(w + 1, "0.7", 10, MPFR_RNDN);
    mpfr_set_str(w + 2, "0.6", 10, MPFR_RNDN);
    mpfr_set_str(w + 3, "-0.3", 10, MPFR_RNDN);
    mpfr_mul(t, F + 1, w + 1, MPFR_RNDN);
    mpfr_fma(t, F + 2, w + 2, t, MPFR_RNDN);
    mpfr_fma(t, F + 3, w + 3, t, MPFR_RNDN);
    mpfr_div(w + 0, t, c, MPFR_RNDN);
    mpfr_neg(w + 0, w + 0, MPFR_RNDN);
    mpfr_set_str(p, "1.7", 10, MPFR_RNDN);

    /* xi: g = -[(v_k, tau_k) + rho_n omega_k]/h = -(1/h)[-s, c, r1 c + r2 s + rho_n, rho_n];
     * a_4 = d/dpsi: a_4(g) = -(1/h)[-c, -s, -r1 s + r2 c, 0] (index [j][s = 3]) */
    mpfr_neg(g + 0, s, MPFR_RNDN);
    mpfr_set(g + 1, c, MPFR_RNDN);
    mpfr_mul(g + 2, r1, c, MPFR_RNDN);
    mpfr_fma(g + 2, r2, s, g + 2, MPFR_RNDN);
    mpfr_add(g + 2, g + 2, rn, MPFR_RNDN);
    mpfr_set(g + 3, rn, MPFR_RNDN);
    mpfr_neg(ag + 0 * R + 3, c, MPFR_RNDN);
    mpfr_neg(ag + 1 * R + 3, s, MPFR_RNDN);
    mpfr_mul(ag + 2 * R + 3, r2, c, MPFR_RNDN);
    mpfr_mul(t, r1, s, MPFR_RNDN);
    mpfr_sub(ag + 2 * R + 3, ag + 2 * R + 3, t, MPFR_RNDN);
    for (size_t j = 0; j < R; j++) {
        mpfr_div(g + j, g + j, h, MPFR_RNDN);
        mpfr_neg(g + j, g + j, MPFR_RNDN);
        mpfr_div(ag + j * R + 3, ag + j * R + 3, h, MPFR_RNDN);
        mpfr_neg(ag + j * R + 3, ag + j * R + 3, MPFR_RNDN);
    }
    ck_assert_int_eq(nhref_oracle_hh_criterion_w(N, kap, res, &quasi, R, 1, 1, g, ag, cc, p, F, w), NHREF_OK);
    ck_assert_int_eq(quasi, 1);
    /* kappa = p (omega + psi')/h */
    mpfr_add(want, w + 2, w + 3, MPFR_RNDN);
    mpfr_mul(want, want, p, MPFR_RNDN);
    mpfr_div(want, want, h, MPFR_RNDN);
    ck_assert_mpfr_digits(kap, want, 55, "1");

    /* eta: g = -(l/h)[0, 0, 1, 1], constant */
    for (size_t j = 0; j < R * R; j++)
        mpfr_set_zero(ag + j, 1);
    mpfr_set_zero(g + 0, 1);
    mpfr_set_zero(g + 1, 1);
    mpfr_div(g + 2, l, h, MPFR_RNDN);
    mpfr_neg(g + 2, g + 2, MPFR_RNDN);
    mpfr_set(g + 3, g + 2, MPFR_RNDN);
    /* off the manifold too: N = 0 identically */
    mpfr_set_str(w + 0, "0.123", 10, MPFR_RNDN);
    ck_assert_int_eq(nhref_oracle_hh_criterion_w(N, kap, res, &quasi, R, 1, 1, g, ag, cc, p, F, w), NHREF_OK);
    for (size_t j = 0; j < R; j++)
        ck_assert(mpfr_zero_p(N + j));
    ck_assert_int_eq(quasi, 1);
    mpfr_clears(c, s, psi, r1, r2, rn, rt, h, l, t, want, (mpfr_ptr)0);
    vec_free(N, R);
    vec_free(g, R);
    vec_free(ag, R * R);
    vec_free(cc, R * R * R);
    vec_free(p, 1);
    vec_free(F, R);
    vec_free(w, R);
    vec_free(kap, 1);
    vec_free(res, 1);
}
END_TEST

/* ================================================================== HH-B / OW */

/* §8 HH-B/OW: full 4-velocity KKT model (hh_b_dalembert), the wheel-spin
 * substituted model and the reduced sleigh ODE (one_wheel) give the same
 * (X, Y, phi, v_tau, omega) and chi, at 50 digits to the working precision */
START_TEST(test_hhb_wheel_spin_substitution_agrees)
{
    const char *params[2] = {OW1, OW2};
    const char *red_in[2] = {"", "X=1,Y=-1,phi=0.5,chi=0,v_tau=-0.4,omega=2"};
    const char *full_in[2] = {"", "X=1,Y=-1,phi=0.5,chi=0,v1=0,v2=-0.4,omega=2,chidot=2"};
    const char *spin_in[2] = {"", "X=1,Y=-1,phi=0.5,chi=0,v1=0,v2=-0.4,omega=2"};
    const char *T[2] = {"5", "8"};
    __mpfr_struct *a = vec(6, 250), *b = vec(8, 250), *c = vec(7, 250), *bb = vec(6, 250), *cc = vec(6, 250);
    double d1, d2;
    run_once(a, "one_wheel", params[_i], red_in[_i], T[_i], 50);
    run_once(b, "hh_b_dalembert", params[_i], full_in[_i], T[_i], 50);
    run_once(c, "hh_b_spin_substituted", params[_i], spin_in[_i], T[_i], 50);
    for (int k = 0; k < 4; k++) {
        mpfr_set(bb + k, b + k, MPFR_RNDN);
        mpfr_set(cc + k, c + k, MPFR_RNDN);
    }
    mpfr_set(bb + 4, b + 5, MPFR_RNDN);
    mpfr_set(bb + 5, b + 6, MPFR_RNDN);
    mpfr_set(cc + 4, c + 5, MPFR_RNDN);
    mpfr_set(cc + 5, c + 6, MPFR_RNDN);
    ck_assert(mpfr_zero_p(b + 4)); /* v1 stays exactly 0 */
    d1 = max_rel_diff(bb, a, 6);
    d2 = max_rel_diff(cc, a, 6);
    printf("HH-B wheel spin (%s): full KKT vs one_wheel %.2g, spin-substituted vs one_wheel %.2g\n",
           _i ? "OW-2" : "OW-1", d1, d2);
    ck_assert(d1 < 1e-45);
    ck_assert(d2 < 1e-45);
    vec_free(a, 6);
    vec_free(b, 8);
    vec_free(c, 7);
    vec_free(bb, 6);
    vec_free(cc, 6);
}
END_TEST

/* the paper's claim for the knife edge of HH-B and §8: substituting it gives a
 * different motion (OW-1: omega(5) = 1.5 vs 0.32780108379807550187236628675048) */
START_TEST(test_hhb_knife_substitution_differs)
{
    __mpfr_struct *a = vec(6, 250), *b = vec(6, 250);
    run_once(a, "one_wheel", OW1, "", "5", 50);
    run_once(b, "hh_b_knife_substituted", OW1, "", "5", 50);
    ck_assert_mpfr_str(b + 5, "1.5", 60, "1");
    ck_assert_mpfr_str(b + 4, "0.2", 60, "1");
    ck_assert_mpfr_str(a + 5, "0.32780108379807550187236628675048", 30, "1");
    printf("HH-B knife edge (OW-1, T = 5): |omega_true - omega_substituted| = %.6f, "
           "|(X, Y)| separation = %.6f, max component separation %.6f\n",
           fabs(mpfr_get_d(a + 5, MPFR_RNDN) - 1.5),
           hypot(mpfr_get_d(a + 0, MPFR_RNDN) - mpfr_get_d(b + 0, MPFR_RNDN),
                 mpfr_get_d(a + 1, MPFR_RNDN) - mpfr_get_d(b + 1, MPFR_RNDN)),
           max_rel_diff(a, b, 6));
    ck_assert(max_rel_diff(a, b, 6) > 0.5);
    vec_free(a, 6);
    vec_free(b, 6);
}
END_TEST

/* §8 OW: closed form 3.4 (omega, v_tau, phi; and chi, X, Y) matched at several
 * times including t < 0 (1e-35), E conserved (< 1e-40 relative), monitoring
 * integrals = oracle integrals and constant (heading relation, time shift) */
START_TEST(test_ow_closed_form_and_integrals)
{
    const char *params[2] = {OW1, OW2};
    const char *in[2] = {"X=0,Y=0,phi=0,chi=0,v_tau=0.2,omega=1.5", "X=1,Y=-1,phi=0.5,chi=0,v_tau=-0.4,omega=2"};
    run_t r;
    mpfr_t t, T;
    nhref_oracle_ow_t *o;
    run_open(&r, "one_wheel", params[_i], 50, NULL);
    __mpfr_struct *x = vec(6, r.prec), *x0 = vec(6, r.prec), *want = vec(6, r.prec), *p = vec(6, r.prec + 64);
    __mpfr_struct *I0 = vec(3, r.prec), *I = vec(3, r.prec), *J = vec(3, r.prec);
    mpfr_inits2(r.prec, t, T, (mpfr_ptr)0);
    get_params(&r, p);
    set_init(r.m, x0, in[_i]);
    ck_assert_int_eq(nhref_oracle_ow_new(&o, p, x0, r.prec, 0), NHREF_OK);
    for (int dir = -1; dir <= 1; dir += 2) {
        for (int k = 0; k < 6; k++)
            mpfr_set(x + k, x0 + k, MPFR_RNDN);
        mpfr_set_zero(t, 1);
        nhref_integrator_integrals(r.ig, I0, t, x);
        for (int j = 1; j <= 5; j++) {
            mpfr_set_si(T, dir * 2 * j, MPFR_RNDN);
            advance(&r, x, t, T);
            ck_assert_int_eq(nhref_oracle_ow_state(want, o, T), NHREF_OK);
            for (int k = 0; k < 6; k++)
                ck_assert_mpfr_digits(x + k, want + k, 35, "1");
            nhref_integrator_integrals(r.ig, I, t, x);
            ck_assert_mpfr_digits(I + 0, I0 + 0, 40, "0");
            ck_assert_mpfr_digits(I + 1, I0 + 1, 35, "1");
            ck_assert_mpfr_digits(I + 2, I0 + 2, 35, "1");
            ck_assert_int_eq(nhref_oracle_ow_integrals(J, p, x, t), NHREF_OK);
            for (int k = 0; k < 3; k++)
                ck_assert_mpfr_digits(I + k, J + k, 40, "1");
        }
    }
    nhref_oracle_ow_free(o);
    mpfr_clears(t, T, (mpfr_ptr)0);
    vec_free(x, 6);
    vec_free(x0, 6);
    vec_free(want, 6);
    vec_free(p, 6);
    vec_free(I0, 3);
    vec_free(I, 3);
    vec_free(J, 3);
    run_close(&r);
}
END_TEST

/* spec §7.2 closed-form constants W, lambda, s0 (30 digits) */
START_TEST(test_ow_closed_form_constants)
{
    const char *params[2] = {OW1, OW2};
    const char *in[2] = {"X=0,Y=0,phi=0,chi=0,v_tau=0.2,omega=1.5", "X=1,Y=-1,phi=0.5,chi=0,v_tau=-0.4,omega=2"};
    const char *want[2][3] = {{"1.57797338380595000452882942899", "0.386522961801753764839329817415",
                               "0.321054628209039954842675958731"},
                              {"2.01509455376318771044738925936", "-0.826803310290146461611485224721",
                               "-0.122782754305819595364678874081"}};
    run_t r;
    nhref_oracle_ow_t *o;
    run_open(&r, "one_wheel", params[_i], 30, NULL);
    __mpfr_struct *x0 = vec(6, 200), *p = vec(6, 200), *c = vec(3, 200);
    get_params(&r, p);
    set_init(r.m, x0, in[_i]);
    ck_assert_int_eq(nhref_oracle_ow_new(&o, p, x0, 200, 0), NHREF_OK);
    nhref_oracle_ow_constants(c, o);
    for (int k = 0; k < 3; k++)
        ck_assert_mpfr_str(c + k, want[_i][k], 29, "1");
    nhref_oracle_ow_free(o);
    vec_free(x0, 6);
    vec_free(p, 6);
    vec_free(c, 3);
    run_close(&r);
}
END_TEST

/* §8 OW structure: omega never changes sign, |omega| <= |W|; v_tau ->
 * sign(Rtau) |W| sqrt(D)/M' as t -> +oo (OW-1 to t = 80) */
START_TEST(test_ow_structure_asymptotics)
{
    const char *params[2] = {OW1, OW2};
    const char *in[2] = {"", "X=1,Y=-1,phi=0.5,chi=0,v_tau=-0.4,omega=2"};
    /* v_inf = |W| sqrt(D)/M': OW-1 W = 1.577.., D = 1.5, M' = 3; OW-2 W = 2.015.., D = 1.485, M' = 2.25 */
    run_t r;
    mpfr_t t, T, vinf;
    nhref_oracle_ow_t *o;
    run_open(&r, "one_wheel", params[_i], 30, NULL);
    __mpfr_struct *x = vec(6, r.prec), *p = vec(6, r.prec), *c = vec(3, r.prec);
    mpfr_inits2(r.prec, t, T, vinf, (mpfr_ptr)0);
    get_params(&r, p);
    set_init(r.m, x, in[_i]);
    ck_assert_int_eq(nhref_oracle_ow_new(&o, p, x, r.prec, 0), NHREF_OK);
    nhref_oracle_ow_constants(c, o);
    mpfr_set_zero(t, 1);
    for (int j = 1; j <= 80; j++) {
        mpfr_set_ui(T, (unsigned long)j, MPFR_RNDN);
        advance(&r, x, t, T);
        ck_assert_int_gt(mpfr_sgn(x + 5), 0); /* omega0 > 0 in both cases */
        ck_assert(mpfr_cmpabs(x + 5, c + 0) <= 0);
    }
    /* v_inf = sign(Rtau) |W| sqrt(D) / M' */
    {
        mpfr_t d, mp;
        mpfr_inits2(r.prec, d, mp, (mpfr_ptr)0);
        mpfr_sqr(mp, p + 5, MPFR_RNDN);
        mpfr_div(mp, p + 4, mp, MPFR_RNDN);
        mpfr_add(mp, mp, p + 0, MPFR_RNDN);
        mpfr_mul(d, mp, p + 1, MPFR_RNDN);
        mpfr_mul(vinf, p + 0, p + 2, MPFR_RNDN);
        mpfr_sqr(vinf, vinf, MPFR_RNDN);
        mpfr_sub(d, d, vinf, MPFR_RNDN);
        mpfr_sqrt(d, d, MPFR_RNDN);
        mpfr_abs(vinf, c + 0, MPFR_RNDN);
        mpfr_mul(vinf, vinf, d, MPFR_RNDN);
        mpfr_div(vinf, vinf, mp, MPFR_RNDN);
        if (mpfr_sgn(p + 3) < 0)
            mpfr_neg(vinf, vinf, MPFR_RNDN);
        mpfr_clears(d, mp, (mpfr_ptr)0);
    }
    ck_assert_mpfr_digits(x + 4, vinf, 20, "1"); /* e^{-2 |lambda| 80} < 1e-26 */
    nhref_oracle_ow_free(o);
    mpfr_clears(t, T, vinf, (mpfr_ptr)0);
    vec_free(x, 6);
    vec_free(p, 6);
    vec_free(c, 3);
    run_close(&r);
}
END_TEST

/* §8 OW limits: Rn = 0, i = 0 is the classical Chaplygin sleigh (checked
 * against the sleigh's own oracle: J = j - m Rtau^2, a = Rtau, heading + pi/2);
 * Rtau = 0 gives constant (v_tau, omega); omega(0) = 0 gives constant v_tau, omega = 0 */
START_TEST(test_ow_limits)
{
    run_t r;
    mpfr_t t, T;
    nhref_oracle_sleigh_t *so;
    run_open(&r, "one_wheel", "m=2,j=1.3,Rn=0,Rtau=0.4,i=0,h=0.1", 45, NULL);
    __mpfr_struct *x = vec(6, r.prec), *sp = vec(3, r.prec + 64), *s0 = vec(5, r.prec + 64), *sw = vec(5, r.prec + 64);
    mpfr_inits2(r.prec, t, T, (mpfr_ptr)0);
    set_init(r.m, x, "X=0,Y=0,phi=0,chi=0,v_tau=-0.5,omega=0.9");
    /* sleigh: m = 2, J = 1.3 - 2*0.16 = 0.98, a = 0.4; heading of e1 (= tau) = phi + pi/2 */
    mpfr_set_str(sp + 0, "2", 10, MPFR_RNDN);
    mpfr_set_str(sp + 1, "0.98", 10, MPFR_RNDN);
    mpfr_set_str(sp + 2, "0.4", 10, MPFR_RNDN);
    mpfr_const_pi(s0 + 2, MPFR_RNDN);
    mpfr_div_2ui(s0 + 2, s0 + 2, 1, MPFR_RNDN);
    mpfr_set_str(s0 + 3, "-0.5", 10, MPFR_RNDN);
    mpfr_set_str(s0 + 4, "0.9", 10, MPFR_RNDN);
    ck_assert_int_eq(nhref_oracle_sleigh_new(&so, sp, s0, r.prec + 64), NHREF_OK);
    mpfr_set_zero(t, 1);
    for (int j = 1; j <= 4; j++) {
        mpfr_set_ui(T, 2 * (unsigned long)j, MPFR_RNDN);
        advance(&r, x, t, T);
        ck_assert_int_eq(nhref_oracle_sleigh_state(sw, so, T), NHREF_OK);
        ck_assert_mpfr_digits(x + 0, sw + 0, 38, "1");
        ck_assert_mpfr_digits(x + 1, sw + 1, 38, "1");
        mpfr_sub(sw + 2, sw + 2, s0 + 2, MPFR_RNDN);
        ck_assert_mpfr_digits(x + 2, sw + 2, 38, "1");
        ck_assert_mpfr_digits(x + 4, sw + 3, 38, "1");
        ck_assert_mpfr_digits(x + 5, sw + 4, 38, "1");
    }
    nhref_oracle_sleigh_free(so);
    run_close(&r);
    /* Rtau = 0: constant; omega0 = 0: constant and omega = 0 */
    run_once(x, "one_wheel", "Rtau=0,Rn=0.2", "v_tau=0.7,omega=1.1", "6", 40);
    ck_assert_mpfr_str(x + 4, "0.7", 40, "1");
    ck_assert_mpfr_str(x + 5, "1.1", 40, "1");
    run_once(x, "one_wheel", OW2, "v_tau=0.7,omega=0,phi=0.3", "6", 40);
    ck_assert_mpfr_str(x + 4, "0.7", 40, "1");
    ck_assert(mpfr_zero_p(x + 5));
    ck_assert_mpfr_str(x + 2, "0.3", 40, "1");
    mpfr_clears(t, T, (mpfr_ptr)0);
    vec_free(x, 6);
    vec_free(sp, 3);
    vec_free(s0, 5);
    vec_free(sw, 5);
}
END_TEST

/* spec §1.6 multipliers against the model's field (identities of the KKT
 * rows): lambda2 = i chi''/h = -(i/h^2) v_tau', and lambda1 = d/dt P_v1 - omega P_v2
 * = -m Rtau omega' - omega (m v_tau + m Rn omega) on v1 = 0; Rn = Rtau = 0: -m omega v2 */
START_TEST(test_hhb_multipliers)
{
    const char *params[2] = {OW1, OW2};
    run_t r;
    mpfr_t t, w1, w2;
    run_open(&r, "one_wheel", params[_i], 40, NULL);
    __mpfr_struct *x = vec(6, r.prec), *f = vec(6, r.prec), *p = vec(6, r.prec), *lam = vec(2, r.prec);
    nhref_tape_mp_t *ws;
    mpfr_inits2(r.prec, t, w1, w2, (mpfr_ptr)0);
    get_params(&r, p);
    set_init(r.m, x, "v_tau=-0.35,omega=1.7");
    ck_assert_int_eq(nhref_tape_mp_new(&ws, nhref_system_rhs_tape(r.sys), r.prec, 0), NHREF_OK);
    nhref_tape_mp_set_params(ws, p);
    mpfr_set_zero(t, 1);
    ck_assert_int_eq(nhref_tape_mp_eval(f, ws, t, x), NHREF_OK);
    ck_assert_int_eq(nhref_oracle_ow_multipliers(lam, p, x + 4, x + 5), NHREF_OK);
    /* lambda2 = -(i/h^2) v' */
    mpfr_sqr(w1, p + 5, MPFR_RNDN);
    mpfr_div(w1, p + 4, w1, MPFR_RNDN);
    mpfr_mul(w1, w1, f + 4, MPFR_RNDN);
    mpfr_neg(w1, w1, MPFR_RNDN);
    ck_assert_mpfr_digits(lam + 1, w1, 40, "1");
    /* lambda1 = -m Rtau omega' - omega m (v + Rn omega) */
    mpfr_fma(w1, p + 2, x + 5, x + 4, MPFR_RNDN);
    mpfr_mul(w1, w1, x + 5, MPFR_RNDN);
    mpfr_mul(w2, p + 3, f + 5, MPFR_RNDN);
    mpfr_add(w1, w1, w2, MPFR_RNDN);
    mpfr_mul(w1, w1, p + 0, MPFR_RNDN);
    mpfr_neg(w1, w1, MPFR_RNDN);
    ck_assert_mpfr_digits(lam + 0, w1, 40, "1");
    /* point mass: Rn = Rtau = 0 gives -m omega v2 */
    mpfr_set_zero(p + 2, 1);
    mpfr_set_zero(p + 3, 1);
    ck_assert_int_eq(nhref_oracle_ow_multipliers(lam, p, x + 4, x + 5), NHREF_OK);
    mpfr_mul(w1, p + 0, x + 5, MPFR_RNDN);
    mpfr_mul(w1, w1, x + 4, MPFR_RNDN);
    mpfr_neg(w1, w1, MPFR_RNDN);
    ck_assert_mpfr_digits(lam + 0, w1, 40, "1");
    ck_assert(mpfr_zero_p(lam + 1));
    nhref_tape_mp_free(ws);
    mpfr_clears(t, w1, w2, (mpfr_ptr)0);
    vec_free(x, 6);
    vec_free(f, 6);
    vec_free(p, 6);
    vec_free(lam, 2);
    run_close(&r);
}
END_TEST

/* ================================================================== GV */

/* the paper's central claim and §8 GV: the full wheeled model (9 velocities,
 * 6 constraints) and the skate model (5 velocities, 2 constraints, masses of
 * §2.4) produce the same (X, Y, phi, psi_k, v, omega, psi_k') and wheel angles,
 * at 50 digits to the working precision (GV-1, and GV-1 with i_k = 0) */
START_TEST(test_gv_wheels_equal_skates)
{
    const char *params[2] = {"", "i_1=0,i_2=0"};
    run_t rw, rs;
    mpfr_t t, T;
    /* skate index -> wheel index */
    static const int map[14] = {0, 1, 2, 3, 4, 9, 10, 11, 12, 13, 5, 6, 7, 8};
    run_open(&rw, "gv_wheels", params[_i], 50, NULL);
    run_open(&rs, "gv_skates", params[_i], 50, NULL);
    __mpfr_struct *xw = vec(18, rw.prec), *xs = vec(14, rs.prec), *xm = vec(14, rs.prec), *p = vec(26, rw.prec + 64);
    double d;
    mpfr_inits2(rw.prec, t, T, (mpfr_ptr)0);
    get_params(&rw, p);
    set_init(rw.m, xw, "");
    set_init(rs.m, xs, "");
    ck_assert_int_eq(nhref_oracle_gv_initial(xw, p, 1), NHREF_OK);
    ck_assert_int_eq(nhref_oracle_gv_initial(xs, p, 0), NHREF_OK);
    mpfr_set_zero(t, 1);
    advance_str(&rw, xw, t, "3");
    mpfr_set_zero(t, 1);
    advance_str(&rs, xs, t, "3");
    for (int k = 0; k < 14; k++)
        mpfr_set(xm + k, xw + map[k], MPFR_RNDN);
    d = max_rel_diff(xm, xs, 14);
    printf("GV-1%s (T = 3, 50 digits): wheels vs skates max separation %.2g\n",
           _i ? " with i_k = 0" : "", d);
    ck_assert(d < 1e-45);
    mpfr_clears(t, T, (mpfr_ptr)0);
    vec_free(xw, 18);
    vec_free(xs, 14);
    vec_free(xm, 14);
    vec_free(p, 26);
    run_close(&rw);
    run_close(&rs);
}
END_TEST

/* §8 GV: energy conserved, constraints stay ~0, h_k eta_k + l_k(phi + psi_k)
 * constant (0.1 and -0.14 for GV-1) along the full model; the restricted full
 * T equals T^s on the constraint manifold; tape integrals = oracle integrals
 * (coded from the vector form) */
START_TEST(test_gv_integrals)
{
    run_t r;
    mpfr_t t, T;
    run_open(&r, "gv_wheels", "", 45, NULL);
    __mpfr_struct *x = vec(18, r.prec), *p = vec(26, r.prec + 64), *I0 = vec(10, r.prec), *I = vec(10, r.prec), *J = vec(10, r.prec);
    mpfr_inits2(r.prec, t, T, (mpfr_ptr)0);
    get_params(&r, p);
    set_init(r.m, x, "");
    ck_assert_int_eq(nhref_oracle_gv_initial(x, p, 1), NHREF_OK);
    mpfr_set_zero(t, 1);
    nhref_integrator_integrals(r.ig, I0, t, x);
    ck_assert_mpfr_str(I0 + 0, "2.6275642809146534078213945887592", 30, "1");
    ck_assert_mpfr_str(I0 + 7, "0.1", 40, "1");
    ck_assert_mpfr_str(I0 + 8, "-0.14", 40, "1");
    for (int j = 1; j <= 6; j++) {
        mpfr_set_ui(T, (unsigned long)j, MPFR_RNDN);
        mpfr_div_2ui(T, T, 1, MPFR_RNDN);
        advance(&r, x, t, T);
        nhref_integrator_integrals(r.ig, I, t, x);
        ck_assert_mpfr_digits(I + 0, I0 + 0, 40, "1");
        for (int k = 1; k <= 6; k++) /* f, g */
            ck_assert_msg(mpfr_cmpabs_ui(I + k, 0) == 0 || mpfr_get_exp(I + k) < -130,
                          "constraint %d = %g", k, mpfr_get_d(I + k, MPFR_RNDN));
        ck_assert_mpfr_digits(I + 7, I0 + 7, 40, "1");
        ck_assert_mpfr_digits(I + 8, I0 + 8, 40, "1");
        ck_assert_mpfr_digits(I + 9, I + 0, 40, "1"); /* T = T^s on the manifold */
        ck_assert_int_eq(nhref_oracle_gv_integrals(J, p, x, t), NHREF_OK);
        for (int k = 0; k < 10; k++)
            ck_assert_mpfr_digits(I + k, J + k, 42, "1");
    }
    /* off the manifold T and T^s differ (by -sum (i_k/h_k^2) f_k^2 where g = 0): here g != 0 too */
    mpfr_add_ui(x + 9, x + 9, 1, MPFR_RNDN);
    ck_assert_int_eq(nhref_oracle_gv_integrals(J, p, x, t), NHREF_OK);
    ck_assert(!mpfr_equal_p(J + 0, J + 9));
    mpfr_clears(t, T, (mpfr_ptr)0);
    vec_free(x, 18);
    vec_free(p, 26);
    vec_free(I0, 10);
    vec_free(I, 10);
    vec_free(J, 10);
    run_close(&r);
}
END_TEST

/* §8 GV: with all i_k = 0 the full and skate models have identical parameters
 * (the skate masses of §2.4 reduce to the links'); GV-1's skate masses are
 * m^s = (1, 14/15), m^s R^s0 = ((7/200, -1/8), (-97/3000, 17/120)), j^s = (1427/10000, 283/1600) */
START_TEST(test_gv_skate_params)
{
    run_t r;
    run_open(&r, "gv_skates", "", 30, NULL);
    __mpfr_struct *p = vec(26, 200), *s = vec(8, 200), *w = vec(1, 200);
    get_params(&r, p);
    ck_assert_int_eq(nhref_oracle_gv_skate_params(s, p), NHREF_OK);
    ck_assert_mpfr_str(s + 0, "1", 55, "1");
    ck_assert_mpfr_str(s + 1, "0.035", 55, "1");
    ck_assert_mpfr_str(s + 2, "-0.125", 55, "1");
    ck_assert_mpfr_str(s + 3, "0.1427", 55, "1");
    mpfr_set_ui(w, 14, MPFR_RNDN);
    mpfr_div_ui(w, w, 15, MPFR_RNDN);
    ck_assert_mpfr_digits(s + 4, w, 55, "1");
    mpfr_set_si(w, -97, MPFR_RNDN);
    mpfr_div_ui(w, w, 3000, MPFR_RNDN);
    ck_assert_mpfr_digits(s + 5, w, 55, "1");
    mpfr_set_ui(w, 17, MPFR_RNDN);
    mpfr_div_ui(w, w, 120, MPFR_RNDN);
    ck_assert_mpfr_digits(s + 6, w, 55, "1");
    ck_assert_mpfr_str(s + 7, "0.176875", 55, "1");
    /* i = 0: identical to the links' own */
    mpfr_set_zero(p + 8 + 8, 1);
    mpfr_set_zero(p + 17 + 8, 1);
    ck_assert_int_eq(nhref_oracle_gv_skate_params(s, p), NHREF_OK);
    for (int k = 0; k < 2; k++) {
        mpfr_ptr q = p + 8 + 9 * k;
        ck_assert_mpfr_eq(s + 4 * k + 0, q + 0);
        mpfr_mul(w, q + 0, q + 2, MPFR_RNDN);
        ck_assert_mpfr_eq(s + 4 * k + 1, w);
        mpfr_mul(w, q + 0, q + 3, MPFR_RNDN);
        ck_assert_mpfr_eq(s + 4 * k + 2, w);
        ck_assert_mpfr_eq(s + 4 * k + 3, q + 1);
    }
    vec_free(p, 26);
    vec_free(s, 8);
    vec_free(w, 1);
    run_close(&r);
}
END_TEST

/* §8 GV: with symmetric links (rho0 = R0 = 0) the generic GV code reproduces
 * the explicit TL field (TL-1 vehicle: m_f = 1.6, R_f = (0.5, 0.025), m_k = 0.2,
 * I_f = 0.472 so that m = 2, a = 0.4, J_c = 0.3); the absolute link rates
 * omega + psi_k' stay = C_k */
START_TEST(test_gv_symmetric_links_equal_two_links)
{
    const char *gvp = "m_f=1.6,I_f=0.472,R_f1=0.5,R_f2=0.025,r_11=0,r_12=0.5,r_21=0,r_22=-0.7,"
                      "m_1=0.2,j_1=0.01,R0_1n=0,R0_1tau=0,rho_1n=0,rho_1tau=0,h_1=0.1,l_1=0.2,i_1=0,"
                      "m_2=0.2,j_2=0.01,R0_2n=0,R0_2tau=0,rho_2n=0,rho_2tau=0,h_2=0.1,l_2=0.2,i_2=0";
    run_t rg, rt;
    mpfr_t t, T;
    static const int map[12] = {0, 1, 2, 3, 4, 5, 6, 7, 10, 11, 12, 13}; /* TL index -> skate index */
    run_open(&rg, "gv_skates", gvp, 45, NULL);
    run_open(&rt, "two_links", TL1, 45, NULL);
    __mpfr_struct *xt = vec(12, rt.prec), *xg = vec(14, rg.prec), *xm = vec(12, rt.prec), *pt = vec(9, rt.prec + 64);
    __mpfr_struct *a = vec(3, rt.prec + 64);
    double d;
    mpfr_inits2(rt.prec, t, T, (mpfr_ptr)0);
    get_params(&rt, pt);
    mpfr_set_str(a + 0, "0.3", 10, MPFR_RNDN);
    mpfr_set_str(a + 1, "-0.9", 10, MPFR_RNDN);
    mpfr_set_str(a + 2, "1.2", 10, MPFR_RNDN);
    ck_assert_int_eq(nhref_oracle_tl_initial(xt, pt, a + 0, a + 1, a + 2, NULL), NHREF_OK);
    for (int k = 0; k < 12; k++)
        mpfr_set(xg + map[k], xt + k, MPFR_RNDN);
    /* psi_k' = C_k - omega */
    mpfr_set_str(xg + 8, "0.8", 10, MPFR_RNDN);
    mpfr_sub(xg + 8, xg + 8, xt + 7, MPFR_RNDN);
    mpfr_set_str(xg + 9, "-0.5", 10, MPFR_RNDN);
    mpfr_sub(xg + 9, xg + 9, xt + 7, MPFR_RNDN);
    mpfr_set_zero(t, 1);
    advance_str(&rt, xt, t, "4");
    mpfr_set_zero(t, 1);
    advance_str(&rg, xg, t, "4");
    for (int k = 0; k < 12; k++)
        mpfr_set(xm + k, xg + map[k], MPFR_RNDN);
    d = max_rel_diff(xm, xt, 12);
    printf("GV with symmetric links vs two_links (TL-1, T = 4): %.2g\n", d);
    ck_assert(d < 1e-38);
    mpfr_add(T, xg + 7, xg + 8, MPFR_RNDN); /* omega + psi1' = C1 */
    ck_assert_mpfr_str(T, "0.8", 40, "1");
    mpfr_add(T, xg + 7, xg + 9, MPFR_RNDN);
    ck_assert_mpfr_str(T, "-0.5", 40, "1");
    mpfr_clears(t, T, (mpfr_ptr)0);
    vec_free(xt, 12);
    vec_free(xg, 14);
    vec_free(xm, 12);
    vec_free(pt, 9);
    vec_free(a, 3);
    run_close(&rg);
    run_close(&rt);
}
END_TEST

/* ================================================================== TL */

/* §8 TL: f1, f2 stay 0; E conserved; psi1 - psi2 - (C1 - C2) t exactly constant;
 * chi_k1 - chi_k2 + 2 l C_k t/h constant; tape integrals = oracle integrals;
 * E = u^2 Q/2 with (v1, v2, omega) = u W(psi) along the M5 trajectory (the
 * null-space form of §4.5) */
START_TEST(test_tl_integrals)
{
    run_t r;
    mpfr_t t, T, u, q;
    run_open(&r, "two_links", TL1, 45, NULL);
    __mpfr_struct *x = vec(12, r.prec), *p = vec(9, r.prec + 64), *I0 = vec(7, r.prec), *I = vec(7, r.prec), *J = vec(7, r.prec);
    __mpfr_struct *a = vec(3, r.prec + 64), *W = vec(12, r.prec);
    mpfr_inits2(r.prec, t, T, u, q, (mpfr_ptr)0);
    get_params(&r, p);
    mpfr_set_str(a + 0, "0.3", 10, MPFR_RNDN);
    mpfr_set_str(a + 1, "-0.9", 10, MPFR_RNDN);
    mpfr_set_str(a + 2, "1.2", 10, MPFR_RNDN);
    ck_assert_int_eq(nhref_oracle_tl_initial(x, p, a + 0, a + 1, a + 2, NULL), NHREF_OK);
    mpfr_set_zero(t, 1);
    nhref_integrator_integrals(r.ig, I0, t, x);
    ck_assert_mpfr_str(I0 + 0, "1.9710384749983203390991983345976", 31, "1");
    for (int j = 1; j <= 10; j++) {
        mpfr_set_ui(T, (unsigned long)j, MPFR_RNDN);
        advance(&r, x, t, T);
        nhref_integrator_integrals(r.ig, I, t, x);
        ck_assert_mpfr_digits(I + 0, I0 + 0, 40, "1");
        ck_assert_msg(mpfr_get_exp(I + 1) < -130 && mpfr_get_exp(I + 2) < -130, "f = %g, %g",
                      mpfr_get_d(I + 1, MPFR_RNDN), mpfr_get_d(I + 2, MPFR_RNDN));
        for (int k = 3; k <= 5; k++)
            ck_assert_mpfr_digits(I + k, I0 + k, 40, "1");
        ck_assert_int_eq(nhref_oracle_tl_integrals(J, p, x, t), NHREF_OK);
        for (int k = 0; k < 7; k++)
            ck_assert_mpfr_digits(I + k, J + k, 40, "1");
        /* (v1, v2, omega) = u W(psi1, psi2) and E = u^2 Q/2 */
        mpfr_set_ui(u, 1, MPFR_RNDN);
        ck_assert_int_eq(nhref_oracle_tl_initial(W, p, x + 3, x + 4, u, NULL), NHREF_OK);
        mpfr_div(u, x + 7, W + 7, MPFR_RNDN);
        mpfr_mul(q, u, W + 5, MPFR_RNDN);
        ck_assert_mpfr_digits(x + 5, q, 38, "1");
        mpfr_mul(q, u, W + 6, MPFR_RNDN);
        ck_assert_mpfr_digits(x + 6, q, 38, "1");
        ck_assert_int_eq(nhref_oracle_tl_Q(q, p, x + 3, x + 4), NHREF_OK);
        mpfr_mul(q, q, u, MPFR_RNDN);
        mpfr_mul(q, q, u, MPFR_RNDN);
        mpfr_div_2ui(q, q, 1, MPFR_RNDN);
        ck_assert_mpfr_digits(q, I + 0, 38, "1");
    }
    mpfr_clears(t, T, u, q, (mpfr_ptr)0);
    vec_free(x, 12);
    vec_free(p, 9);
    vec_free(I0, 7);
    vec_free(I, 7);
    vec_free(J, 7);
    vec_free(a, 3);
    vec_free(W, 12);
    run_close(&r);
}
END_TEST

/* §8 TL: the M5 field satisfies dE/dt = lambda1 f1 + lambda2 f2 identically
 * (random off-manifold points; lambda from the K-matrix formulas of §4.3 coded
 * here, dE/dt from the gradient of E and the model's field) */
START_TEST(test_tl_energy_balance_off_manifold)
{
    run_t r;
    gmp_randstate_t rs;
    const mpfr_prec_t pr = 256;
    run_open(&r, "two_links", TL1, 60, NULL);
    __mpfr_struct *x = vec(12, pr), *f = vec(12, pr), *p = vec(9, pr);
    nhref_tape_mp_t *ws;
    mpfr_t t, c[2], s[2], e[2], d[2], be[2], k11, k22, k12, det, l1, l2, u2, ut, a, b, dE, rhs;
    mpfr_inits2(pr, t, c[0], c[1], s[0], s[1], e[0], e[1], d[0], d[1], be[0], be[1], k11, k22, k12,
                det, l1, l2, u2, ut, a, b, dE, rhs, (mpfr_ptr)0);
    get_params(&r, p);
    ck_assert_int_eq(nhref_tape_mp_new(&ws, nhref_system_rhs_tape(r.sys), pr, 0), NHREF_OK);
    nhref_tape_mp_set_params(ws, p);
    gmp_randinit_default(rs);
    gmp_randseed_ui(rs, ck_seed());
    mpfr_set_zero(t, 1);
    for (int trial = 0; trial < 20; trial++) {
        for (int k = 0; k < 12; k++) {
            mpfr_urandomb(x + k, rs);
            mpfr_mul_2ui(x + k, x + k, 2, MPFR_RNDN);
            mpfr_sub_ui(x + k, x + k, 2, MPFR_RNDN); /* in [-2, 2) */
        }
        ck_assert_int_eq(nhref_tape_mp_eval(f, ws, t, x), NHREF_OK);
        /* dE/dt = m v1 v1' + m (v2 + a omega)(v2' + a omega') + J_c omega omega' */
        mpfr_fma(u2, p + 2, x + 7, x + 6, MPFR_RNDN);
        mpfr_fma(a, p + 2, f + 7, f + 6, MPFR_RNDN);
        mpfr_mul(dE, u2, a, MPFR_RNDN);
        mpfr_fma(dE, x + 5, f + 5, dE, MPFR_RNDN);
        mpfr_mul(dE, dE, p + 0, MPFR_RNDN);
        mpfr_mul(a, x + 7, f + 7, MPFR_RNDN);
        mpfr_fma(dE, a, p + 1, dE, MPFR_RNDN);
        /* lambda from §4.3 */
        for (int k = 0; k < 2; k++)
            mpfr_sin_cos(s[k], c[k], x + 3 + k, MPFR_RNDN);
        mpfr_mul(e[0], p + 2, s[0], MPFR_RNDN);
        mpfr_fma(e[0], p + 3, c[0], e[0], MPFR_RNDN);      /* a s1 + b1 c1 */
        mpfr_mul(e[1], p + 4, c[1], MPFR_RNDN);
        mpfr_fms(e[1], p + 2, s[1], e[1], MPFR_RNDN);      /* a s2 - b2 c2 */
        mpfr_mul(d[0], p + 2, c[0], MPFR_RNDN);
        mpfr_fms(d[0], p + 3, s[0], d[0], MPFR_RNDN);      /* b1 s1 - a c1 */
        mpfr_mul(d[1], p + 4, s[1], MPFR_RNDN);
        mpfr_fma(d[1], p + 2, c[1], d[1], MPFR_RNDN);
        mpfr_neg(d[1], d[1], MPFR_RNDN);                   /* -a c2 - b2 s2 */
        for (int k = 0; k < 2; k++) {
            mpfr_mul(ut, u2, c[k], MPFR_RNDN);
            mpfr_mul(a, x + 5, s[k], MPFR_RNDN);
            mpfr_sub(ut, ut, a, MPFR_RNDN);                /* (U, tau_k) */
            mpfr_sub(a, p + 5 + k, x + 7, MPFR_RNDN);
            mpfr_mul(a, a, x + 7, MPFR_RNDN);
            mpfr_mul(a, a, d[k], MPFR_RNDN);
            mpfr_fma(be[k], p + 5 + k, ut, a, MPFR_RNDN);
            mpfr_neg(be[k], be[k], MPFR_RNDN);
        }
        mpfr_ui_div(a, 1, p + 0, MPFR_RNDN);
        mpfr_sqr(k11, e[0], MPFR_RNDN);
        mpfr_div(k11, k11, p + 1, MPFR_RNDN);
        mpfr_add(k11, k11, a, MPFR_RNDN);
        mpfr_sqr(k22, e[1], MPFR_RNDN);
        mpfr_div(k22, k22, p + 1, MPFR_RNDN);
        mpfr_add(k22, k22, a, MPFR_RNDN);
        mpfr_sub(b, x + 3, x + 4, MPFR_RNDN);
        mpfr_cos(b, b, MPFR_RNDN);
        mpfr_mul(k12, b, a, MPFR_RNDN);
        mpfr_mul(b, e[0], e[1], MPFR_RNDN);
        mpfr_div(b, b, p + 1, MPFR_RNDN);
        mpfr_add(k12, k12, b, MPFR_RNDN);
        mpfr_mul(det, k11, k22, MPFR_RNDN);
        mpfr_sqr(a, k12, MPFR_RNDN);
        mpfr_sub(det, det, a, MPFR_RNDN);
        mpfr_mul(l1, k22, be[0], MPFR_RNDN);
        mpfr_mul(a, k12, be[1], MPFR_RNDN);
        mpfr_sub(l1, l1, a, MPFR_RNDN);
        mpfr_div(l1, l1, det, MPFR_RNDN);
        mpfr_mul(l2, k11, be[1], MPFR_RNDN);
        mpfr_mul(a, k12, be[0], MPFR_RNDN);
        mpfr_sub(l2, l2, a, MPFR_RNDN);
        mpfr_div(l2, l2, det, MPFR_RNDN);
        /* lambda1 f1 + lambda2 f2 */
        mpfr_mul(a, p + 3, x + 7, MPFR_RNDN);
        mpfr_sub(a, x + 5, a, MPFR_RNDN);
        mpfr_mul(a, a, c[0], MPFR_RNDN);
        mpfr_fma(a, x + 6, s[0], a, MPFR_RNDN);            /* f1 */
        mpfr_mul(rhs, l1, a, MPFR_RNDN);
        mpfr_mul(a, p + 4, x + 7, MPFR_RNDN);
        mpfr_add(a, x + 5, a, MPFR_RNDN);
        mpfr_mul(a, a, c[1], MPFR_RNDN);
        mpfr_fma(a, x + 6, s[1], a, MPFR_RNDN);            /* f2 */
        mpfr_fma(rhs, l2, a, rhs, MPFR_RNDN);
        ck_assert_mpfr_digits(dE, rhs, 60, "1");
    }
    gmp_randclear(rs);
    nhref_tape_mp_free(ws);
    mpfr_clears(t, c[0], c[1], s[0], s[1], e[0], e[1], d[0], d[1], be[0], be[1], k11, k22, k12, det,
                l1, l2, u2, ut, a, b, dE, rhs, (mpfr_ptr)0);
    vec_free(x, 12);
    vec_free(f, 12);
    vec_free(p, 9);
    run_close(&r);
}
END_TEST

/* §8 TL, C1 = C2: omega sqrt(Q) constant; quadrature period T_psi and heading
 * increment (TL-3) from the oracle = spec values = the state after T_psi */
START_TEST(test_tl_quadrature_period_tl3)
{
    run_t r;
    mpfr_t t, T, pi;
    run_open(&r, "two_links", TL3, 45, NULL);
    __mpfr_struct *x = vec(12, r.prec), *x0 = vec(12, r.prec), *p = vec(9, r.prec + 64), *a = vec(3, r.prec + 64);
    __mpfr_struct *q = vec(4, r.prec), *I0 = vec(7, r.prec), *I = vec(7, r.prec);
    mpfr_inits2(r.prec, t, T, pi, (mpfr_ptr)0);
    get_params(&r, p);
    mpfr_set_str(a + 0, "0.7", 10, MPFR_RNDN);
    mpfr_set_str(a + 1, "-0.4", 10, MPFR_RNDN);
    mpfr_set_str(a + 2, "0.8", 10, MPFR_RNDN);
    ck_assert_int_eq(nhref_oracle_tl_initial(x0, p, a + 0, a + 1, a + 2, NULL), NHREF_OK);
    ck_assert_int_eq(nhref_oracle_tl_quadrature(q, p, x0 + 3, x0 + 4, x0 + 7), NHREF_OK);
    ck_assert_mpfr_str(q + 0, TL3_T, 33, "1");
    ck_assert_mpfr_str(q + 1, "-0.9961341651421831652833643651486832", 33, "1");
    ck_assert_mpfr_str(q + 3, "-0.75409626848594761572037081167127", 31, "1");
    for (int k = 0; k < 12; k++)
        mpfr_set(x + k, x0 + k, MPFR_RNDN);
    mpfr_set_zero(t, 1);
    nhref_integrator_integrals(r.ig, I0, t, x);
    mpfr_div_ui(T, q + 0, 4, MPFR_RNDN);
    for (int j = 1; j <= 4; j++) {
        mpfr_mul_ui(T, q + 0, (unsigned long)j, MPFR_RNDN);
        mpfr_div_ui(T, T, 4, MPFR_RNDN);
        advance(&r, x, t, T);
        nhref_integrator_integrals(r.ig, I, t, x);
        ck_assert_mpfr_digits(I + 6, I0 + 6, 40, "1"); /* K = omega sqrt(Q) */
    }
    /* after one period: psi_k + pi, (v1, v2, omega) back, phi = Delta phi */
    mpfr_const_pi(pi, MPFR_RNDN);
    mpfr_add(T, x0 + 3, pi, MPFR_RNDN);
    ck_assert_mpfr_digits(x + 3, T, 38, "1");
    mpfr_add(T, x0 + 4, pi, MPFR_RNDN);
    ck_assert_mpfr_digits(x + 4, T, 38, "1");
    for (int k = 5; k <= 7; k++)
        ck_assert_mpfr_digits(x + k, x0 + k, 38, "1");
    ck_assert_mpfr_digits(x + 2, q + 1, 38, "1");
    mpfr_clears(t, T, pi, (mpfr_ptr)0);
    vec_free(x, 12);
    vec_free(x0, 12);
    vec_free(p, 9);
    vec_free(a, 3);
    vec_free(q, 4);
    vec_free(I0, 7);
    vec_free(I, 7);
    run_close(&r);
}
END_TEST

/* §8 TL trammel (TL-2, C = 0): half-turn time T_pi, point reflection through O*,
 * closure after 2 T_pi */
START_TEST(test_tl_trammel_tl2)
{
    run_t r;
    mpfr_t t, T, pi, w;
    run_open(&r, "two_links", TL2, 45, NULL);
    __mpfr_struct *x = vec(12, r.prec), *x0 = vec(12, r.prec), *p = vec(9, r.prec + 64), *a = vec(3, r.prec + 64);
    __mpfr_struct *q = vec(4, r.prec), *o = vec(2, r.prec);
    mpfr_inits2(r.prec, t, T, pi, w, (mpfr_ptr)0);
    get_params(&r, p);
    mpfr_set_str(a + 0, "0.2", 10, MPFR_RNDN);
    mpfr_set_str(a + 1, "1.3", 10, MPFR_RNDN);
    mpfr_set_str(a + 2, "0.9", 10, MPFR_RNDN);
    ck_assert_int_eq(nhref_oracle_tl_initial(x0, p, a + 0, a + 1, a + 2, NULL), NHREF_OK);
    ck_assert_int_eq(nhref_oracle_tl_quadrature(q, p, x0 + 3, x0 + 4, x0 + 7), NHREF_OK);
    ck_assert_mpfr_str(q + 2, TL2_T, 33, "1");
    ck_assert_mpfr_str(q + 3, "0.85547246599086862767728368207779", 31, "1");
    ck_assert_int_eq(nhref_oracle_tl_trammel_centre(o, p, x0), NHREF_OK);
    ck_assert_mpfr_str(o + 0, "0.214797889310228606607205919837", 29, "1");
    ck_assert_mpfr_str(o + 1, "-0.459631254916528156901005497151", 29, "1");
    for (int k = 0; k < 12; k++)
        mpfr_set(x + k, x0 + k, MPFR_RNDN);
    mpfr_set_zero(t, 1);
    advance(&r, x, t, q + 2);
    mpfr_const_pi(pi, MPFR_RNDN);
    for (int k = 0; k < 2; k++) { /* (X, Y)(T_pi) = 2 O* - (X, Y)(0) */
        mpfr_mul_2ui(w, o + k, 1, MPFR_RNDN);
        mpfr_sub(w, w, x0 + k, MPFR_RNDN);
        ck_assert_mpfr_digits(x + k, w, 38, "1");
    }
    ck_assert_mpfr_digits(x + 2, pi, 38, "1");
    for (int k = 3; k <= 4; k++) {
        mpfr_sub(w, x0 + k, pi, MPFR_RNDN);
        ck_assert_mpfr_digits(x + k, w, 38, "1");
    }
    for (int k = 5; k <= 7; k++)
        ck_assert_mpfr_digits(x + k, x0 + k, 38, "1");
    /* closure after 2 T_pi: position back, phi = 2 pi, psi_k - 2 pi */
    mpfr_mul_2ui(T, q + 2, 1, MPFR_RNDN);
    advance(&r, x, t, T);
    for (int k = 0; k < 2; k++)
        ck_assert_mpfr_digits(x + k, x0 + k, 37, "1");
    mpfr_mul_2ui(w, pi, 1, MPFR_RNDN);
    ck_assert_mpfr_digits(x + 2, w, 37, "1");
    mpfr_clears(t, T, pi, w, (mpfr_ptr)0);
    vec_free(x, 12);
    vec_free(x0, 12);
    vec_free(p, 9);
    vec_free(a, 3);
    vec_free(q, 4);
    vec_free(o, 2);
    run_close(&r);
}
END_TEST

/* §8 TL relative equilibria (TL-4, C = -1): roots of g in [0, pi) at
 * 1.54261249598983397478619561143 (unstable) and 2.69898015759995926367644777185
 * (stable); omega -> C and psi1 mod pi -> the stable root */
START_TEST(test_tl_relative_equilibria_tl4)
{
    run_t r;
    mpfr_t t, T, pi, w;
    run_open(&r, "two_links", TL4, 40, NULL);
    __mpfr_struct *x = vec(12, r.prec), *p = vec(9, r.prec + 64), *a = vec(3, r.prec + 64), *roots = vec(4, r.prec);
    int stable[4];
    size_t n = 0;
    double prev_gap = 1e9;
    mpfr_inits2(r.prec, t, T, pi, w, (mpfr_ptr)0);
    get_params(&r, p);
    mpfr_set_str(a + 0, "0.7", 10, MPFR_RNDN);
    mpfr_set_str(a + 1, "-0.4", 10, MPFR_RNDN);
    mpfr_set_str(a + 2, "0.8", 10, MPFR_RNDN);
    ck_assert_int_eq(nhref_oracle_tl_initial(x, p, a + 0, a + 1, a + 2, NULL), NHREF_OK);
    ck_assert_int_eq(nhref_oracle_tl_equilibria(roots, stable, 4, &n, p, x + 3, x + 4, x + 7), NHREF_OK);
    ck_assert_uint_eq(n, 2);
    ck_assert_mpfr_str(roots + 0, "1.54261249598983397478619561143", 28, "1");
    ck_assert_mpfr_str(roots + 1, "2.69898015759995926367644777185", 28, "1");
    ck_assert_int_eq(stable[0], 0);
    ck_assert_int_eq(stable[1], 1);
    mpfr_set_zero(t, 1);
    mpfr_const_pi(pi, MPFR_RNDN);
    for (int j = 1; j <= 8; j++) {
        double gap;
        mpfr_set_ui(T, 5 * (unsigned long)j, MPFR_RNDN);
        advance(&r, x, t, T);
        mpfr_add_si(w, x + 7, 1, MPFR_RNDN); /* omega - C */
        gap = fabs(mpfr_get_d(w, MPFR_RNDN));
        ck_assert(gap <= prev_gap * 1.0000001);
        prev_gap = gap;
    }
    ck_assert(prev_gap < 1e-6);
    mpfr_fmod(w, x + 3, pi, MPFR_RNDN);
    if (mpfr_sgn(w) < 0)
        mpfr_add(w, w, pi, MPFR_RNDN);
    ck_assert_mpfr_digits(w, roots + 1, 6, "1");
    mpfr_clears(t, T, pi, w, (mpfr_ptr)0);
    vec_free(x, 12);
    vec_free(p, 9);
    vec_free(a, 3);
    vec_free(roots, 4);
    run_close(&r);
}
END_TEST

/* the near-singular passage of spec §4.8 / §8: psi = (pi/2 + 0.004, pi/2 - 0.002),
 * C1 = 1, C2 = -1, E = 1; integrating back to t = -0.02 passes delta = 0 within
 * ~1e-3 rad of the singular set: omega reverses sign abruptly, and the adaptive
 * integrator keeps E and f conserved; a fixed step of 0.004 is caught by the monitors */
static void near_singular_init(run_t *r, mpfr_ptr x, mpfr_srcptr p)
{
    mpfr_t psi1, psi2, u, q;
    mpfr_inits2(mpfr_get_prec(x) + 64, psi1, psi2, u, q, (mpfr_ptr)0);
    mpfr_const_pi(psi1, MPFR_RNDN);
    mpfr_div_2ui(psi1, psi1, 1, MPFR_RNDN);
    mpfr_set(psi2, psi1, MPFR_RNDN);
    mpfr_add_d(psi1, psi1, 0.004, MPFR_RNDN);
    mpfr_sub_d(psi2, psi2, 0.002, MPFR_RNDN);
    ck_assert_int_eq(nhref_oracle_tl_Q(q, p, psi1, psi2), NHREF_OK);
    mpfr_ui_div(u, 2, q, MPFR_RNDN);
    mpfr_sqrt(u, u, MPFR_RNDN); /* E = u^2 Q/2 = 1 */
    ck_assert_int_eq(nhref_oracle_tl_initial(x, p, psi1, psi2, u, NULL), NHREF_OK);
    mpfr_clears(psi1, psi2, u, q, (mpfr_ptr)0);
    (void)r;
}

START_TEST(test_tl_near_singular_passage)
{
    run_t r;
    mpfr_t t, T;
    run_open(&r, "two_links", "C1=1,C2=-1", 40, NULL);
    __mpfr_struct *x = vec(12, r.prec), *p = vec(9, r.prec + 64), *I = vec(7, r.prec);
    int flips = 0, sign0;
    mpfr_inits2(r.prec, t, T, (mpfr_ptr)0);
    get_params(&r, p);
    near_singular_init(&r, x, p);
    sign0 = mpfr_sgn(x + 7);
    mpfr_set_zero(t, 1);
    for (int j = 1; j <= 20; j++) {
        mpfr_set_si(T, -j, MPFR_RNDN);
        mpfr_div_ui(T, T, 1000, MPFR_RNDN);
        advance(&r, x, t, T);
        nhref_integrator_integrals(r.ig, I, t, x);
        ck_assert_mpfr_str(I + 0, "1", 35, "1");
        ck_assert_msg(mpfr_get_exp(I + 1) < -110 && mpfr_get_exp(I + 2) < -110, "f = %g %g",
                      mpfr_get_d(I + 1, MPFR_RNDN), mpfr_get_d(I + 2, MPFR_RNDN));
        flips |= mpfr_sgn(x + 7) != sign0;
    }
    ck_assert_msg(flips, "omega did not reverse near the singular set");
    printf("TL near-singular passage: omega changes sign (now %g at t = -0.02), E - 1 = %.2g\n",
           mpfr_get_d(x + 7, MPFR_RNDN), mpfr_get_d(I + 0, MPFR_RNDN) - 1);
    mpfr_clears(t, T, (mpfr_ptr)0);
    vec_free(x, 12);
    vec_free(p, 9);
    vec_free(I, 7);
    run_close(&r);
}
END_TEST

START_TEST(test_tl_near_singular_fixed_step_detected)
{
    nhref_system_t *sys;
    nhref_integrator_t *ig;
    nhref_options_t opt;
    const nhref_model_t *m = nhref_model_find("two_links");
    mpfr_t t, T;
    __mpfr_struct *x, *p, *I;
    int st;
    double drift;
    ck_assert_int_eq(nhref_system_new(&sys, m), NHREF_OK);
    nhref_system_set_param(sys, "C1", "1");
    nhref_system_set_param(sys, "C2", "-1");
    nhref_options_default(&opt);
    opt.digits = 30;
    opt.scheme_opt = "order=12";
    opt.h_fixed = 0.004;
    ck_assert_int_eq(nhref_integrator_new(&ig, sys, &opt), NHREF_OK);
    x = vec(12, nhref_integrator_prec(ig));
    p = vec(9, nhref_integrator_prec(ig) + 64);
    I = vec(7, nhref_integrator_prec(ig));
    ck_assert_int_eq(nhref_system_params(p, sys), NHREF_OK);
    near_singular_init(NULL, x, p);
    mpfr_inits2(nhref_integrator_prec(ig), t, T, (mpfr_ptr)0);
    mpfr_set_zero(t, 1);
    mpfr_set_d(T, -0.02, MPFR_RNDN);
    st = nhref_integrate_until(ig, x, t, T, NULL);
    nhref_integrator_integrals(ig, I, t, x);
    drift = fabs(mpfr_get_d(I + 0, MPFR_RNDN) - 1);
    printf("TL near-singular passage with fixed step 0.004: status %s, energy drift %.2g, "
           "|f1| %.2g\n", nhref_strerror(st), drift, fabs(mpfr_get_d(I + 1, MPFR_RNDN)));
    /* either refused, or visibly wrong in the monitors (the adaptive run keeps 1e-35) */
    ck_assert(st != NHREF_OK || !(drift < 1e-20) || !mpfr_number_p(I + 0));
    mpfr_clears(t, T, (mpfr_ptr)0);
    vec_free(x, 12);
    vec_free(p, 9);
    vec_free(I, 7);
    nhref_integrator_free(ig);
    nhref_system_free(sys);
}
END_TEST

/* ================================================================== suite */
static Suite *wheeled_suite(void)
{
    Suite *s = suite_create("wheeled");
    TCase *tc = tcase_create("general");
    tcase_set_timeout(tc, 300);
    tcase_add_loop_test(tc, test_public_values_mp, 0, (int)NPUB);
    tcase_add_loop_test(tc, test_parameter_validation, 0, (int)(sizeof psets / sizeof psets[0]));
    tcase_add_test(tc, test_initial_constraints);
    tcase_add_test(tc, test_singular_set_refused);
    tcase_add_loop_test(tc, test_time_reversibility, 0, (int)(sizeof rev / sizeof rev[0]));
    suite_add_tcase(s, tc);

    tc = tcase_create("hadamard-hamel");
    tcase_set_timeout(tc, 300);
    tcase_add_loop_test(tc, test_hha_true_integrals_closed_form, 0, 2);
    tcase_add_test(tc, test_hha_wrong_integrals);
    tcase_add_test(tc, test_hha_substitution_differs);
    tcase_add_test(tc, test_criterion_particle);
    tcase_add_test(tc, test_criterion_one_wheel_cartesian);
    tcase_add_test(tc, test_criterion_wheel_pair_quasi_velocities);
    tcase_add_loop_test(tc, test_hhb_wheel_spin_substitution_agrees, 0, 2);
    tcase_add_test(tc, test_hhb_knife_substitution_differs);
    tcase_add_loop_test(tc, test_hhb_multipliers, 0, 2);
    suite_add_tcase(s, tc);

    tc = tcase_create("one-wheel");
    tcase_set_timeout(tc, 300);
    tcase_add_loop_test(tc, test_ow_closed_form_and_integrals, 0, 2);
    tcase_add_loop_test(tc, test_ow_closed_form_constants, 0, 2);
    tcase_add_loop_test(tc, test_ow_structure_asymptotics, 0, 2);
    tcase_add_test(tc, test_ow_limits);
    suite_add_tcase(s, tc);

    tc = tcase_create("general-vehicle");
    tcase_set_timeout(tc, 300);
    tcase_add_loop_test(tc, test_gv_wheels_equal_skates, 0, 2);
    tcase_add_test(tc, test_gv_integrals);
    tcase_add_test(tc, test_gv_skate_params);
    tcase_add_test(tc, test_gv_symmetric_links_equal_two_links);
    suite_add_tcase(s, tc);

    tc = tcase_create("two-links");
    tcase_set_timeout(tc, 300);
    tcase_add_test(tc, test_tl_integrals);
    tcase_add_test(tc, test_tl_energy_balance_off_manifold);
    tcase_add_test(tc, test_tl_quadrature_period_tl3);
    tcase_add_test(tc, test_tl_trammel_tl2);
    tcase_add_test(tc, test_tl_relative_equilibria_tl4);
    tcase_add_test(tc, test_tl_near_singular_passage);
    tcase_add_test(tc, test_tl_near_singular_fixed_step_detected);
    suite_add_tcase(s, tc);
    return s;
}

int main(void)
{
    SRunner *sr = srunner_create(wheeled_suite());
    int nfailed;
    srunner_run_all(sr, CK_ENV);
    nfailed = srunner_ntests_failed(sr);
    srunner_free(sr);
    return nfailed == 0 ? EXIT_SUCCESS : EXIT_FAILURE;
}
