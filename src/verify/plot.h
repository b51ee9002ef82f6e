/* plot.h -- a plot as an SVG string, drawn by gnuplot's SVG terminal (run as a
 * child process: the script on its standard input, the SVG read from its standard
 * output through a pipe).  Used by the HTML report of `nhref verify --report`
 * (html.c); meant for any other plot of series of (x, y) points.  Internal to the
 * library: prints nothing, and reports why a plot could not be drawn. */
#ifndef NHREF_VERIFY_PLOT_H
#define NHREF_VERIFY_PLOT_H

#include <stddef.h>

/* One series: N points (X[i], Y[i]); a point with a coordinate that is not finite
 * (or not positive on a log axis) is left out, and breaks the line there. */
typedef struct {
    const char *label; /* the key's text (any bytes: escaped for gnuplot, and by
                          gnuplot for SVG) */
    size_t n;
    const double *x, *y;
    int points; /* 1: points only; 0: a line through the points */
} nhref_plot_series_t;

/* A straight line across the plot, with its label (NULL: none). */
typedef struct {
    double at;
    const char *label;
} nhref_plot_line_t;

typedef struct {
    const char *title, *xlabel, *ylabel; /* NULL: none */
    int logx, logy;                      /* 1: a log10 axis */
    size_t nhline;
    const nhref_plot_line_t *hline; /* horizontal lines (e.g. a threshold), at y */
    size_t nvline;
    const nhref_plot_line_t *vline; /* vertical lines (e.g. an event), at x */
    int width, height;              /* pixels; 0: 720 x 360 */
} nhref_plot_t;

/* The environment variable naming the gnuplot program (default "gnuplot", looked
 * up in PATH). */
#define NHREF_PLOT_GNUPLOT_ENV "NHREF_GNUPLOT"

/* nhref_plot_svg -- *SVG = the plot P of the NSERIES series S, an "<svg ...>...</svg>"
 * element (the XML declaration and doctype cut off) to inline in HTML; free it with
 * free().
 *
 * Shapes:    S: NSERIES series; every series' X and Y hold its N points.
 * Returns:   NHREF_OK; NHREF_ENOTFOUND (gnuplot cannot be started: WHY says so and
 *            names $NHREF_GNUPLOT); NHREF_EIO (gnuplot failed, or wrote no SVG: WHY
 *            holds the first line of its messages); NHREF_ENOMEM.  *SVG = NULL on
 *            error.  WHY: LEN bytes, NUL-terminated ("" on success).
 * Cost:      a fork and exec of gnuplot (about 20 ms), and linear in the points
 *            (keep them to a few thousand: nhref_verify_decimate).
 */
int nhref_plot_svg(char **svg, char *why, size_t len, const nhref_plot_t *p, size_t nseries,
                   const nhref_plot_series_t *s);

#endif /* NHREF_VERIFY_PLOT_H */
