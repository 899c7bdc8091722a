/* statsout.c: the report of `mancala stats`: as text for people, as one
 * JSON object for scripts, and as an SVG plot (written here: axes, ticks
 * and labels; no plotting program needed). */
#include <jansson.h>
#include <math.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "cli.h"
#include "stats.h"

void cli_wilson(double p, long n, double *lo, double *hi)
{
    *lo = 0;
    *hi = 1;
    if (n <= 0)
        return;
    double z = 1.96, nn = (double)n, z2n = z * z / nn;
    double centre = (p + z2n / 2) / (1 + z2n);
    double half = z * sqrt(p * (1 - p) / nn + z * z / (4 * nn * nn)) / (1 + z2n);
    *lo = centre - half < 0 ? 0 : centre - half;
    *hi = centre + half > 1 ? 1 : centre + half;
}

/* What the lengths of the games come to. */
typedef struct Lengths {
    int min, max, median;
    double mean;
    int bins, width, first;
    long count[16];
} Lengths;

static int cmp_int(const void *a, const void *b)
{
    int x = *(const int *)a, y = *(const int *)b;
    return (x > y) - (x < y);
}

static int lengths(const StatsRun *run, Lengths *L)
{
    memset(L, 0, sizeof *L);
    long n = run->sum->games;
    if (n <= 0)
        return 0;
    int *v = malloc((size_t)run->games * sizeof *v);
    if (!v)
        return -1;
    memcpy(v, run->length, (size_t)run->games * sizeof *v);
    qsort(v, (size_t)run->games, sizeof *v, cmp_int);
    L->min = v[0];
    L->max = v[run->games - 1];
    L->median = v[run->games / 2];
    L->mean = (double)run->sum->decisions / (double)n;
    free(v);
    L->bins = 12;
    L->width = (L->max - L->min + L->bins) / L->bins;
    if (L->width < 1)
        L->width = 1;
    L->first = L->min;
    L->bins = (L->max - L->min) / L->width + 1;
    for (long g = 0; g < run->games; g++)
        L->count[(run->length[g] - L->first) / L->width]++;
    return 0;
}

/* The decisions worth showing one by one: up to the last one at least one
 * game in a hundred reached (within STATS_TRACK). */
static int tracked(const Stats *s)
{
    int k = 0;
    while (k < STATS_TRACK - 1 && s->at[k] * 100 >= s->games && s->at[k] > 0)
        k++;
    return k;
}

static const char *end_words(int e)
{
    static const char *const names[END_COUNT] = {
        "not ended", "an end rule", "the player to move has no move", "neither player can move",
        "no move keeps the `must` rule", "repetition", "the match is decided", "the round cap",
        "the decision cap", "the others are out" };
    return e >= 0 && e < END_COUNT ? names[e] : "?";
}

