/* assign.c -- "NAME=VALUE" lists (--param, --init, or the param/init lines of
 * a trajectory or golden file) applied to a system and an initial state, with
 * the same one-line messages wherever they come from. */
#include "cli.h"

#include <stdlib.h>
#include <string.h>


/* "a, b, c": the parameter (PARAMS) or state names of M */
static void name_list(char *buf, size_t len, const nhref_model_t *m, int params)
{
    size_t n = params ? m->nparam : m->nstate, used = 0;
    buf[0] = '\0';
    for (size_t i = 0; i < n && used < len; i++)
        used += (size_t)snprintf(buf + used, len - used, "%s%s", i ? ", " : "",
                                 params ? m->param[i].name : m->state[i].name);
}

int cli_assign_params(nhref_system_t *sys, char *const *args, size_t n, const char *where,
                      const char *option)
{
    const nhref_model_t *model = nhref_system_model(sys);
    char names[512], why[400];

    name_list(names, sizeof names, model, 1);
    for (size_t i = 0; i < n; i++) {
        char *name, *value;
        int k, status;
        if (cli_split_assignment(args[i], option, &name, &value) != 0)
            return -1;
        k = nhref_model_param_index(model, name);
        if (k < 0) {
            cli_error("%sunknown parameter '%s' of model %s (parameters: %s)", where, name,
                      model->name, names);
            return -1;
        }
        status = nhref_system_set_param(sys, name, value);
        if (status != NHREF_OK) {
            /* parameters are checked at 64 bits when set (nhref_decimal_set) */
            cli_error("%s%s %s: %s (admissible range: %s)", where, option, name,
                      status == NHREF_ENOMEM
                          ? nhref_strerror(status)
                          : nhref_decimal_why(why, sizeof why, value, 64, status),
                      model->param[k].range);
            return -1;
        }
    }
    if (nhref_system_check(sys, why, sizeof why) != NHREF_OK) {
        cli_error("%s%s", where, why);
        return -1;
    }
    return 0;
}

int cli_assign_inits(mpfr_ptr x0, const char **init_str, const nhref_model_t *model,
                     char *const *args, size_t n, const char *where, const char *option)
{
    char names[512];

    for (size_t i = 0; i < model->nstate; i++)
        init_str[i] = model->state[i].default_init;
    name_list(names, sizeof names, model, 0);
    for (size_t i = 0; i < n; i++) {
        char *name, *value;
        int k;
        if (cli_split_assignment(args[i], option, &name, &value) != 0)
            return -1;
        k = nhref_model_state_index(model, name);
        if (k < 0) {
            cli_error("%sunknown state variable '%s' of model %s (state: %s)", where, name,
                      model->name, names);
            return -1;
        }
        init_str[k] = value;
    }
    if (x0 == NULL)
        return 0;
    for (size_t i = 0; i < model->nstate; i++) {
        char opt_name[300];
        snprintf(opt_name, sizeof opt_name, "%s%s %s", where, option, model->state[i].name);
        if (cli_decimal(x0 + i, init_str[i], opt_name, "any finite real") != 0)
            return -1;
    }
    return 0;
}

int cli_check_init(const nhref_system_t *sys, mpfr_srcptr x0, const char *where)
{
    char why[256];
    if (nhref_system_check_init(sys, x0, why, sizeof why) != NHREF_OK) {
        cli_error("%sthe initial state is not admissible: %s", where, why);
        return -1;
    }
    return 0;
}
