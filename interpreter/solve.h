/* solve.h: the exact value of a position, for any variant, by retrograde
 * analysis of every position reachable from it (solve.c).
 *
 * The value is that of perfect play by both sides, each first trying to
 * win, then to win by as many seeds as he can (or lose by as few). It is
 * computed over the graph of positions where a decision is due:
 *
 *   1. every position reachable from the root is listed once (a hash
 *      table of packed positions; the moves of each, as edges);
 *   2. the strongly connected components of the graph are taken sinks
 *      first (Tarjan): a position outside any cycle gets the best of its
 *      children at once; the positions of a cycle are valued together,
 *      threshold by threshold: for each value t that can occur, the
 *      positions from which South can force an end worth t or more, and
 *      those from which North can force one worth less, are attractors
 *      computed backwards from the cycle's exits.
 *
 * A position from which neither side can force the end (play could go
 * round for ever) is valued as the variant ends endless play: by its
 * repetition rule at that position, or without one by its ply cap (each
 * player takes his own seeds). The ply count itself is not part of a
 * position unless the rules read `plies`. A match is solved round by
 * round: a round's end is the end (its winner, and the seeds each holds
 * as it ends). Positions decided by lot (a chance) are not solved.
 *
 * Nothing here prints; progress goes to a callback. */
#ifndef MANCALA_SOLVE_H
#define MANCALA_SOLVE_H

#include <signal.h>
#include <stddef.h>
#include <stdint.h>
#include "rules.h"
#include "vm.h"

/* An outcome: who wins (MC_WIN_SOUTH, MC_WIN_NORTH or MC_WIN_DRAW) and
 * South's seeds less North's as the game (round) ends. */
typedef struct SolveValue {
    int winner;
    int margin;
} SolveValue;

/* South's utility of a finished game (round) of `seeds` seeds: the
 * margin, plus 2 seeds + 1 for a win of South's (less for North's), so
 * that any win is worth more than any draw. */
static inline int32_t solve_utility(int32_t seeds, const Position *q)
{
    int32_t m = q->store[0] - q->store[1], range = 2 * seeds + 1;
    m = m > seeds ? seeds : m < -seeds ? -seeds : m;
    return m + (q->winner == WIN_SOUTH ? range : q->winner == WIN_NORTH ? -range : 0);
}

/* The outcome a utility stands for. */
static inline SolveValue solve_outcome(int32_t seeds, int32_t u)
{
    SolveValue v;
    const int32_t range = 2 * seeds + 1;
    v.winner = u > seeds ? WIN_SOUTH : u < -seeds ? WIN_NORTH : WIN_DRAW;
    v.margin = u - (v.winner == WIN_SOUTH ? range : v.winner == WIN_NORTH ? -range : 0);
    return v;
}

enum { SOLVE_LISTING = 0, SOLVE_VALUING = 1, SOLVE_SEARCHING = 2 };

typedef struct SolveProgress {
    int stage;            /* SOLVE_LISTING or SOLVE_VALUING */
    uint64_t done;        /* positions listed (or valued) so far */
    uint64_t total;       /* SOLVE_VALUING: positions to value; else 0 */
    size_t bytes;         /* memory the tables take now */
    double seconds;       /* since the start */
} SolveProgress;