int stats_text(const StatsRun *run)
{
    const Stats *s = run->sum;
    const Rules *r = run->r;
    Lengths L;
    if (lengths(run, &L) < 0) {
        fprintf(stderr, "mancala: out of memory\n");
        return 1;
    }
    printf("%s: %ld games, ", r->title ? r->title : r->name, s->games);
    for (int pl = 0; pl < r->players; pl++)
        printf("%s %s, ", player_title(r->players, pl), run->who[pl]);
    printf("seed %lu, %d job%s, %.1f s\n", run->seed, run->jobs, run->jobs == 1 ? "" : "s", run->seconds);
    if (run->from)
        printf("from the position of %s\n", run->from);
    for (int i = 0; i <= r->players; i++) {   /* each player's wins, then the draws */
        const int k = i < r->players ? i : MAX_PLAYERS;
        char who[32];
        snprintf(who, sizeof who, i < r->players ? "%s wins" : "draws", player_title(r->players, i & PL_MASK));
        double p = s->games ? (double)s->wins[k] / (double)s->games : 0, lo, hi;
        cli_wilson(p, s->games, &lo, &hi);
        printf(" %-*s %7ld  %5.1f%%  (95%% interval %.1f%%-%.1f%%)\n", r->players == 2 ? 11 : 15, who, s->wins[k],
               100 * p, 100 * lo, 100 * hi);
    }
    printf(" game length: mean %.1f decisions, median %d, shortest %d, longest %d\n", L.mean, L.median, L.min,
           L.max);
    long most = 1;
    for (int b = 0; b < L.bins; b++)
        most = L.count[b] > most ? L.count[b] : most;
    for (int b = 0; b < L.bins; b++) {
        int lo = L.first + b * L.width, hi = lo + L.width - 1;
        int bar = (int)((L.count[b] * 40 + most - 1) / most);
        printf("   %5d-%-5d %-40.*s %ld\n", lo, hi, bar, "########################################", L.count[b]);
    }
    printf(" how games end:");
    int first = 1;
    for (int e = 0; e < END_COUNT; e++)
        if (s->ends[e]) {
            printf("%s %s %ld (%.1f%%)", first ? "" : ";", end_words(e), s->ends[e],
                   100.0 * (double)s->ends[e] / (double)s->games);
            first = 0;
        }
    printf("\n");
    long long legal = 0, at = 0, caps = 0;
    for (int k = 0; k < STATS_TRACK; k++) {
        legal += s->legal[k];
        at += s->at[k];
        caps += s->captures[k];
    }
    printf(" branching factor: %.2f legal decisions a decision on average\n", at ? (double)legal / (double)at : 0);
    printf(" captures: %.1f%% of decisions capture, %.2f seeds a capture\n", at ? 100.0 * (double)caps / (double)at : 0,
           caps ? (double)s->captured / (double)caps : 0);
    /* by decision, in up to eight spans */
    int kmax = tracked(s), span = (kmax + 7) / 8;
    if (span < 1)
        span = 1;
    printf(" by decision     legal   captures   stores (mean, after it)\n");
    for (int k0 = 0; k0 < kmax; k0 += span) {
        long long lg = 0, a = 0, c = 0;
        for (int k = k0; k < k0 + span && k < kmax; k++) {
            lg += s->legal[k];
            a += s->at[k];
            c += s->captures[k];
        }
        int kend = k0 + span < kmax ? k0 + span : kmax;
        printf("   %4d-%-4d   %7.2f   %7.1f%%  ", k0 + 1, kend, a ? (double)lg / (double)a : 0,
               a ? 100.0 * (double)c / (double)a : 0);
        for (int pl = 0; pl < r->players; pl++)
            printf("%s %s %.1f", pl ? "," : "", r->players == 2 ? player_title(2, pl) : player_word(r->players, pl),
                   (double)s->store[pl][kend - 1] / (double)s->games);
        printf("\n");
    }
    return 0;
}

int stats_json(const StatsRun *run)
{
    const Stats *s = run->sum;
    Lengths L;
    if (lengths(run, &L) < 0) {
        fprintf(stderr, "mancala: out of memory\n");
        return 1;
    }
    json_t *o = json_object();
    const int np = run->r->players;
    json_object_set_new(o, "variant", json_string(run->r->name));
    for (int pl = 0; pl < np; pl++)   /* "south", "north"; of more: "p1", "p2", ... */
        json_object_set_new(o, player_word(np, pl), json_string(run->who[pl]));
    json_object_set_new(o, "seed", json_integer((json_int_t)run->seed));
    json_object_set_new(o, "from", run->from ? json_string(run->from) : json_null());
    json_object_set_new(o, "games", json_integer(s->games));
    for (int i = 0; i <= np; i++) {   /* "south_wins", ... ("p1_wins", ...), "draws" */
        const int k = i < np ? i : MAX_PLAYERS;
        char key[32];
        snprintf(key, sizeof key, i < np ? "%s_wins" : "draws", player_word(np, i & PL_MASK));
        double p = s->games ? (double)s->wins[k] / (double)s->games : 0, lo, hi;
        cli_wilson(p, s->games, &lo, &hi);
        json_t *w = json_object();
        json_object_set_new(w, "count", json_integer(s->wins[k]));
        json_object_set_new(w, "share", json_real(p));
        json_object_set_new(w, "ci95", json_pack("[f,f]", lo, hi));
        json_object_set_new(o, key, w);
    }
    json_t *len = json_object();
    json_object_set_new(len, "mean", json_real(L.mean));
    json_object_set_new(len, "median", json_integer(L.median));
    json_object_set_new(len, "min", json_integer(L.min));
    json_object_set_new(len, "max", json_integer(L.max));
    json_object_set_new(len, "bin_first", json_integer(L.first));
    json_object_set_new(len, "bin_width", json_integer(L.width));
    json_t *bins = json_array();
    for (int b = 0; b < L.bins; b++)
        json_array_append_new(bins, json_integer(L.count[b]));
    json_object_set_new(len, "bins", bins);
    json_object_set_new(o, "length", len);
    static const char *const ends[END_COUNT] = { "none", "rule", "no-moves", "blocked", "must", "repetition",
                                                 "match", "max-rounds", "max-plies", "last-player" };
    json_t *e = json_object();
    for (int i = 0; i < END_COUNT; i++)
        if (s->ends[i])
            json_object_set_new(e, ends[i], json_integer(s->ends[i]));
    json_object_set_new(o, "ends", e);
    json_object_set_new(o, "captured_seeds", json_integer(s->captured));
    /* by decision: the mean legal decisions, the share that captured, the
     * mean stores; as far as one game in a hundred went */
    int kmax = tracked(s);
    json_t *lg = json_array(), *cp = json_array(), *st = json_array(), *at = json_array();
    for (int k = 0; k < kmax; k++) {
        double a = (double)s->at[k], g = (double)s->games;
        json_array_append_new(at, json_integer(s->at[k]));
        json_array_append_new(lg, json_real(a ? (double)s->legal[k] / a : 0));
        json_array_append_new(cp, json_real(a ? (double)s->captures[k] / a : 0));
        json_t *each = json_array();
        for (int pl = 0; pl < np; pl++)
            json_array_append_new(each, json_real((double)s->store[pl][k] / g));
        json_array_append_new(st, each);
    }
    json_t *by = json_object();
    json_object_set_new(by, "games", at);
    json_object_set_new(by, "legal", lg);
    json_object_set_new(by, "captures", cp);
    json_object_set_new(by, "stores", st);
    json_object_set_new(o, "by_decision", by);
    char *text = json_dumps(o, JSON_PRESERVE_ORDER | JSON_COMPACT | JSON_REAL_PRECISION(6));
    json_decref(o);
    if (!text) {
        fprintf(stderr, "mancala: out of memory\n");
        return 1;
    }
    puts(text);
    free(text);
    return 0;
}

