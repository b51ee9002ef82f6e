/* check_model.c -- model descriptors and the two registries (models.def and the
 * oracles of oracle/registry.c): every registered model is a valid descriptor
 * and builds; every oracle judges a registered model of its sizes; and broken
 * descriptors, made by hand, are clear errors (NHREF_EINVAL with a reason that
 * names the problem), never a call through NULL.
 *
 * Expected values are the statuses and reasons the descriptor rules of
 * nhref_model.h (nhref_model_check) prescribe for each broken field.
 */
#include <stdlib.h>
#include <string.h>

#include <check.h>

#include "models/models_internal.h"
#include "nhref_model.h"
#include "nhref_oracle.h"

/* ------------------------------------------------------------------ the registries */
START_TEST(test_registry_models_valid)
{
    const nhref_model_t *m = nhref_model_get((size_t)_i);
    nhref_system_t *sys;
    char why[256] = "";

    ck_assert_ptr_nonnull(m);
    ck_assert_msg(nhref_model_check(m, why, sizeof why) == NHREF_OK, "%s", why);
    ck_assert_ptr_eq(nhref_model_find(m->name), m);
    ck_assert_int_eq(nhref_system_new(&sys, m), NHREF_OK);
    nhref_system_free(sys);
}
END_TEST

START_TEST(test_registry_oracles_match)
{
    const nhref_oracle_t *o = nhref_oracle_get((size_t)_i);
    const nhref_model_t *m;

    ck_assert_ptr_nonnull(o);
    m = nhref_model_find(o->model);
    ck_assert_msg(m != NULL, "the oracle '%s' judges no registered model", o->model);
    ck_assert_msg(o->nparam == m->nparam && o->nstate == m->nstate &&
                      o->nintegral == m->nintegral,
                  "oracle %s: nparam %zu, nstate %zu, nintegral %zu; model %zu, %zu, %zu",
                  o->model, o->nparam, o->nstate, o->nintegral, m->nparam, m->nstate,
                  m->nintegral);
    /* one oracle per model: nhref_oracle_find returns the first */
    ck_assert_ptr_eq(nhref_oracle_find(o->model), o);
    ck_assert_ptr_null(nhref_oracle_get(nhref_oracle_count()));
}
END_TEST

/* ------------------------------------------------------------------ broken descriptors */
static int build_one(nhref_tape_t *tp) /* x' = -x */
{
    nhref_tape_set_output(tp, 0, nhref_tape_neg(tp, nhref_tape_state(tp, 0)));
    return nhref_tape_status(tp);
}

static int build_two(nhref_tape_t *tp) /* (x, y)' = (y, -x): also a 2-output tape */
{
    nhref_tape_set_output(tp, 0, nhref_tape_state(tp, 1));
    nhref_tape_set_output(tp, 1, nhref_tape_neg(tp, nhref_tape_state(tp, 0)));
    return nhref_tape_status(tp);
}

static const nhref_state_desc_t one[1] = {{"x", "1", "x", "1"}};
static const nhref_state_desc_t two[2] = {{"x", "1", "x", "1"}, {"y", "1", "y", "0"}};
/* declared for three entries, initialised for two: the third has no name */
static const nhref_state_desc_t short3[3] = {{"x", "1", "x", "1"}, {"y", "1", "y", "0"}};
static const nhref_state_desc_t twice[2] = {{"x", "1", "x", "1"}, {"x", "1", "x", "0"}};
static const nhref_state_desc_t bad_init[1] = {{"x", "1", "x", "one"}};
static const nhref_param_desc_t par_x[1] = {{"x", "1", "clashes with the state x", "1", "any"}};
static const nhref_param_desc_t par_bad[1] = {{"k", "1", "k", "1e", "any"}};
static const nhref_param_desc_t par_null[1] = {{"k", "1", "k", NULL, "any"}};
static const nhref_integral_desc_t integ[1] = {{"I", "1", "I", "always"}};
static const nhref_event_desc_t ev[1] = {{"e", "e", 0, 1}};
static const nhref_event_desc_t ev_dir[1] = {{"e", "e", 2, 1}};

#define OK1 .nstate = 1, .state = one, .build_rhs = build_one
static const struct {
    nhref_model_t m;
    const char *why; /* a word the reason must contain */
} broken[] = {
    {{.name = NULL, OK1}, "without a name"},
    {{.name = "", OK1}, "without a name"},
    {{.name = "t", .nstate = 1, .state = one}, "build_rhs"},
    {{.name = "t", .nstate = 0, .state = one, .build_rhs = build_one}, "nstate = 0"},
    {{.name = "t", .nstate = 1, .state = NULL, .build_rhs = build_one}, "no state table"},
    {{.name = "t", OK1, .nparam = 2, .param = NULL}, "no parameter table"},
    {{.name = "t", OK1, .nintegral = 1, .integral = integ}, "build_integrals"},
    {{.name = "t", OK1, .nintegral = 1, .build_integrals = build_one}, "no integral table"},
    {{.name = "t", OK1, .build_integrals = build_one}, "nintegral = 0"},
    {{.name = "t", OK1, .nevent = 1, .event = ev}, "build_events"},
    {{.name = "t", OK1, .nevent = 1, .build_events = build_one}, "no event table"},
    {{.name = "t", OK1, .build_events = build_one}, "nevent = 0"},
    {{.name = "t", .nstate = 3, .state = short3, .build_rhs = build_one}, "has no name"},
    {{.name = "t", .nstate = 2, .state = twice, .build_rhs = build_two}, "both named 'x'"},
    {{.name = "t", OK1, .nparam = 1, .param = par_x}, "both a state component and a parameter"},
    {{.name = "t", .nstate = 1, .state = bad_init, .build_rhs = build_one}, "default initial"},
    {{.name = "t", OK1, .nparam = 1, .param = par_bad}, "parameter k"},
    {{.name = "t", OK1, .nparam = 1, .param = par_null}, "parameter k"},
    {{.name = "t", OK1, .nevent = 1, .event = ev_dir, .build_events = build_one}, "direction"},
    /* a descriptor under the name of a registered oracle, with other sizes: the
     * oracle would be silently dropped (chaplygin_sleigh: 3 parameters, 5 states) */
    {{.name = "chaplygin_sleigh", .nstate = 2, .state = two, .build_rhs = build_two}, "oracle"},
};
#define NBROKEN (sizeof broken / sizeof broken[0])

