/* cmd_list.c -- `nhref list`: the registered models, one line each. */
#include <string.h>

#include "cli.h"

int cmd_list(int argc, char **argv)
{
    size_t w = 0, n;
    if (argc > 1 && (strcmp(argv[1], "-h") == 0 || strcmp(argv[1], "--help") == 0)) {
        printf("Usage: nhref list\nList the models, one line each; then the schemes.\n");
        return CLI_OK;
    }
    if (argc > 1) {
        cli_error("unexpected argument '%s' (usage: nhref list)", argv[1]);
        return CLI_USAGE;
    }
    /* one name column for both tables, as wide as the longest name */
    for (size_t i = 0; i < nhref_model_count(); i++)
        if ((n = strlen(nhref_model_get(i)->name)) > w)
            w = n;
    for (size_t i = 0; i < nhref_scheme_count(); i++)
        if ((n = strlen(nhref_scheme_get(i)->name)) > w)
            w = n;
    printf("Models:\n");
    for (size_t i = 0; i < nhref_model_count(); i++) {
        const nhref_model_t *m = nhref_model_get(i);
        printf("  %-*s  %s\n", (int)w, m->name, m->title);
    }
    printf("Schemes:\n");
    for (size_t i = 0; i < nhref_scheme_count(); i++) {
        const nhref_scheme_t *s = nhref_scheme_get(i);
        printf("  %-*s  %s\n", (int)w, s->name, s->description);
        for (size_t j = 0; j < s->nopt; j++)
            printf("  %-*s    option %s=N: %s (%lu to %lu; default %s)\n", (int)w, "",
                   s->opt[j].name, s->opt[j].description, s->opt[j].min, s->opt[j].max,
                   s->opt[j].default_value);
    }
    return CLI_OK;
}
