/* play.c: `mancala play` (a prompt loop) and `mancala bench`. */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <time.h>
#include <unistd.h>

#include "cli.h"
#include "json.h"
#include "show.h"

static void draw(const Rules *r, const Position *p)
{
    int w = r->width;
    printf("\n        ");
    for (int i = r->nholes - 1; i >= w; i--)
        printf("%4d", i + 1);
    printf("\n North  ");
    for (int i = r->nholes - 1; i >= w; i--) {
        if ((p->out_of_play >> i) & 1)
            printf("   -");
        else
            printf("%4d", p->count[i]);
    }
    printf("    store %d\n South  ", p->store[1]);
    for (int i = 0; i < w; i++) {
        if ((p->out_of_play >> i) & 1)
            printf("   -");
        else
            printf("%4d", p->count[i]);
    }
    printf("    store %d\n        ", p->store[0]);
    for (int i = 0; i < w; i++)
        printf("%4d", i + 1);
    printf("\n");
    if (r->match)
        printf(" round %d, totals %d-%d\n", p->round, p->total[0], p->total[1]);
    for (int f = 0; f < r->nflags; f++) {
        printf(" %s:", r->flags[f]);
        for (int h = 0; h < r->nholes; h++)
            if ((p->flags[f] >> h) & 1)
                printf(" %d", h + 1);
        printf("\n");
    }
}

static int is_human(const char *who)
{
    return !who || !strcmp(who, "human");
}

int cli_play(const char *variant, const char *const *opts, int nopts,
             const char *south, const char *north, unsigned long seed)
{
    if (!south)
        south = "human";
    if (!north)
        north = "random";
    const char *who[2] = { south, north };
    for (int i = 0; i < 2; i++)
        if (!is_human(who[i]) && strcmp(who[i], "random") != 0) {
            fprintf(stderr, "mancala: player '%s' unknown (human or random)\n", who[i]);
            return 1;
        }
    Rules *r = cli_load(variant, opts, nopts);
    if (!r)
        return 1;
    Rng g;
    rng_seed(&g, seed);
    History h;
    hist_init(&h);
    h.compact = 1;
    Position p;
    vm_initial(r, &p, &h);
    printf("%s. Type a move, 'moves' (or '?') for the legal ones, 'rules', or 'quit'.\n",
           r->title ? r->title : r->name);
    char line[256];
    int rc = 0;
    while (!p.over) {
        Move moves[MAX_MOVES];
        int n = vm_moves(r, &p, moves);
        if (!n)
            break;
        draw(r, &p);
        const char *side = p.to_move ? "North" : "South";
        if (!is_human(who[p.to_move])) {
            int k = rng_below(&g, n);
            char tok[256];
            vm_token(r, &moves[k], tok, sizeof tok);
            printf("%s plays %s\n", side, tok);
            vm_play(r, &p, &moves[k], &h);
            continue;
        }
        printf("%s to move> ", side);
        fflush(stdout);
        if (!fgets(line, sizeof line, stdin)) {
            printf("\n");
            break;
        }
        line[strcspn(line, "\r\n")] = 0;
        char *s = line;
        while (*s == ' ')
            s++;
        if (!*s)
            continue;
        if (!strcmp(s, "quit") || !strcmp(s, "q"))
            break;
        if (!strcmp(s, "rules")) {
            rules_describe(r, stdout);
            continue;
        }
        int k = vm_find(r, moves, n, s);
        if (k < 0 || !strcmp(s, "moves") || !strcmp(s, "?")) {
            if (k < 0 && strcmp(s, "moves") && strcmp(s, "?"))
                printf("'%s' is not a legal move here.", s);
            printf(" Legal moves:");
            for (int i = 0; i < n; i++) {
                char tok[256];
                vm_token(r, &moves[i], tok, sizeof tok);
                printf(" %s", tok);
            }
            printf("\n");
            continue;
        }
        vm_play(r, &p, &moves[k], &h);
    }
    if (p.over) {
        draw(r, &p);
        printf("Game over: %s (%d-%d).\n", p.winner == WIN_DRAW ? "a draw"
               : p.winner == WIN_SOUTH ? "South wins" : "North wins", p.store[0], p.store[1]);
    }
    hist_free(&h);
    rules_free(r);
    return rc;
}

static double now(void)
{
    struct timespec ts;
    clock_gettime(CLOCK_MONOTONIC, &ts);
    return (double)ts.tv_sec + (double)ts.tv_nsec * 1e-9;
}

int cli_bench(const char *variant, const char *const *opts, int nopts,
              double seconds, unsigned long seed, int perft_depth)
{
    Rules *r = cli_load(variant, opts, nopts);
    if (!r)
        return 1;
    Rng g;
    rng_seed(&g, seed);
    History h;
    hist_init(&h);
    Position start;
    vm_initial(r, &start, NULL);
    double t0 = now(), t;
    unsigned long games = 0, plies = 0, wins[3] = { 0, 0, 0 };
    if (perft_depth > 0) {
        unsigned long long nodes = 0;
        unsigned long runs = 0;
        do {
            h.n = h.base = 0;
            nodes += vm_perft(r, &start, &h, perft_depth);
            runs++;
            t = now() - t0;
        } while (t < seconds);
        printf("variant: %s\nperft-depth: %d\nruns: %lu\nnodes/s: %.0f\n", r->name, perft_depth, runs,
               (double)nodes / t);
        hist_free(&h);
        rules_free(r);
        return 0;
    }
    h.compact = 1;
    do {
        for (int batch = 0; batch < 16; batch++) {
            Position p;
            h.n = h.base = 0;
            vm_initial(r, &p, &h);   /* the start is the first occurrence */
            while (!p.over) {
                Move moves[MAX_MOVES];
                int n = vm_moves(r, &p, moves);
                if (!n)
                    break;
                vm_play(r, &p, &moves[rng_below(&g, n)], &h);
                plies++;
            }
            games++;
            wins[p.winner < 3 ? p.winner : 2]++;
        }
        t = now() - t0;
    } while (t < seconds);
    printf("variant: %s\nseconds: %.2f\ngames: %lu\ngames/s: %.1f\nplies/s: %.0f\nplies/game: %.2f\n"
           "south-wins: %.4f\nnorth-wins: %.4f\ndraws: %.4f\n",
           r->name, t, games, (double)games / t, (double)plies / t, (double)plies / (double)games,
           (double)wins[0] / (double)games, (double)wins[1] / (double)games, (double)wins[2] / (double)games);
    hist_free(&h);
    rules_free(r);
    return 0;
}