START_TEST(test_broken_descriptor)
{
    const nhref_model_t *m = &broken[_i].m;
    nhref_system_t *sys = (nhref_system_t *)&sys;
    char why[256] = "";

    ck_assert_int_eq(nhref_model_check(m, why, sizeof why), NHREF_EINVAL);
    ck_assert_msg(strstr(why, broken[_i].why) != NULL, "reason '%s' lacks '%s'", why,
                  broken[_i].why);
    /* a system is never built from it: no call through NULL, no partial system */
    ck_assert_int_eq(nhref_system_new(&sys, m), NHREF_EINVAL);
    ck_assert_ptr_null(sys);
}
END_TEST

START_TEST(test_null_descriptor)
{
    char why[256] = "";
    ck_assert_int_eq(nhref_model_check(NULL, why, sizeof why), NHREF_EINVAL);
    ck_assert_ptr_nonnull(strstr(why, "NULL"));
}
END_TEST

/* the valid hand-made descriptors pass, and a builder's own error stays NHREF_ETAPE */
static int build_unset(nhref_tape_t *tp) /* leaves its output unset */
{
    (void)nhref_tape_state(tp, 0);
    return nhref_tape_status(tp);
}

START_TEST(test_valid_descriptor)
{
    static const nhref_model_t ok = {.name = "t", OK1, .nintegral = 1, .integral = integ,
                                     .build_integrals = build_one, .nevent = 1, .event = ev,
                                     .build_events = build_one};
    static const nhref_model_t unset = {.name = "t", .nstate = 1, .state = one,
                                        .build_rhs = build_unset};
    nhref_system_t *sys;
    char why[256] = "";

    ck_assert_msg(nhref_model_check(&ok, why, sizeof why) == NHREF_OK, "%s", why);
    ck_assert_int_eq(nhref_system_new(&sys, &ok), NHREF_OK);
    nhref_system_free(sys);
    ck_assert_int_eq(nhref_model_check(&unset, why, sizeof why), NHREF_OK);
    ck_assert_int_eq(nhref_system_new(&sys, &unset), NHREF_ETAPE);
}
END_TEST

/* a registry (here a hand-made table of two) with two models of one name, or a
 * registered model without what `nhref list` and `nhref run` print */
START_TEST(test_registry_rules)
{
    static const nhref_model_t a = {.name = "same", OK1, .title = "a", .source = "s",
                                    .spec = "s", .description = "d", .default_t_end = "1",
                                    .default_dt_out = "0.5"};
    static const nhref_model_t b = {.name = "same", OK1, .title = "b", .source = "s",
                                    .spec = "s", .description = "d", .default_t_end = "1",
                                    .default_dt_out = "0.5"};
    static const nhref_model_t c = {.name = "other", OK1, .title = "c", .source = "s",
                                    .spec = "s", .description = "d", .default_t_end = "1"};
    const nhref_model_t *dup[2] = {&a, &b}, *fine[2] = {&a, &c}, *lone[1] = {&a};
    char why[256] = "";

    ck_assert_int_eq(nhref_model_check_in(&a, lone, 1, why, sizeof why), NHREF_OK);
    ck_assert_int_eq(nhref_model_check_in(&b, dup, 2, why, sizeof why), NHREF_EINVAL);
    ck_assert_ptr_nonnull(strstr(why, "two registered models"));
    ck_assert_int_eq(nhref_model_check_in(&a, dup, 2, why, sizeof why), NHREF_EINVAL);
    /* c lacks default_dt_out: a problem only once registered */
    ck_assert_int_eq(nhref_model_check(&c, why, sizeof why), NHREF_OK);
    ck_assert_int_eq(nhref_model_check_in(&c, fine, 2, why, sizeof why), NHREF_EINVAL);
    ck_assert_ptr_nonnull(strstr(why, "default_dt_out"));
}
END_TEST

static Suite *model_suite(void)
{
    Suite *s = suite_create("model");
    TCase *tc = tcase_create("registry");
    tcase_add_loop_test(tc, test_registry_models_valid, 0, (int)nhref_model_count());
    tcase_add_loop_test(tc, test_registry_oracles_match, 0, (int)nhref_oracle_count());
    suite_add_tcase(s, tc);
    tc = tcase_create("descriptor");
    tcase_add_loop_test(tc, test_broken_descriptor, 0, (int)NBROKEN);
    tcase_add_test(tc, test_null_descriptor);
    tcase_add_test(tc, test_valid_descriptor);
    tcase_add_test(tc, test_registry_rules);
    suite_add_tcase(s, tc);
    return s;
}

int main(void)
{
    SRunner *sr = srunner_create(model_suite());
    int nfailed;
    srunner_run_all(sr, CK_ENV);
    nfailed = srunner_ntests_failed(sr);
    srunner_free(sr);
    return nfailed == 0 ? EXIT_SUCCESS : EXIT_FAILURE;
}
