/* players: every computer player, on random positions of every built-in
 * variant, must return a legal move within its time limit plus a margin.
 * Usage: build/bench/players [POSITIONS_PER_VARIANT] [MARGIN_SECONDS] [VARIANT]
 * Prints one line per variant and player, and `N passed, M failed`. */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <time.h>

#include "ai.h"
#include "builtin.h"
#include "rng.h"
#include "rules.h"
#include "vm.h"

static double now(void)
{
    struct timespec ts;
    clock_gettime(CLOCK_MONOTONIC, &ts);
    return (double)ts.tv_sec + (double)ts.tv_nsec * 1e-9;
}

int main(int argc, char **argv)
{
    int per = argc > 1 ? atoi(argv[1]) : 1000;
    double margin = argc > 2 ? atof(argv[2]) : 0.02;
    const char *specs[] = { "random", "greedy", "alphabeta:time=0.05", "mcts:time=0.05" };
    const double limit[] = { 0, 0, 0.05, 0.05 };
    int pass = 0, fail = 0;
    Rng g;
    rng_seed(&g, 2026);
    const char *only = argc > 3 ? argv[3] : NULL;
    for (const BuiltinVariant *b = builtin_variants; b->name; b++) {
        if (only && strcmp(only, b->name) != 0)
            continue;
        Diags dg;
        dg_init(&dg, b->path, b->text, strlen(b->text));
        Rules *r = rules_open(b->path, b->text, strlen(b->text), NULL, 0, MC_LOAD_DEFAULT, &dg);
        dg_free(&dg);
        if (!r) {
            printf("%s: does not load\n", b->name);
            fail++;
            continue;
        }
        for (size_t s = 0; s < sizeof specs / sizeof *specs; s++) {
            AiSpec spec;
            char err[200];
            ai_parse(specs[s], &spec, err, sizeof err);
            Ai *ai = ai_new(r, &spec, 1);
            static Vm vm;
            vm_init(&vm, r);
            int n_pos = 0, bad = 0;
            double worst = 0;
            for (int t = 0; t < per; t++) {
                Position p;
                flow_start(&vm, &p, NULL);
                int plies = rng_below(&g, 60);
                for (int i = 0; i < plies && !p.over; i++) {
                    Move m[MAX_MOVES];
                    int n = gen_moves(&vm, &p, m);
                    if (n <= 0)
                        break;
                    flow_play(&vm, &p, &m[rng_below(&g, n)], NULL, NULL);
                }
                if (p.over || vm.status != MC_OK)
                    continue;
                Move m[MAX_MOVES];
                int n = gen_moves(&vm, &p, m);
                AiStats st;
                double t0 = now();
                int k = ai_choose(ai, &p, &st, NULL);
                double dt = now() - t0;
                if (dt > worst)
                    worst = dt;
                if (k < 0 || k >= n || (limit[s] > 0 && dt > limit[s] + margin))
                    bad++;
                n_pos++;
            }
            printf("%-12s %-20s %5d positions, slowest %.3f s, %d bad\n", b->name, specs[s], n_pos, worst, bad);
            if (bad)
                fail++;
            else
                pass++;
            ai_free(ai);
        }
        rules_free(r);
    }
    printf("%d passed, %d failed\n", pass, fail);
    return fail != 0;
}
