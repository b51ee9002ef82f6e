/* html.c -- the verification report as one self-contained HTML page
 * (nhref_verify_report_write_html): tables from the report, plots from its
 * per-row series through plot.c (gnuplot's SVG terminal), inlined. */
#include "verify_internal.h"

#include <math.h>
#include <stdarg.h>
#include <stdlib.h>
#include <string.h>

#include "nhref.h"
#include "plot.h"

#define esc nhref_verify_xml_escaped

/* printf of FMT's arguments, escaped */
static void escf(FILE *out, const char *fmt, ...)
#if defined(__GNUC__)
    __attribute__((format(printf, 2, 3)))
#endif
    ;
static void escf(FILE *out, const char *fmt, ...)
{
    char buf[2048];
    va_list ap;
    va_start(ap, fmt);
    vsnprintf(buf, sizeof buf, fmt, ap);
    va_end(ap);
    esc(out, buf);
}

static const char *where_text(char *buf, size_t len, const nhref_verify_where_t *w)
{
    if (w->line > 0)
        snprintf(buf, len, "%s (line %zu)", w->t_str, w->line);
    else
        snprintf(buf, len, "%s (row %zu)", w->t_str, w->row + 1);
    return buf;
}

static void meta_row(FILE *out, const char *key, const char *value)
{
    fputs("<tr><th>", out);
    esc(out, key);
    fputs("</th><td>", out);
    esc(out, value != NULL ? value : "-");
    fputs("</td></tr>\n", out);
}

static void end_row(FILE *out, const char *dir, const nhref_verify_end_t *e)
{
    char buf[1200], w[96];
    if (!e->used)
        return;
    if (e->outcome == NHREF_OUTCOME_REACHED)
        snprintf(buf, sizeof buf, "reached every row's time");
    else
        snprintf(buf, sizeof buf, "ends early, at %s", e->why != NULL ? e->why : "?");
    if (e->nbeyond > 0) {
        size_t used = strlen(buf);
        snprintf(buf + used, sizeof buf - used,
                 "; %zu row%s beyond the end, not judged (the "
                 "first: t = %s)",
                 e->nbeyond, e->nbeyond == 1 ? "" : "s", where_text(w, sizeof w, &e->first_beyond));
    }
    meta_row(out, dir, buf);
}

void nhref_verify_html_figure(FILE *out, const char *id, const nhref_plot_t *p, size_t ns,
                              const nhref_plot_series_t *s, char *note, size_t len)
{
    char why[600], *svg = NULL;
    int status = nhref_plot_svg(&svg, why, sizeof why, p, ns, s);
    fprintf(out, "<figure id=\"%s\">\n", id);
    if (status == NHREF_OK) {
        fputs(svg, out);
        fputc('\n', out);
    } else {
        fputs("<p class=\"missing\">Plot missing: ", out);
        esc(out, why);
        fputs("</p>\n", out);
        if (len > 0 && note[0] == '\0')
            snprintf(note, len, "plots missing: %s", why);
    }
    fputs("</figure>\n", out);
    free(svg);
}

#define figure nhref_verify_html_figure

void nhref_verify_html_head(FILE *out, const char *title, const char *title2)
{
    fputs("<!DOCTYPE html>\n<html lang=\"en\">\n<head>\n<meta charset=\"utf-8\">\n<title>", out);
    esc(out, title);
    if (title2 != NULL)
        esc(out, title2);
    fputs("</title>\n<style>\n"
          "body{font-family:sans-serif;max-width:70em;margin:1em auto;padding:0 1em;color:#222}\n"
          "table{border-collapse:collapse;margin:0.5em 0}\n"
          "th,td{border:1px solid #bbb;padding:2px 6px;text-align:left;vertical-align:top}\n"
          "td.num{text-align:right;font-family:monospace}\n"
          "#verdict{font-size:1.2em;font-weight:bold;padding:0.5em;border-radius:4px}\n"
          ".pass{background:#dff0d8;color:#1d5e1d}.fail{background:#f8d7da;color:#8a1c1c}\n"
          ".missing{color:#8a5a00;font-style:italic}\nfigure{margin:0.5em 0}\n"
          "</style>\n</head>\n<body>\n",
          out);
}

/* the series Y over the rows not beyond the end, cut to NHREF_VERIFY_SERIES_MAX:
 * *X, *YY (freed by the caller); SCALE: Y / SCALE; CAP: values above it become CAP */
