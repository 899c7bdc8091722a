/* bench.c: `mancala bench`: random playouts, perft or the alphabeta
 * player, timed. */
#include <stdio.h>
#include <stdlib.h>

#include "ai.h"
#include "builtin.h"
#include "cli.h"
#include "rng.h"

/* A report: `key: value` lines, or (json) one JSON object whose keys
 * are the same words with `_` for `-` and `_per_` for `/`. */
typedef struct Report {
    int json, n;
} Report;

static void rep_key(Report *o, const char *key)
{
    if (!o->json) {
        printf("%s: ", key);
        return;
    }
    printf("%s\"", o->n++ ? "," : "{");
    for (const char *c = key; *c; c++)
        if (*c == '/')
            printf("_per_");
        else
            putchar(*c == '-' ? '_' : *c);
    printf("\":");
}

static void rep_str(Report *o, const char *key, const char *v)
{
    rep_key(o, key);
    if (!o->json) {
        printf("%s\n", v);
        return;
    }
    putchar('"');
    for (const char *c = v; *c; c++)
        if (*c == '"' || *c == '\\')
            printf("\\%c", *c);
        else if ((unsigned char)*c < 0x20)
            printf("\\u%04x", *c);
        else
            putchar(*c);
    putchar('"');
}

/* A number written with `fmt` (one double conversion). */
static void rep_num(Report *o, const char *key, const char *fmt, double v)
{
    rep_key(o, key);
    printf(fmt, v);
    if (!o->json)
        printf("\n");
}

static void rep_end(const Report *o)
{
    if (o->json)
        printf("%s}\n", o->n ? "" : "{");
}

/* bench --search: the alphabeta player on SEARCH_POSITIONS positions
 * reached by random play from the start (the same ones for a seed), each
 * searched for an equal share of the time. */
#define SEARCH_POSITIONS 16

static int bench_search(Vm *vm, double seconds, unsigned long seed, Report *o)
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
    rep_str(o, "variant", r->name);
    rep_str(o, "player", spec_text);
    rep_num(o, "positions", "%.0f", searched);
    rep_num(o, "seconds", "%.2f", secs);
    rep_num(o, "nodes", "%.0f", (double)nodes);
    rep_num(o, "nodes/s", "%.0f", secs > 0 ? (double)nodes / secs : 0.0);
    rep_num(o, "average-depth", "%.1f", searched ? (double)depth / searched : 0.0);
    rep_end(o);
    return 0;
}

/* bench --perft: perft at `depth` from the start, again and again. */
static int bench_perft(Vm *vm, double seconds, int depth, Report *o)
{
    const Rules *r = vm->r;
    History h;
    hist_init(&h);
    Position start;
    int rc = flow_start(vm, &start, NULL);
    double t0 = cli_now(), t;
    unsigned long long nodes = 0;
    unsigned long runs = 0;
    do {
        uint64_t k = 0;
        h.n = h.base = 0;
        if (rc >= 0)
            rc = perft_count(vm, &start, &h, depth, &k);
        nodes += k;
        runs++;
        t = cli_now() - t0;
    } while (t < seconds && rc >= 0);
    hist_free(&h);
    if (!cli_ok(rc))
        return 1;
    rep_str(o, "variant", r->name);
    rep_num(o, "perft-depth", "%.0f", depth);
    rep_num(o, "runs", "%.0f", (double)runs);
    rep_num(o, "nodes/s", "%.0f", (double)nodes / t);
    rep_end(o);
    return 0;
}

/* What a run of random games measured. */
typedef struct PlayoutRun {
    double seconds;
    unsigned long games, plies, wins[WIN_DRAW + 1];   /* each player's, then the draws */
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
    double t0 = cli_now(), t;
    PlayoutRun run = { 0 };
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
            run.wins[p.winner < WIN_DRAW ? p.winner : WIN_DRAW]++;
        }
        t = cli_now() - t0;
    } while ((want ? run.games < (unsigned long)want : t < seconds) && n >= 0);
    hist_free(&h);
    run.seconds = t;
    *out = run;
    return cli_ok(n) ? 0 : 1;
}

/* bench: random games from the start, reported. */
static int bench_playouts(Vm *vm, double seconds, int want, unsigned long seed, Report *o)
{
    PlayoutRun run;
    if (run_playouts(vm, seconds, want, seed, &run))
        return 1;
    double games = (double)run.games;
    rep_str(o, "variant", vm->r->name);
    rep_num(o, "seconds", "%.2f", run.seconds);
    rep_num(o, "games", "%.0f", games);
    rep_num(o, "games/s", "%.1f", games / run.seconds);
    rep_num(o, "plies/s", "%.0f", (double)run.plies / run.seconds);
    rep_num(o, "plies/game", "%.2f", (double)run.plies / games);
    for (int pl = 0; pl < vm->r->players; pl++) {
        char key[32];
        snprintf(key, sizeof key, "%s-wins", player_word(vm->r->players, pl));
        rep_num(o, key, "%.4f", (double)run.wins[pl] / games);
    }
    rep_num(o, "draws", "%.4f", (double)run.wins[WIN_DRAW] / games);
    rep_end(o);
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
              double seconds, int games, unsigned long seed, int perft_depth, int search, int json)
{
    Report o = { json, 0 };
    Rules *r = cli_load(variant, opts, nopts);
    if (!r)
        return 1;
    Vm vm;
    cli_vm(&vm, r);
    if (search) {
        int rc = bench_search(&vm, seconds, seed, &o);
        rules_free(r);
        return rc;
    }
    int rc = perft_depth > 0 ? bench_perft(&vm, seconds, perft_depth, &o)
                             : bench_playouts(&vm, seconds, games, seed, &o);
    rules_free(r);
    return rc;
}

