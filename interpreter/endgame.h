/* endgame.h: endgame databases (endgame.c, endgamebuild.c): the exact
 * value of every position with at most K seeds on the board, for games
 * whose seeds only ever leave the board.
 *
 * A database is about one "shape" of position: everything the position
 * holds besides its hole counts, its stores and the player to move
 * (owners, flags, phase, round, ...) is that of a template (the game's
 * start, or a position given). Its positions of n seeds on the board are
 * numbered by a perfect index: the player to move, then the hole counts
 * in the lexicographic order of their compositions of n (endgame.c).
 *
 * A position's value is its margin: what the rest of the game, under
 * perfect play, adds to South's seeds less North's, each player counting
 * only the seeds he will take from now on. It is the value of
 * `solve --stores-apart` (solve.h): the builder assumes, as that option
 * does, that no rule reads the stores and that the larger store wins;
 * a rule that ends the game on the contents of a store does not fire
 * from the empty stores it builds with while the board holds too few
 * seeds to meet it, so the values are those of play to the end (the
 * reading of the published databases of that family of games). Endless play is valued as the
 * solver values it (the repetition rule at the position), or as the
 * worst end for one side when they are built with a bound
 * (SolveOpts.bound): the files then hold, for each position, the most
 * South can force by ending the game (lower), or the least North can
 * (upper).
 *
 * Files: one per seed count n, DIR/seeds-NN.egdb (of a bound
 * DIR/seeds-NN-lower.egdb, -upper): a header (magic, version, variant,
 * options, holes, n, the template's shape, the number of positions, the
 * bound, a CRC-32 of what follows), then one signed byte for each
 * position, in index order (EG_NONE: no decision is due there), and for
 * a bound its distance (an unsigned 16-bit number a position). They are
 * written whole to a temporary name and renamed; read with mmap. */
#ifndef MANCALA_ENDGAME_H
#define MANCALA_ENDGAME_H

#include <stddef.h>
#include <stdint.h>
#include "solve.h"

#define EG_MAX_SEEDS 120        /* the most seeds on the board a database holds */
#define EG_NONE      (-128)     /* the value of a position where no decision is due */
#define EG_MAGIC     "MCEGDB1"

typedef struct EgDb EgDb;

/* What the builder reports of each seed count. */
typedef struct EgLevel {
    int seeds;             /* n: seeds on the board */
    int loaded;            /* 1: read back from a file already built */
    uint64_t positions;    /* numbered: 2 x the compositions of n */
    uint64_t decisions;    /* positions where a decision is due */
    uint64_t edges;        /* their decisions */
    uint64_t cyclic;       /* positions on a cycle */
    uint64_t ahead, even, behind;   /* decisions whose mover gains more,
                              as many, fewer seeds than his opponent */
    int max_dist;          /* with a bound: the longest distance (built) */
    uint64_t far;          /* with a bound: distances past 65533, kept
                              as 65534 (along them play may not end) */
    size_t bytes;          /* memory the build of this count took at most */
    double seconds;
} EgLevel;

/* A build shared among processes (an MPI run: mpi/main.c). Process
 * `rank` of `size` lists the moves of its share of each count's
 * positions (a run of their numbers); process 0 gathers them, values the
 * count and writes its file, and every process gets the values back (for
 * the moves of the counts above). The files are those a single process
 * writes, byte for byte. Each function returns MC_OK or a status; every
 * process calls each in the same order. */
typedef struct EgDist {
    int rank, size;
    void *ctx;
    /* process 0's `v` to every process */
    int (*bcast_int)(void *ctx, int *v);
    /* the lowest of every process's `status` (MC_OK = 0, failures < 0) */
    int (*agree)(void *ctx, int status);
    /* counts[from_p..to_p) of every process p, its share of the n
     * positions, into counts[] on every process */
    int (*share_counts)(void *ctx, uint32_t *counts, uint64_t n);
    /* each process's edges (those of its share: edges[first[from_p] ..
     * first[to_p]) as `mine`) into edges[] on process 0 */
    int (*gather_edges)(void *ctx, const uint32_t *mine, uint32_t *edges, const uint64_t *first, uint64_t n);
    /* process 0's values of a count (n bytes) into v[] on every process */
    int (*share_values)(void *ctx, int8_t *v, uint64_t n);
} EgDist;

/* The share of process `rank` of `size` among n positions: [from, to). */
static inline uint64_t eg_share(uint64_t n, int rank, int size)
{
    return n * (uint64_t)rank / (uint64_t)size;   /* (n < 2^32, rank < 2^31) */
}

typedef struct EgBuildOpts {
    const SolveOpts *solve;   /* memory, jobs, stop, progress */
    void (*level)(void *arg, const EgLevel *lv);   /* may be NULL: after each count
                                 (on process 0 only) */
    void *arg;
    const EgDist *dist;       /* NULL: one process */
} EgBuildOpts;

/* Builds (or completes: counts already on disk are checked, checksums
 * included, and read back)
 * the databases of every count 0..k into the directory `dir` (made if
 * missing), from the template `shape` (a position where a decision is
 * due, in play). MC_OK, or a status with a message in err: MC_EINVAL (a
 * rule the databases cannot hold: seeds coming back to the board, a
 * position of another shape, lots, the ply count read, ...), MC_ENOMEM,
 * MC_EINTR; MC_EINVAL also for a file that cannot be read or written. */
int eg_build(const Rules *r, const Position *shape, const char *dir, int k, const EgBuildOpts *o, char *err,
             size_t errlen);

/* Opens the databases in `dir` (every count from 0 up to the first one
 * missing) for the variant `r` and the template `shape`, holding values
 * (bound 0) or the bounds SOLVE_LOWER or SOLVE_UPPER (SolveOpts.bound,
 * with which they were built: eg_build's o->solve->bound); each file's
 * header and length are checked (eg_build checks the checksums: the
 * pages are read only as positions are probed). MC_OK and *db, or a status with a
 * message (MC_EINVAL: a file missing or unreadable, built for another
 * variant, options, board or shape, or damaged; MC_ENOMEM). */
int eg_open(const Rules *r, const Position *shape, const char *dir, int bound, EgDb **db, char *err, size_t errlen);
void eg_close(EgDb *db);
/* 1 if `dir` holds databases of that bound (0: of values): the file of
 * count 0 is there. */
int eg_exists(const char *dir, int bound);
/* The most seeds on the board its positions hold. */
int eg_seeds(const EgDb *db);

/* 1 and *margin, the value of `p` (not over), when the databases hold
 * it; else 0. Safe from many threads. */
int eg_probe(const EgDb *db, const Position *p, int32_t *margin);

/* eg_probe, and with databases of a bound (eg_open's `bound`) the
 * distance into *dist: the moves (of both players) to the end the bound
 * counts on, which its side forces along moves that keep the bound and
 * lower the distance, never coming back to a position (the end: a capture,
 * or the game's); -1 where he forces none, or with databases of values. */
int eg_probe_dist(const EgDb *db, const Position *p, int32_t *margin, int *dist);
/* Positions of n seeds in `holes` holes with one player to move (the
 * compositions of n into `holes` parts); UINT64_MAX past 2^63. */
uint64_t eg_count(int holes, int n);

#endif