static size_t series(double **x, double **yy, const nhref_verify_report_t *rep, const double *y,
                     int keep_max, double scale, double cap)
{
    size_t n = 0, nk = 0, m = rep->nrows ? rep->nrows : 1;
    size_t *idx = malloc(m * sizeof *idx), *keep = malloc(m * sizeof *keep);
    double *v = malloc(m * sizeof *v);
    *x = malloc(m * sizeof **x);
    *yy = malloc(m * sizeof **yy);
    if (idx != NULL && keep != NULL && v != NULL && *x != NULL && *yy != NULL) {
        for (size_t i = 0; i < rep->nrows; i++)
            if (rep->row_where[i] != NHREF_VERIFY_ROW_BEYOND) {
                idx[n] = i;
                v[n++] = y[i];
            }
        nk = nhref_verify_decimate(keep, v, n, NHREF_VERIFY_SERIES_MAX, keep_max);
        for (size_t k = 0; k < nk; k++) {
            double val = v[keep[k]];
            (*x)[k] = rep->row_t[idx[keep[k]]];
            if (keep_max)
                val = fabs(val) / scale;
            (*yy)[k] = val > cap ? cap : val;
        }
    }
    free(idx);
    free(keep);
    free(v);
    return nk;
}

/* the digits plot and the drift plot */
static int plots(FILE *out, const nhref_verify_report_t *rep, char *note, size_t len)
{
    size_t nc = rep->ncolumn, ni = rep->ndrift, nh = 0, nv = 0;
    nhref_plot_series_t *s = calloc(nc + ni + 1, sizeof *s);
    double **xs = calloc(nc + ni + 1, sizeof *xs), **ys = calloc(nc + ni + 1, sizeof *ys);
    nhref_plot_line_t *h = calloc(nc + 1, sizeof *h), v[2];
    char(*hl)[64] = calloc(nc + 1, sizeof *hl), vl[2][160];
    nhref_plot_t p;
    int status = NHREF_OK;

    if (s == NULL || xs == NULL || ys == NULL || h == NULL || hl == NULL) {
        status = NHREF_ENOMEM;
        goto out;
    }
    /* the reference's end where rows lie beyond it */
    for (int d = 0; d < 2; d++) {
        const nhref_verify_end_t *e = rep->end + d;
        if (!e->used || e->nbeyond == 0 || e->t_end == NULL)
            continue;
        snprintf(vl[nv], sizeof vl[nv], "end of the reference%s%s%s: %zu row%s beyond",
                 e->event != NULL ? " (event " : "", e->event != NULL ? e->event : "",
                 e->event != NULL ? ")" : "", e->nbeyond, e->nbeyond == 1 ? "" : "s");
        v[nv].at = strtod(e->t_end, NULL);
        v[nv].label = vl[nv];
        nv++;
    }

    fputs("<h2>Digits of agreement vs t</h2>\n<p>Per row: -log10(|yours - reference| / "
          "max(|reference|, 1)); dashed: the thresholds.  Rows equal to the reference are drawn "
          "at the reference's digits; at most 2000 points per column (the least digits of each "
          "bucket of consecutive rows).</p>\n",
          out);
    for (size_t j = 0; j < nc; j++) {
        const nhref_verify_column_t *c = rep->column + j;
        int seen = 0;
        s[j].label = c->name;
        s[j].n = series(xs + j, ys + j, rep, c->row_digits, 0, 1, rep->digits);
        s[j].x = xs[j];
        s[j].y = ys[j];
        s[j].points = s[j].n < 2;
        if (xs[j] == NULL || ys[j] == NULL) {
            status = NHREF_ENOMEM;
            goto out;
        }
        for (size_t k = 0; k < nh; k++)
            seen |= h[k].at == c->min_digits;
        if (!seen) {
            snprintf(hl[nh], sizeof hl[nh], "threshold %g", c->min_digits);
            h[nh].at = c->min_digits;
            h[nh].label = hl[nh];
            nh++;
        }
    }
    memset(&p, 0, sizeof p);
    p.title = "digits of agreement per column";
    p.xlabel = "t";
    p.ylabel = "digits";
    p.nhline = nh;
    p.hline = h;
    p.nvline = nv;
    p.vline = v;
    figure(out, "plot-digits", &p, nc, s, note, len);

    fputs("<h2>First-integral drift vs t</h2>\n", out);
    if (!rep->drift_computed) {
        fputs("<p class=\"missing\">No drift plot: ", out);
        esc(out, rep->drift_note != NULL ? rep->drift_note : "the drift was not computed");
        fputs("</p>\n", out);
        goto out;
    }
    fputs("<p>Per row: |I(t) - I(t_first)| / max(1, |I(t_first)|) along your states (log "
          "scale: rows where it is 0 are not drawn); at most 2000 points per integral (the "
          "largest of each bucket).</p>\n",
          out);
    {
        size_t nd = 0;
        for (size_t k = 0; k < ni; k++) {
            const nhref_verify_drift_t *dr = rep->drift + k;
            if (!dr->defined || dr->row_drift == NULL)
                continue;
            s[nd].label = dr->name;
            s[nd].n = series(xs + nc + nd, ys + nc + nd, rep, dr->row_drift, 1,
                             fmax(1, fabs(dr->first_value)), INFINITY);
            s[nd].x = xs[nc + nd];
            s[nd].y = ys[nc + nd];
            s[nd].points = s[nd].n < 2;
            if (s[nd].x == NULL || s[nd].y == NULL) {
                nd++;
                status = NHREF_ENOMEM;
                goto out;
            }
            nd++;
        }
        memset(&p, 0, sizeof p);
        p.title = "relative drift of the first integrals";
        p.xlabel = "t";
        p.ylabel = "|I(t) - I(t_first)| / max(1, |I(t_first)|)";
        p.logy = 1;
        p.nvline = nv;
        p.vline = v;
        if (nd > 0)
            figure(out, "plot-drift", &p, nd, s, note, len);
        else
            fputs("<p class=\"missing\">No drift plot: no integral is defined at the first "
                  "row.</p>\n",
                  out);
    }
out:
    for (size_t j = 0; xs != NULL && ys != NULL && j < nc + ni + 1; j++) {
        free(xs[j]);
        free(ys[j]);
    }
    free(xs);
    free(ys);
    free(s);
    free(h);
    free(hl);
    return status;
}