typedef struct SolveOpts {
    size_t memory;        /* the most the tables may take, in bytes */
    void (*progress)(void *arg, const SolveProgress *pr);   /* may be NULL;
                             called about once a second */
    void *arg;
    volatile sig_atomic_t *stop;   /* may be NULL: once non-zero, the
                             solver stops with MC_EINTR */
    int jobs;             /* solve_search: threads (at most
                             SOLVE_MAX_JOBS; 0 or 1: one), sharing the
                             table (lazy SMP): the same value whatever
                             their number */
    int stores_apart;     /* solve_search: the caller asserts that no rule
                             reads the contents of the stores and that the
                             larger store wins: positions are then keyed
                             without their stores, and a value is what the
                             rest of the game adds to the margin (a game
                             won otherwise is detected and refused) */
    const char *checkpoint;  /* solve_position: a file where the listing is
                             kept when it stops (a stop asked for, the
                             memory bound) and every SOLVE_SAVE_EVERY
                             seconds, and from which it goes on if it
                             exists (removed once solved); may be NULL */
    const struct EgDb *db;  /* solve_search with stores_apart: endgame
                             databases (endgame.h) that value the
                             positions they hold; may be NULL */
    int bound;            /* 0: endless play is valued as the variant ends
                             it (above). SOLVE_LOWER: as South's worst end
                             (North wins by every seed of the game; with
                             stores_apart, and in endgame databases, North
                             takes every seed not yet in a store), so that a value is the most South can force by
                             ending the game: whatever rule ends endless
                             play, South gets at least that much in a game
                             that begins at the root, for his forcing play
                             never comes back to a position. SOLVE_UPPER:
                             North's mirror, the least North can force.
                             Where the two bounds meet, the value does not
                             depend on how endless play is valued. */
} SolveOpts;

enum { SOLVE_LOWER = -1, SOLVE_UPPER = 1 };

/* The name of a bound ("lower", "upper"; "" for 0). */
const char *solve_bound_name(int bound);

#define SOLVE_MAX_JOBS 64
#define SOLVE_MAX_LINE 200   /* moves of the principal line kept */

typedef struct SolveResult {
    SolveValue value;                     /* of the root */
    int to_move;                          /* the root's player to move */
    int nmoves;                           /* its decisions, in mc_moves order */
    Move moves[MAX_MOVES];
    SolveValue move_value[MAX_MOVES];     /* the value after each */
    int8_t move_bound[MAX_MOVES];         /* 0: move_value is exact; by
                                             solve_search, for a move that
                                             does not keep the value: 1, it
                                             is at most move_value (South's
                                             utility), -1 at least */
    int nline;                            /* a principal line from the root */
    Move line[SOLVE_MAX_LINE];
    uint8_t line_mover[SOLVE_MAX_LINE];
    int line_end;                         /* 0: the game ends after it; 1: it
                                             comes back to a position of the
                                             line; 2: cut at SOLVE_MAX_LINE */
    uint64_t positions;                   /* positions where a decision is due */
    uint64_t edges;                       /* decisions among them */
    uint64_t cyclic;                      /* positions on a cycle */
    uint64_t components;                  /* cycles (strongly connected
                                             components of more than one
                                             position, or with a loop) */
    size_t bytes;                         /* memory the tables took at most */
    double seconds;
    uint64_t resumed;                     /* positions whose moves a checkpoint
                                             held (0: a fresh start) */
    int saved;                            /* the listing stopped and was
                                             written to the checkpoint */
    int searched;                         /* by solve_search: `positions` counts
                                             the positions searched (with
                                             repeats), the others are 0 */
} SolveResult;

/* Solves `root` (a position where a decision is due, or one that is
 * over). Returns MC_OK with `res` filled, or a status with a message in
 * err: MC_ENOMEM (the tables would pass opts->memory, or malloc failed),
 * MC_EINVAL (a position decided by lot, or seed counts past what a
 * packed position holds), MC_EINTR (*stop), MC_ETOOLONG (a sowing past
 * the limit). */
int solve_position(const Rules *r, const Position *root, const SolveOpts *opts, SolveResult *res,
                   char *err, size_t errlen);

/* Seconds on a monotonic clock. */
double solve_clock(void);

/* The same by search (solvesearch.c): MTD(f) over alpha-beta searches to
 * the end of the game with a transposition table of opts->memory bytes.
 * Exact for games whose positions never come back; with cycles, see
 * solvesearch.c. The same statuses. */
int solve_search(const Rules *r, const Position *root, const SolveOpts *opts, SolveResult *res, char *err,
                 size_t errlen);

#endif
