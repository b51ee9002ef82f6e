/* cmd_describe.c -- `nhref describe MODEL`: everything a user needs to know
 * about a model, printed from its descriptor so the docs cannot drift. */
#include <string.h>

#include "cli.h"

/* Print TEXT wrapped at 78 columns, each line indented by INDENT spaces. */
static void wrap(const char *text, int indent)
{
    int col = 0;
    const char *p = text;
    while (*p != '\0') {
        size_t w = strcspn(p, " ");
        if (col > indent && col + (int)w + 1 > 78) {
            putchar('\n');
            col = 0;
        }
        if (col == 0) {
            printf("%*s", indent, "");
            col = indent;
        } else {
            putchar(' ');
            col++;
        }
        printf("%.*s", (int)w, p);
        col += (int)w;
        p += w;
        while (*p == ' ')
            p++;
    }
    putchar('\n');
}

int cmd_describe(int argc, char **argv)
{
    const nhref_model_t *m;

    if (argc < 2 || strcmp(argv[1], "-h") == 0 || strcmp(argv[1], "--help") == 0) {
        printf("Usage: nhref describe MODEL\nState, parameters (units, defaults, admissible "
               "ranges), first integrals,\nclosed forms and source of MODEL (see 'nhref list').\n");
        return argc < 2 ? CLI_USAGE : CLI_OK;
    }
    if (argc > 2) {
        cli_error("unexpected argument '%s' (usage: nhref describe MODEL)", argv[2]);
        return CLI_USAGE;
    }
    if ((m = cli_model(argv[1])) == NULL)
        return CLI_USAGE;

    printf("%s -- %s\n\n", m->name, m->title);
    wrap(m->description, 2);
    printf("\nSource:  %s\nSpec:    %s\n", m->source, m->spec);

    printf("\nState (initial values: --init NAME=VALUE):\n");
    printf("  %-8s %-8s %-9s %s\n", "name", "unit", "default", "meaning");
    for (size_t i = 0; i < m->nstate; i++)
        printf("  %-8s %-8s %-9s %s\n", m->state[i].name, m->state[i].unit,
               m->state[i].default_init, m->state[i].description);

    printf("\nParameters (--param NAME=VALUE):\n");
    printf("  %-8s %-8s %-9s %s\n", "name", "unit", "default", "meaning");
    for (size_t i = 0; i < m->nparam; i++) {
        printf("  %-8s %-8s %-9s %s\n", m->param[i].name, m->param[i].unit,
               m->param[i].default_value, m->param[i].description);
        printf("  %-8s %-8s %-9s admissible: %s\n", "", "", "", m->param[i].range);
    }

    printf("\nFirst integrals (output columns after the state):\n");
    for (size_t i = 0; i < m->nintegral; i++) {
        printf("  %-8s %-8s %s\n", m->integral[i].name, m->integral[i].unit,
               m->integral[i].description);
        printf("  %-8s %-8s conserved: %s\n", "", "", m->integral[i].holds);
    }
    if (m->nevent > 0) {
        printf("\nEvents (the model's physical limits; --no-model-events ignores them):\n");
        for (size_t i = 0; i < m->nevent; i++)
            printf("  %-8s %s (%s, %s)\n", m->event[i].name, m->event[i].description,
                   m->event[i].terminal ? "ends the run" : "recorded",
                   m->event[i].direction > 0   ? "rising crossings"
                   : m->event[i].direction < 0 ? "falling crossings"
                                               : "either direction");
    }
    if (m->closed_form != NULL) {
        printf("\nClosed form (oracle):\n");
        wrap(m->closed_form, 2);
    } else {
        printf("\nClosed form (oracle): none\n");
    }
    printf("\nDefaults: --t-end %s --dt-out %s\nExample:  nhref run %s --digits 50 -o %s.csv\n",
           m->default_t_end, m->default_dt_out, m->name, m->name);
    return CLI_OK;
}
