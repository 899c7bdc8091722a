/* cli.h: pieces of the command line shared by its files (main.c, play.c,
 * match.c, bench.c). These print to stdout/stderr; the library below them
 * never does. */
#ifndef MANCALA_CLI_H
#define MANCALA_CLI_H

#include <signal.h>
#include <stddef.h>
#include "ai.h"
#include "rules.h"
#include "vm.h"

#define MAX_CLI_OPTIONS 64

/* What a command's arguments say (parse_args). */
typedef struct Args {
    const char *opts[MAX_CLI_OPTIONS];
    int nopts;
    const char **pos;           /* argc entries, malloc'd */
    int npos;
    const char *from;
    const char *south, *north;
    const char *more[MAX_PLAYERS - 2];   /* --p3, --p4 */
    const char *record;
    const char *load;
    double seconds;
    unsigned long seed;
    int have_seed;
    int json;
    int no_warnings;             /* validate --no-warnings */
    int games;
    int perft_depth;
    int search;
    int all;
    int have_seconds;
    int events;
    int plan;
    int rows;                   /* list --rows */
    const char *region, *feature, *words;   /* list --region, --feature, --search */
    int color;                  /* play --color: 1 always, 0 never, -1 auto */
    int verbose, animate;       /* play --verbose, --animate */
    int jobs;                   /* stats --jobs (0: every core) */
    const char *plot;           /* stats --plot FILE.svg */
    int memory;                 /* solve --memory MB (0: the default) */
    int stores_apart;           /* solve --stores-apart */
    int endgame;                /* solve --endgame K (0: not asked for) */
    const char *db;             /* solve --db DIR, alphabeta's databases */
    const char *checkpoint;     /* solve --checkpoint FILE */
    int bound;                  /* solve --bound: SOLVE_LOWER, SOLVE_UPPER (0: not asked for) */
} Args;

/* A command of the command line: its flags, its other arguments, its help. */
struct Command;
const struct Command *cli_command(const char *name);
/* An unknown command: says so, with the nearest known name. */
void cli_unknown_command(const char *name);
/* Reads the arguments of `cmd` into `a` (a->pos malloc'd: free it). 1 if
 * all is well, 0 after a message, 2 if the command's help was asked for
 * (and printed). */
int cli_args(int argc, char **argv, Args *a, const struct Command *cmd);

/* Loads a built-in name or a file; prints diagnostics; NULL on error. */
Rules *cli_load(const char *variant, const char *const *opts, int nopts);
/* 1 if `r` is a game of two players; else says that `cmd` plays only
 * those so far and returns 0. */
int cli_two_players(const Rules *r, const char *cmd);
/* The flag that names player i: --south, --north, --p3, --p4. */
const char *cli_seat_flag(int i);
/* 1 if every player `more` names (--p3, --p4; NULL: not named) is one
 * the game `r` has; else says which is not and returns 0. */
int cli_seats_fit(const Rules *r, const char *const more[MAX_PLAYERS - 2]);

/* Ctrl-C: after cli_catch_sigint, SIGINT sets cli_stop (system calls are
 * not restarted, so a read returns). A Vm made by cli_vm polls it during
 * long sowings (its calls then fail with MC_EINTR). The commands check it
 * and stop cleanly: a message, nothing half-written, exit status 130. */
extern volatile sig_atomic_t cli_stop;
void cli_catch_sigint(void);
/* A Vm for `r` that stops when cli_stop is set. */
void cli_vm(Vm *vm, const Rules *r);

/* After VM work that returned `rc`: 1 if it succeeded; else 0, after a
 * message for a sowing past the limit or a lack of memory (an
 * interruption is the caller's to report). */
int cli_ok(int rc);

/* The variant's start, or the JSON position in `from`; 1, or 0 after a
 * message. */
int cli_start(Vm *vm, const char *from, Position *p, History *h);
/* The JSON position of the file `from` as read (not settled); 1, or 0
 * after a message. */