int nhref_verify_report_write_html(FILE *out, const nhref_verify_report_t *rep, char *note,
                                   size_t len)
{
    char d[32], w[96], buf[512];
    int status = NHREF_OK;

    if (len > 0)
        note[0] = '\0';
    snprintf(buf, sizeof buf, "nhref verify: %s against ", rep->source);
    nhref_verify_html_head(out, buf, rep->model);
    fputs("<h1>nhref verify</h1>\n", out);
    fprintf(out, "<p id=\"verdict\" class=\"%s\" data-pass=\"%d\" data-level=\"",
            rep->pass ? "pass" : "fail", rep->pass);
    esc(out, rep->level != NULL ? rep->level : "VALIDATED");
    fputs("\">", out);
    esc(out, rep->summary);
    fputs("</p>\n", out);

    fputs("<h2>Reference and input</h2>\n<table id=\"metadata\">\n", out);
    snprintf(buf, sizeof buf, "%zu rows, t from %s to %s", rep->nrows, rep->first.t_str,
             rep->last.t_str);
    meta_row(out, "trajectory", strcmp(rep->source, "-") == 0 ? "(standard input)" : rep->source);
    meta_row(out, "rows", buf);
    meta_row(out, "model", rep->model);
    if (rep->golden != NULL)
        meta_row(out, "golden file", rep->golden);
    fputs("<tr><th>parameters</th><td>", out);
    for (size_t k = 0; k < rep->nparam; k++) {
        escf(out, "%s%s = %s", k ? ", " : "", rep->param_name[k], rep->param_value[k]);
    }
    fputs("</td></tr>\n<tr><th>initial state</th><td>", out);
    for (size_t k = 0; k < rep->ninit; k++)
        escf(out, "%s%s = %s", k ? ", " : "", rep->init_name[k], rep->init_value[k]);
    fputs("</td></tr>\n", out);
    meta_row(out, "t-start", rep->t_start);
    snprintf(buf, sizeof buf, "%s at %g digits, %ld bits; %lu steps", rep->scheme, rep->digits,
             rep->prec, rep->nsteps);
    meta_row(out, "reference", buf);
    meta_row(out, "level", rep->level != NULL ? rep->level : "VALIDATED");
    end_row(out, "backward (rows before t-start)", rep->end);
    end_row(out, "forward", rep->end + 1);
    if (rep->closed_form == 1) {
        snprintf(buf, sizeof buf, "checked: %s digits at %zu rows (worst: %s at t = %s)",
                 nhref_verify_digits_text(d, sizeof d, rep->closed_form_digits),
                 rep->closed_form_samples, rep->closed_form_worst, rep->closed_form_at.t_str);
        meta_row(out, "closed form", buf);
    } else {
        meta_row(out, "closed form", rep->closed_form_note);
    }
    if (rep->nnot_compared > 0) {
        fputs("<tr><th>not compared</th><td>", out);
        for (size_t i = 0; i < rep->nnot_compared; i++)
            escf(out, "%s%s", i ? ", " : "", rep->not_compared[i]);
        fputs("</td></tr>\n", out);
    }
    meta_row(out, "nhref", nhref_version());
    fputs("</table>\n", out);

    fputs("<h2>Columns</h2>\n<table id=\"columns\">\n<tr><th>column</th><th>kind</th>"
          "<th>max |error|</th><th>digits</th><th>min</th><th>verdict</th>"
          "<th>worst at t</th></tr>\n",
          out);
    for (size_t j = 0; j < rep->ncolumn; j++) {
        const nhref_verify_column_t *c = rep->column + j;
        fputs("<tr><td>", out);
        esc(out, c->name);
        if (strcmp(c->name, c->compared_as) != 0)
            escf(out, " (as %s)", c->compared_as);
        fprintf(out,
                "</td><td>%s</td><td class=\"num\">%.3e</td><td class=\"num\">%s</td>"
                "<td class=\"num\">%g</td><td class=\"%s\">%s</td><td>",
                c->kind == NHREF_VERIFY_STATE ? "state" : "integral", c->max_error,
                nhref_verify_digits_text(d, sizeof d, c->digits), c->min_digits,
                c->pass ? "pass" : "fail", c->pass ? "ok" : "FAIL");
        esc(out, where_text(w, sizeof w, &c->worst));
        fputs("</td></tr>\n", out);
    }
    fputs("</table>\n", out);
    if (rep->proven.ran) {
        fputs("<h2>Rigorous judgement</h2>\n<p>", out);
        escf(out, "validated Taylor in Arb balls, order %u, %ld bits, %lu steps: %s",
             rep->proven.order, rep->proven.prec, rep->proven.nsteps,
             rep->proven.outcome == NHREF_OUTCOME_REACHED
                 ? "every row's time enclosed"
                 : (rep->proven.why != NULL ? rep->proven.why : "stopped"));
        fputs("</p>\n<table id=\"rigorous\">\n<tr><th>column</th><th>proven digits</th>"
              "<th>max radius</th><th>outside</th><th>not enclosed</th><th>verdict</th></tr>\n",
              out);
        for (size_t j = 0; j < rep->ncolumn; j++) {
            const nhref_verify_column_t *c = rep->column + j;
            fputs("<tr><td>", out);
            esc(out, c->name);
            fprintf(out,
                    "</td><td class=\"num\">%s</td><td class=\"num\">%.3g</td>"
                    "<td class=\"num\">%zu</td><td class=\"num\">%zu</td><td>%s</td></tr>\n",
                    isnan(c->proven_digits)
                        ? "-"
                        : nhref_verify_digits_text(d, sizeof d, c->proven_digits),
                    c->max_radius, c->outside, c->not_enclosed, nhref_verify_proof_str(c->proof));
        }
        fputs("</table>\n", out);
    }

    fputs("<h2>First-integral drift</h2>\n", out);
    if (!rep->drift_computed) {
        fputs("<p>Skipped: ", out);
        esc(out, rep->drift_note != NULL ? rep->drift_note : "?");
        fputs("</p>\n", out);
    } else {
        fputs("<table id=\"drift\">\n<tr><th>integral</th><th>I(t_first)</th><th>max |drift|</th>"
              "<th>digits</th><th>min</th><th>worst at t</th></tr>\n",
              out);
        for (size_t k = 0; k < rep->ndrift; k++) {
            const nhref_verify_drift_t *dr = rep->drift + k;
            fputs("<tr><td>", out);
            esc(out, dr->name);
            if (!dr->defined) {
                fputs("</td><td colspan=\"5\">undefined (NaN) at the first row</td></tr>\n", out);
                continue;
            }
            fputs("</td><td class=\"num\">", out);
            esc(out, dr->first_str);
            fprintf(out,
                    "</td><td class=\"num\">%.3e</td><td class=\"num\">%s</td>"
                    "<td class=\"num\">",
                    dr->max_drift, nhref_verify_digits_text(d, sizeof d, dr->digits));
            if (isnan(dr->min_digits))
                fputs("-", out);
            else
                fprintf(out, "%g", dr->min_digits);
            fputs("</td><td>", out);
            esc(out, where_text(w, sizeof w, &dr->worst));
            fputs("</td></tr>\n", out);
        }
        fputs("</table>\n", out);
    }

    if (rep->errors) {
        status = plots(out, rep, note, len);
    } else {
        fputs("<p class=\"missing\">No plots: the report holds no per-row errors "
              "(nhref_verify_set_errors).</p>\n",
              out);
        if (len > 0)
            snprintf(note, len, "plots missing: the report holds no per-row errors");
    }
    fputs("</body>\n</html>\n", out);
    if (status != NHREF_OK)
        return status;
    return fflush(out) != 0 || ferror(out) ? NHREF_EIO : NHREF_OK;
}
