/* endgamecmd.c: `mancala solve VARIANT --endgame K`: builds the endgame
 * databases (endgame.h) and reports each count of seeds as it is done. */
#include <jansson.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <unistd.h>

#include "cli.h"
#include "endgame.h"

#define DEFAULT_MEMORY_MB 4096

/* Set by an MPI run (mpi/main.c) before the command runs. */
const EgDist *cli_dist;

typedef struct Tally {
    uint64_t positions, decisions;
    double seconds;
    int progress;          /* a progress line is on the terminal */
    json_t *counts;        /* --json: an object a count, else NULL */
    int bound;             /* --bound: the files hold bounds and distances */
} Tally;

/* The solver's progress while a count is valued (on a terminal). */
static void meter(void *arg, const SolveProgress *pr)
{
    Tally *t = arg;
    double share = pr->total ? (double)pr->done / (double)pr->total : 1;
    fprintf(stderr, "\rvaluing: %.0f%% of %llu positions, %zu MB   ", 100 * share, (unsigned long long)pr->total,
            pr->bytes >> 20);
    t->progress = 1;
}

/* A count built (or read back): one line. */
static void level_done(void *arg, const EgLevel *lv)
{
    Tally *t = arg;
    if (t->progress)
        fprintf(stderr, "\r%*s\r", 70, "");
    t->progress = 0;
    t->positions += lv->positions;
    t->decisions += lv->decisions;
    t->seconds += lv->seconds;
    if (t->counts) {
        json_t *c = json_object();
        json_object_set_new(c, "seeds", json_integer(lv->seeds));
        json_object_set_new(c, "positions", json_integer((json_int_t)lv->positions));
        json_object_set_new(c, "with_decision", json_integer((json_int_t)lv->decisions));
        json_object_set_new(c, "mover_ahead", json_integer((json_int_t)lv->ahead));
        json_object_set_new(c, "even", json_integer((json_int_t)lv->even));
        json_object_set_new(c, "mover_behind", json_integer((json_int_t)lv->behind));
        json_object_set_new(c, "built", json_boolean(!lv->loaded));
        if (!lv->loaded) {
            json_object_set_new(c, "moves", json_integer((json_int_t)lv->edges));
            json_object_set_new(c, "cyclic", json_integer((json_int_t)lv->cyclic));
            if (t->bound) {
                json_object_set_new(c, "max_dist", json_integer(lv->max_dist));
                json_object_set_new(c, "far", json_integer((json_int_t)lv->far));
            }
            json_object_set_new(c, "bytes", json_integer((json_int_t)lv->bytes));
            json_object_set_new(c, "seconds", json_real(lv->seconds));
        }
        json_array_append_new(t->counts, c);
        return;
    }
    const double d = lv->decisions ? (double)lv->decisions : 1;
    printf("seeds %2d: %12llu positions, %12llu with a decision (mover ahead %4.1f%%, even %4.1f%%, behind %4.1f%%)",
           lv->seeds, (unsigned long long)lv->positions, (unsigned long long)lv->decisions, 100 * (double)lv->ahead / d,
           100 * (double)lv->even / d, 100 * (double)lv->behind / d);
    if (lv->loaded)
        printf("; already built\n");
    else if (t->bound)
        printf("; on cycles %llu; distances to %d%s; %.1f MB, %.2f s\n", (unsigned long long)lv->cyclic, lv->max_dist,
               lv->far ? " (some past 65533, kept at 65534)" : "", (double)lv->bytes / 1048576.0, lv->seconds);
    else
        printf("; on cycles %llu; %.1f MB, %.2f s\n", (unsigned long long)lv->cyclic, (double)lv->bytes / 1048576.0,
               lv->seconds);
    fflush(stdout);
}

/* --json: one object, the counts (t->counts, taken) in it. */
static void print_json(const Rules *r, const char *dir, int k, Tally *t)
{
    json_t *o = json_object();
    json_object_set_new(o, "variant", json_string(r->name));
    json_object_set_new(o, "db", json_string(dir));
    json_object_set_new(o, "seeds", json_integer(k));
    if (t->bound)
        json_object_set_new(o, "bound", json_string(solve_bound_name(t->bound)));
    json_object_set_new(o, "positions", json_integer((json_int_t)t->positions));
    json_object_set_new(o, "with_decision", json_integer((json_int_t)t->decisions));
    json_object_set_new(o, "seconds", json_real(t->seconds));
    json_object_set(o, "counts", t->counts);
    char *s = json_dumps(o, JSON_PRESERVE_ORDER | JSON_COMPACT | JSON_ENSURE_ASCII);
    if (s)
        puts(s);
    free(s);
    json_decref(o);
}

int cli_endgame(const Rules *r, const Position *p, const Args *a)
{
    char dir[4096];
    if (a->search || a->stores_apart) {
        fprintf(stderr, "mancala: solve: --endgame does not go with %s\n",
                a->search ? "--search" : "--stores-apart (it is implied)");
        return 1;
    }
    snprintf(dir, sizeof dir, "%s", a->db ? a->db : "");
    if (!a->db)
        snprintf(dir, sizeof dir, "%s-endgame", r->name);
    Tally t = { 0, 0, 0, 0, a->json ? json_array() : NULL, a->bound };
    SolveOpts so = { (size_t)(a->memory ? a->memory : DEFAULT_MEMORY_MB) << 20, NULL, &t, &cli_stop, cli_jobs(a->jobs), 1, NULL, NULL,
                    a->bound };
    if (isatty(2))
        so.progress = meter;
    EgBuildOpts o = { &so, level_done, &t, cli_dist };
    char err[4400] = "";
    cli_catch_sigint();
    int st = eg_build(r, p, dir, a->endgame, &o, err, sizeof err);
    if (t.progress)
        fprintf(stderr, "\r%*s\r", 70, "");
    if (st == MC_EINTR || cli_stop) {
        fprintf(stderr, "mancala: interrupted (the counts finished are kept in %s)\n", dir);
        json_decref(t.counts);
        return 130;
    }
    if (st != MC_OK) {
        fprintf(stderr, "mancala: solve --endgame: %s\n", err[0] ? err : mc_status_text(st));
        json_decref(t.counts);
        return 1;
    }
    if (cli_dist && cli_dist->rank)
        ;   /* process 0 reports */
    else if (t.counts)
        print_json(r, dir, a->endgame, &t);
    else
        printf("%s: databases of 0 to %d seeds on the board, %llu positions (%llu with a decision), %.2f s%s\n",
               dir, a->endgame, (unsigned long long)t.positions, (unsigned long long)t.decisions, t.seconds,
               cli_dist ? ", process 0 of several" : "");
    json_decref(t.counts);
    return 0;
}