/* ---- the plot -------------------------------------------------------------- */

/* A round step for about five ticks up to `top`. */
static double tick_step(double top)
{
    if (top <= 0)
        return 1;
    double raw = top / 5, mag = pow(10, floor(log10(raw)));
    double f = raw / mag;
    return (f <= 1 ? 1 : f <= 2 ? 2 : f <= 5 ? 5 : 10) * mag;
}

/* A panel: its place on the page and its scales. */
typedef struct Panel {
    double x, y, w, h;       /* the plotting area */
    double xmax, ymax;       /* from 0 */
} Panel;

static double px(const Panel *p, double v)
{
    return p->x + p->w * v / p->xmax;
}

static double py(const Panel *p, double v)
{
    return p->y + p->h - p->h * v / p->ymax;
}

/* The frame, ticks and labels of a panel. */
static void axes(FILE *f, Panel *p, const char *title, const char *xlabel, const char *ylabel)
{
    double xs = tick_step(p->xmax), ys = tick_step(p->ymax);
    p->xmax = ceil(p->xmax / xs) * xs;
    p->ymax = ceil(p->ymax / ys) * ys;
    fprintf(f, "<text x=\"%.1f\" y=\"%.1f\" font-size=\"14\" text-anchor=\"middle\">%s</text>\n",
            p->x + p->w / 2, p->y - 10, title);
    fprintf(f, "<rect x=\"%.1f\" y=\"%.1f\" width=\"%.1f\" height=\"%.1f\" fill=\"none\" stroke=\"black\"/>\n",
            p->x, p->y, p->w, p->h);
    for (double v = 0; v <= p->xmax + xs / 2; v += xs)
        fprintf(f, "<line x1=\"%.1f\" y1=\"%.1f\" x2=\"%.1f\" y2=\"%.1f\" stroke=\"black\"/>"
                   "<text x=\"%.1f\" y=\"%.1f\" font-size=\"11\" text-anchor=\"middle\">%g</text>\n",
                px(p, v), p->y + p->h, px(p, v), p->y + p->h + 4, px(p, v), p->y + p->h + 16, v);
    for (double v = 0; v <= p->ymax + ys / 2; v += ys)
        fprintf(f, "<line x1=\"%.1f\" y1=\"%.1f\" x2=\"%.1f\" y2=\"%.1f\" stroke=\"#ccc\"/>"
                   "<text x=\"%.1f\" y=\"%.1f\" font-size=\"11\" text-anchor=\"end\">%g</text>\n",
                p->x, py(p, v), p->x + p->w, py(p, v), p->x - 5, py(p, v) + 4, v);
    fprintf(f, "<text x=\"%.1f\" y=\"%.1f\" font-size=\"12\" text-anchor=\"middle\">%s</text>\n", p->x + p->w / 2,
            p->y + p->h + 32, xlabel);
    fprintf(f, "<text x=\"%.1f\" y=\"%.1f\" font-size=\"12\" text-anchor=\"middle\" "
               "transform=\"rotate(-90 %.1f %.1f)\">%s</text>\n",
            p->x - 42, p->y + p->h / 2, p->x - 42, p->y + p->h / 2, ylabel);
}