int cli_read_position(const Rules *r, const char *from, Position *p);
/* Runs what needs no decision from a position read (passes, a game over
 * by its rules), recorded in `h` (may be NULL); 1, or 0 after a message. */
int cli_settle(Vm *vm, Position *p, History *h);
/* The position of the JSON file `from` (as cli_read_position), checked
 * to be one games can be played from: settled, not over. 1, or 0 after a
 * message. *p is the position as read. */
int cli_read_start(const Rules *r, const char *from, Position *p);
/* The same as cli_start from the JSON text `text` (`len` bytes; `name`
 * names it in messages). */
int cli_start_text(Vm *vm, const char *name, const char *text, size_t len, Position *p, History *h);

/* `mancala list`: the built-in games that pass the filters given (rows
 * 0, NULL: no filter). */
int cli_list(int rows, const char *region, const char *feature, const char *search, int json);
/* `mancala show --json`: what `list --json` says of the game, its file,
 * its options in full (type, default, value, values or bounds,
 * description) and the rules in words, a line an entry. */
void cli_show_json(const Rules *r);
/* `mancala play` of `variant` (or of a->load's record), with the
 * players, options, position (a->from), --color (1 always, 0 never, -1 on
 * a terminal unless NO_COLOR is set or TERM is dumb), --verbose and
 * --animate of `a`, and the generator seed `seed`. */
int cli_play(const char *variant, const Args *a, unsigned long seed);
/* `jobs`: threads (0: every core); the same games whatever their number. */
int cli_match(const char *variant, const char *const *opts, int nopts, const char *first,
              const char *second, int games, unsigned long seed, int jobs, int json, const char *from);
/* At most this many threads (--jobs). */
#define CLI_MAX_JOBS 64
/* The threads to use: `asked` (--jobs), or 0 for every core (at most
 * CLI_MAX_JOBS). */
int cli_jobs(int asked);
/* The seed of player `side` (0, 1) in game number `game` of a run seeded
 * `seed` (stats, match: the same games whatever the threads). */
uint64_t cli_game_seed(unsigned long seed, long game, int side);
/* Seconds on a monotonic clock. */
double cli_now(void);

/* perft to `depth` below `p` (whose history is `h`) into counts[1..depth]
 * (zeroed by the caller), on `jobs` threads (0: every core, at most 64):
 * the counts are the same whatever the threads. A status. */
int cli_perft(Vm *vm, const Position *p, History *h, int depth, int jobs, uint64_t *counts);
/* `mancala stats VARIANT` with the players, games, seed, jobs, options,
 * --json and --plot of `a`. */
int cli_stats(const char *variant, const Args *a);
/* Whether the computer players spec[0..n) can be made for `r` (their
 * endgame databases open); 0 after a message (match.c). */
int cli_players_open(const Rules *r, const AiSpec *spec, int n);
/* A run of several processes sharing `solve --endgame` (mpi/main.c sets
 * it); NULL in the ordinary command. */
extern const struct EgDist *cli_dist;
/* `mancala solve VARIANT --endgame K` (endgamecmd.c): builds the databases. */
int cli_endgame(const Rules *r, const Position *p, const Args *a);
/* `mancala solve VARIANT` with the position, options, --memory and
 * --json of `a`. */
int cli_solve(const char *variant, const Args *a);
/* Wilson's 95% score interval of a share `p` of `n` trials. */
void cli_wilson(double p, long n, double *lo, double *hi);
/* `games` > 0: exactly that many playouts (a fixed amount of work, for
 * instruction counts), else as many as `seconds` allow; `json`: the
 * report as one JSON object. */
int cli_bench(const char *variant, const char *const *opts, int nopts,
              double seconds, int games, unsigned long seed, int perft_depth, int search, int json);
/* `bench --all`: random games of every built-in variant for `seconds`
 * each (or `games`), a line each (JSON lines with `json`). Returns 0, or
 * 1 if a variant failed. */
int cli_bench_all(double seconds, int games, unsigned long seed, int json);

#endif
