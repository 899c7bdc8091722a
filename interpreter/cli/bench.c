/* bench.c: `mancala bench`: random playouts, perft or the alphabeta
 * player, timed. */
#include <stdio.h>
#include <stdlib.h>
#include <time.h>

#include "ai.h"
#include "builtin.h"
#include "cli.h"
#include "rng.h"

/* Seconds on a monotonic clock. */
static double now(void)
{
    struct timespec ts;
    clock_gettime(CLOCK_MONOTONIC, &ts);
    return (double)ts.tv_sec + (double)ts.tv_nsec * 1e-9;
}

/* bench --search: the alphabeta player on SEARCH_POSITIONS positions
 * reached by random play from the start (the same ones for a seed), each
 * searched for an equal share of the time. */
#define SEARCH_POSITIONS 16

static int bench_search(Vm *vm, double seconds, unsigned long seed)
{
    const Rules *r = vm->r;
    Rng g;
    rng_seed(&g, seed);
    char spec_text[64];
    snprintf(spec_text, sizeof spec_text, "alphabeta:time=%g", seconds / SEARCH_POSITIONS);
    AiSpec spec;
    char err[200];
    if (!ai_parse(spec_text, &spec, err, sizeof err)) {
        fprintf(stderr, "mancala: %s\n", err);
        return 1;
    }
    long nodes = 0;
    double secs = 0;
    int depth = 0, searched = 0;
    for (int i = 0, tries = 0; i < SEARCH_POSITIONS && tries < 100 * SEARCH_POSITIONS; tries++) {
        /* a position 0..40 random decisions in, with a choice to make */
        Position p;
        Move m[MAX_MOVES];
        int n = flow_start(vm, &p, NULL);
        if (n >= 0)
            n = gen_moves(vm, &p, m);
        int plies = rng_below(&g, 41);
        for (int k = 0; k < plies && n > 0; k++)
            n = flow_play(vm, &p, &m[rng_below(&g, n)], NULL, m);
        if (!cli_ok(n))
            return 1;
        if (n < 2)
            continue;
        Ai *ai = ai_new(r, &spec, seed + (unsigned long)i);
        if (!ai) {
            fprintf(stderr, "mancala: out of memory\n");
            return 1;
        }
        AiStats st;
        int k = ai_choose(ai, &p, &st, NULL);
        ai_free(ai);
        if (!cli_ok(k))
            return 1;
        nodes += st.nodes;
        secs += st.seconds;
        depth += st.depth;
        searched++;
        i++;
    }
    printf("variant: %s\nplayer: %s\npositions: %d\nseconds: %.2f\nnodes: %ld\nnodes/s: %.0f\n"
           "average-depth: %.1f\n",
           r->name, spec_text, searched, secs, nodes, secs > 0 ? (double)nodes / secs : 0.0,
           searched ? (double)depth / searched : 0.0);
    return 0;
}

/* bench --perft: perft at `depth` from the start, again and again. */
static int bench_perft(Vm *vm, double seconds, int depth)
{
    const Rules *r = vm->r;
    History h;
    hist_init(&h);
    Position start;
    int rc = flow_start(vm, &start, NULL);
    double t0 = now(), t;
    unsigned long long nodes = 0;
    unsigned long runs = 0;
    do {
        uint64_t k = 0;
        h.n = h.base = 0;
        if (rc >= 0)
            rc = perft_count(vm, &start, &h, depth, &k);
        nodes += k;
        runs++;
        t = now() - t0;
    } while (t < seconds && rc >= 0);
    hist_free(&h);
    if (!cli_ok(rc))
        return 1;
    printf("variant: %s\nperft-depth: %d\nruns: %lu\nnodes/s: %.0f\n", r->name, depth, runs,
           (double)nodes / t);
    return 0;
}

/* What a run of random games measured. */
typedef struct PlayoutRun {
    double seconds;
    unsigned long games, plies, wins[3];
} PlayoutRun;

