/* cli.h: pieces of the command line shared by its files (main.c, play.c).
 * These print to stdout/stderr; nothing below them does. */
#ifndef MANCALA_CLI_H
#define MANCALA_CLI_H

#include <signal.h>
#include <stddef.h>
#include "rules.h"
#include "vm.h"

/* Reads a whole file (at most 4 MiB) into a malloc'd, NUL-terminated
 * buffer. On failure writes a message to `err` and returns 0. */
int cli_read_file(const char *path, char **out, size_t *len, char *err, size_t errlen);
/* Loads a built-in name or a file; prints diagnostics; NULL on error. */
Rules *cli_load(const char *variant, const char *const *opts, int nopts);
/* Ctrl-C: after cli_catch_sigint, SIGINT sets cli_stop (system calls are
 * not restarted, so a read returns), and long sowings poll it (vm.h). The
 * commands check it and stop cleanly: a message, nothing half-written,
 * exit status 130. */
extern volatile sig_atomic_t cli_stop;
void cli_catch_sigint(void);

/* After VM work: 1, or 0 after a message if a sowing ran into the VM's
 * lap limit (vm.h, VM_MAX_LAPS). */
int cli_sowing_ok(void);

/* The variant's start, or the JSON position in `from`. */
int cli_start(const Rules *r, const char *from, Position *p, History *h);

int cli_play(const char *variant, const char *const *opts, int nopts,
             const char *south, const char *north, unsigned long seed, const char *load);
int cli_match(const char *variant, const char *const *opts, int nopts, const char *first,
              const char *second, int games, unsigned long seed, int json);
int cli_bench(const char *variant, const char *const *opts, int nopts,
              double seconds, unsigned long seed, int perft_depth, int search);

/* A small, fast PRNG (xorshift64*), seeded explicitly. */
typedef struct Rng {
    uint64_t s;
} Rng;
static inline void rng_seed(Rng *g, uint64_t seed)
{
    g->s = seed * 0x9E3779B97F4A7C15ull + 0x2545F4914F6CDD1Dull;
    if (!g->s)
        g->s = 1;
}
static inline uint64_t rng_next(Rng *g)
{
    g->s ^= g->s >> 12;
    g->s ^= g->s << 25;
    g->s ^= g->s >> 27;
    return g->s * 0x2545F4914F6CDD1Dull;
}
static inline int rng_below(Rng *g, int n)
{
    return (int)((rng_next(g) >> 33) % (uint64_t)n);
}

#endif
