/* load: the time to load and validate each built-in variant (the text is
 * already in memory, as `validate` has it after reading the file), and
 * what the loaded rules keep. Usage: build/bench/load [REPEATS]
 * Peak heap while loading is measured separately (bench/load-cost runs
 * `mancala validate` under valgrind's massif). */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <time.h>

#include "builtin.h"
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
    int repeats = argc > 1 ? atoi(argv[1]) : 2000;
    if (repeats < 1)
        repeats = 1;
    printf("%-12s %10s %12s %14s %10s\n", "variant", "load us", "rules bytes", "position bytes", "file bytes");
    for (const BuiltinVariant *b = builtin_variants; b->name; b++) {
        size_t len = strlen(b->text), kept = 0;
        double best = 1e9;
        /* the best of several batches: the machine is shared */
        for (int batch = 0; batch < 5; batch++) {
            double t0 = now();
            for (int i = 0; i < repeats; i++) {
                Diags dg;
                dg_init(&dg, b->path, b->text, len);
                Rules *r = rules_open(b->path, b->text, len, NULL, 0, MC_LOAD_DEFAULT, &dg);
                dg_free(&dg);
                if (!r) {
                    fprintf(stderr, "load: %s does not load\n", b->name);
                    return 1;
                }
                kept = sizeof *r + r->arena.used;
                rules_free(r);
            }
            double t = (now() - t0) / repeats;
            if (t < best)
                best = t;
        }
        printf("%-12s %10.1f %12zu %14zu %10zu\n", b->name, best * 1e6, kept, sizeof(Position), len);
    }
    return 0;
}
