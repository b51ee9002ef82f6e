/* cmd_describe.c -- `nhref describe MODEL`: everything a user needs to know
 * about a model, printed from its descriptor so the docs cannot drift. */
#include <string.h>

#include "cli.h"
#include "nhref_paths.h" /* the configured directories (src/Makefile.am) */

/* Print TEXT wrapped at 78 columns, each line indented by INDENT spaces; the
 * first line starts at column START (after a label already printed) if > 0. */
static void wrap_from(const char *text, int indent, int start)
{
    int col = start, first = 1;
    const char *p = text;
    while (*p != '\0') {
        size_t w = strcspn(p, " ");
        if (!first && col + (int)w + 1 > 78) {
            putchar('\n');
            col = 0;
        }
        if (col == 0) {
            printf("%*s", indent, "");
            col = indent;
        } else if (!first) {
            putchar(' ');
            col++;
        }
        first = 0;
        printf("%.*s", (int)w, p);
        col += (int)w;
        p += w;
        while (*p == ' ')
            p++;
    }
    putchar('\n');
}

static void wrap(const char *text, int indent)
{
    wrap_from(text, indent, 0);
}

/* "LABEL    text..." wrapped with the text aligned after the label */
static void labelled(const char *label, const char *text)
{
    printf("%-9s", label);
    wrap_from(text, 9, 9);
}

int cmd_describe(int argc, char **argv)
{
    const nhref_model_t *m;
    nhref_model_file_t *mf = NULL;

    if (argc < 2 || strcmp(argv[1], "-h") == 0 || strcmp(argv[1], "--help") == 0) {
        printf("Usage: nhref describe MODEL\nState, parameters (units, defaults, admissible "
               "ranges), first integrals,\nclosed forms, source paper and documentation of MODEL "
               "(see 'nhref list').\nMODEL may be a model file (a name with '/' or '.'): then "
               "also its form and the\nequations nhref derived from it "
               "(docs/models/writing-a-model.md).\nThe documentation of each model family is "
               "docs/models/*.md, "
               "installed in\n%s/docs/models/.\n",
               NHREF_DOCDIR);
        return argc < 2 ? CLI_USAGE : CLI_OK;
    }
    if (argc > 2) {
        cli_error("unexpected argument '%s' (usage: nhref describe MODEL)", argv[2]);
        return CLI_USAGE;
    }
    if (nhref_model_find(argv[1]) == NULL && nhref_model_is_file(argv[1])) {
        char err[1024];
        int rc = nhref_model_file_read(&mf, argv[1], err, sizeof err);
        if (rc != NHREF_OK) {
            cli_error("%s", err);
            return cli_spec_exit(rc);
        }
        m = nhref_model_file_model(mf);
    } else if ((m = cli_model(argv[1])) == NULL) {
        return CLI_USAGE;
    }

    printf("%s -- %s\n\n", m->name, m->title);
    wrap(m->description, 2);
    putchar('\n');
    labelled("Source:", m->source);
    if (mf == NULL) {
        /* the model's documentation, in the source tree and where make install puts it;
         * its sections are what "spec §N" refers to */
        char docs[1024];
        const char *rel = strncmp(m->spec, "docs/", 5) == 0 ? m->spec + 5 : m->spec;
        snprintf(docs, sizeof docs,
                 "%s (\"spec §N\" above and below is its section N); installed as %s/docs/%s",
                 m->spec, NHREF_DOCDIR, rel);
        labelled("Docs:", docs);
    }

    printf("\nState (initial values: --init NAME=VALUE):\n");
    printf("  %-8s %-8s %-9s %s\n", "name", "unit", "default", "meaning");
    for (size_t i = 0; i < m->nstate; i++) {
        int n = printf("  %-8s %-8s %-9s ", m->state[i].name, m->state[i].unit,
                       m->state[i].default_init);
        wrap_from(m->state[i].description, 30, n);
    }

    printf("\nParameters (--param NAME=VALUE):\n");
    printf("  %-8s %-8s %-9s %s\n", "name", "unit", "default", "meaning");
    for (size_t i = 0; i < m->nparam; i++) {
        int n = printf("  %-8s %-8s %-9s ", m->param[i].name, m->param[i].unit,
                       m->param[i].default_value);
        wrap_from(m->param[i].description, 30, n);
        n = printf("  %-8s %-8s %-9s admissible: ", "", "", "");
        wrap_from(m->param[i].range, 42, n);
    }

    printf("\nFirst integrals (output columns after the state):\n");
    for (size_t i = 0; i < m->nintegral; i++) {
        int n = printf("  %-8s %-8s ", m->integral[i].name, m->integral[i].unit);
        wrap_from(m->integral[i].description, 20, n);
        n = printf("  %-8s %-8s conserved: ", "", "");
        wrap_from(m->integral[i].holds, 31, n);
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
    if (m->nchart > 0) {
        printf("\nCharts (nhref verify --chart NAME: a trajectory written in these columns):\n");
        for (size_t i = 0; i < m->nchart; i++) {
            int n = printf("  %-10s ", m->chart[i].name);
            if (*m->chart[i].description != '\0') {
                wrap_from(m->chart[i].description, 13, n);
                n = printf("  %-10s ", "");
            }
            n += printf("columns: ");
            wrap_from(m->chart[i].columns, 22, n);
            for (size_t k = 0; m->chart[i].define[k] != NULL; k++)
                printf("  %-10s %s\n", "", m->chart[i].define[k]);
        }
    }
    if (m->closed_form != NULL) {
        printf("\nClosed form (oracle):\n");
        wrap(m->closed_form, 2);
    } else {
        printf("\nClosed form (oracle): none\n");
    }
    if (mf != NULL) {
        putchar('\n');
        nhref_model_file_describe(mf, stdout);
    }
    printf("\nDefaults: --t-end %s --dt-out %s\nExample:  nhref run %s --digits 50 -o %s.csv\n",
           m->default_t_end, m->default_dt_out, mf != NULL ? argv[1] : m->name, m->name);
    nhref_model_file_free(mf);
    return CLI_OK;
}