/* Random games from the start, in batches of 16, for `seconds` (or
 * exactly `want` games). Returns 0, or what cli_ok reports. */
static int run_playouts(Vm *vm, double seconds, int want, unsigned long seed, PlayoutRun *out)
{
    Rng g;
    rng_seed(&g, seed);
    History h;
    hist_init(&h);
    h.compact = 1;
    double t0 = now(), t;
    PlayoutRun run = { 0, 0, 0, { 0, 0, 0 } };
    int n = 0;
    do {
        for (int batch = 0; batch < 16 && n >= 0 && (!want || run.games < (unsigned long)want); batch++) {
            Position p;
            Move moves[MAX_MOVES];
            h.n = h.base = 0;
            n = flow_start(vm, &p, &h);   /* the start is the first occurrence */
            if (n >= 0)
                n = gen_moves(vm, &p, moves);
            while (n > 0) {
                n = flow_play(vm, &p, &moves[rng_below(&g, n)], &h, moves);
                run.plies++;
            }
            run.games++;
            run.wins[p.winner < 3 ? p.winner : 2]++;
        }
        t = now() - t0;
    } while ((want ? run.games < (unsigned long)want : t < seconds) && n >= 0);
    hist_free(&h);
    run.seconds = t;
    *out = run;
    return cli_ok(n) ? 0 : 1;
}

/* bench: random games from the start, reported. */
static int bench_playouts(Vm *vm, double seconds, int want, unsigned long seed)
{
    PlayoutRun run;
    if (run_playouts(vm, seconds, want, seed, &run))
        return 1;
    double games = (double)run.games;
    printf("variant: %s\nseconds: %.2f\ngames: %lu\ngames/s: %.1f\nplies/s: %.0f\nplies/game: %.2f\n"
           "south-wins: %.4f\nnorth-wins: %.4f\ndraws: %.4f\n",
           vm->r->name, run.seconds, run.games, games / run.seconds, (double)run.plies / run.seconds,
           (double)run.plies / games, (double)run.wins[0] / games, (double)run.wins[1] / games,
           (double)run.wins[2] / games);
    return 0;
}

int cli_bench_all(double seconds, int games, unsigned long seed, int json)
{
    int failed = 0;
    if (!json)
        printf("%-28s %6s %12s %12s %12s\n", "game", "rows", "games/s", "plies/s", "plies/game");
    for (const BuiltinVariant *b = builtin_variants; b->name; b++) {
        Rules *r = cli_load(b->name, NULL, 0);
        if (!r) {
            failed = 1;
            continue;
        }
        Vm vm;
        cli_vm(&vm, r);
        PlayoutRun run;
        if (run_playouts(&vm, seconds, games, seed, &run)) {
            failed = 1;
        } else {
            double gps = (double)run.games / run.seconds, pps = (double)run.plies / run.seconds;
            double ppg = (double)run.plies / (double)run.games;
            if (json)
                printf("{\"variant\":\"%s\",\"rows\":%d,\"seconds\":%.3f,\"games\":%lu,\"games_per_s\":%.1f,"
                       "\"plies_per_s\":%.0f,\"plies_per_game\":%.2f}\n",
                       b->name, r->rows, run.seconds, run.games, gps, pps, ppg);
            else
                printf("%-28s %6d %12.1f %12.0f %12.1f\n", b->name, r->rows, gps, pps, ppg);
            fflush(stdout);
        }
        rules_free(r);
    }
    return failed;
}

int cli_bench(const char *variant, const char *const *opts, int nopts,
              double seconds, int games, unsigned long seed, int perft_depth, int search)
{
    Rules *r = cli_load(variant, opts, nopts);
    if (!r)
        return 1;
    Vm vm;
    cli_vm(&vm, r);
    if (search) {
        int rc = bench_search(&vm, seconds, seed);
        rules_free(r);
        return rc;
    }
    int rc = perft_depth > 0 ? bench_perft(&vm, seconds, perft_depth) : bench_playouts(&vm, seconds, games, seed);
    rules_free(r);
    return rc;
}