/* A line through `n` points (k + 1, v[k]) in `colour`. */
static void line(FILE *f, const Panel *p, const double *v, int n, const char *colour)
{
    fprintf(f, "<polyline fill=\"none\" stroke=\"%s\" stroke-width=\"1.5\" points=\"", colour);
    for (int k = 0; k < n; k++)
        fprintf(f, "%.1f,%.1f ", px(p, k + 1), py(p, v[k]));
    fprintf(f, "\"/>\n");
}

int stats_svg(const StatsRun *run, const char *path)
{
    const Stats *s = run->sum;
    Lengths L;
    const int np = run->r->players;
    double *v = calloc((1 + MAX_PLAYERS) * STATS_TRACK, sizeof *v);
    if (!v || lengths(run, &L) < 0) {
        free(v);
        fprintf(stderr, "mancala: out of memory\n");
        return 1;
    }
    FILE *f = fopen(path, "w");
    if (!f) {
        free(v);
        perror(path);
        return 1;
    }
    const int W = 760, H = 820;
    fprintf(f, "<?xml version=\"1.0\" encoding=\"UTF-8\"?>\n"
               "<svg xmlns=\"http://www.w3.org/2000/svg\" width=\"%d\" height=\"%d\" viewBox=\"0 0 %d %d\" "
               "font-family=\"sans-serif\">\n<rect width=\"100%%\" height=\"100%%\" fill=\"white\"/>\n"
               "<text x=\"%d\" y=\"24\" font-size=\"16\" text-anchor=\"middle\">%s: %ld games, ",
            W, H, W, H, W / 2, run->r->name, s->games);
    for (int pl = 0; pl < np; pl++)
        fprintf(f, "%s %s, ", player_title(np, pl), run->who[pl]);
    fprintf(f, "seed %lu</text>\n", run->seed);
    /* 1: how long games last */
    long most = 1;
    for (int b = 0; b < L.bins; b++)
        most = L.count[b] > most ? L.count[b] : most;
    Panel p = { 80, 60, 640, 170, (double)(L.first + L.bins * L.width), (double)most };
    axes(f, &p, "Game length", "decisions", "games");
    for (int b = 0; b < L.bins; b++) {
        double x0 = px(&p, L.first + b * L.width), x1 = px(&p, L.first + (b + 1) * L.width);
        fprintf(f, "<rect x=\"%.1f\" y=\"%.1f\" width=\"%.1f\" height=\"%.1f\" fill=\"#4a7ab0\" stroke=\"white\"/>\n",
                x0, py(&p, (double)L.count[b]), x1 - x0, p.y + p.h - py(&p, (double)L.count[b]));
    }
    /* 2: branching factor and captures by decision */
    int kmax = tracked(s);
    double top = 0;
    for (int k = 0; k < kmax; k++) {
        v[k] = s->at[k] ? (double)s->legal[k] / (double)s->at[k] : 0;
        top = v[k] > top ? v[k] : top;
    }
    Panel q = { 80, 320, 640, 170, kmax > 0 ? kmax : 1, top > 0 ? top : 1 };
    axes(f, &q, "Legal decisions (mean) by decision", "decision", "legal decisions");
    line(f, &q, v, kmax, "#4a7ab0");
    /* 3: the stores by decision */
    top = 0;
    for (int k = 0; k < kmax; k++)
        for (int pl = 0; pl < np; pl++) {
            v[STATS_TRACK * (1 + pl) + k] = (double)s->store[pl][k] / (double)(s->games ? s->games : 1);
            top = v[STATS_TRACK * (1 + pl) + k] > top ? v[STATS_TRACK * (1 + pl) + k] : top;
        }
    Panel t = { 80, 580, 640, 170, kmax > 0 ? kmax : 1, top > 0 ? top : 1 };
    axes(f, &t, "Seeds in the stores (mean) after each decision", "decision", "seeds");
    static const char *const colour[MAX_PLAYERS] = { "#4a7ab0", "#c0504d", "#5a9a50", "#8a6ab0" };
    for (int pl = 0; pl < np; pl++) {
        line(f, &t, v + STATS_TRACK * (1 + pl), kmax, colour[pl]);
        fprintf(f, "<text x=\"%.1f\" y=\"%.1f\" font-size=\"12\" fill=\"%s\">%s</text>\n", t.x + 10 + 70 * pl,
                t.y + 16, colour[pl], player_title(np, pl));
    }
    fprintf(f, "</svg>\n");
    free(v);
    if (ferror(f) | fclose(f)) {
        fprintf(stderr, "mancala: %s: could not be written\n", path);
        return 1;
    }
    return 0;
}
