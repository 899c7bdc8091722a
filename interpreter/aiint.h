/* aiint.h: what the computer players' files share (ai.c: parsing,
 * evaluation, alphabeta, greedy, the player; aimcts.c: Monte Carlo tree
 * search). */
#ifndef MANCALA_AIINT_H
#define MANCALA_AIINT_H

#include "ai.h"
#include "endgame.h"
#include "engine.h"
#include "rng.h"

#define TT_BITS     20          /* 1M entries, 24 MiB */
#define MCTS_NODES  200000      /* tree nodes; past that, playouts only */
#define PLAYOUT_CAP 5000        /* decisions in one playout before scoring it */
#define SEARCH_PLIES 80          /* plies of a search path (depth is at most 64) */

typedef struct TTEntry {
    uint64_t key;
    int32_t score;
    int16_t depth;
    uint8_t flag;       /* 0 empty, 1 exact, 2 lower bound, 3 upper bound */
    uint8_t best;       /* index of the best move */
} TTEntry;

typedef struct Node {
    Position pos;
    int parent;
    int first_child, nchildren;   /* children are contiguous */
    int expanded;
    int move;                     /* index in the parent's move list */
    double wins;                  /* for the player who moved into it */
    double visits;
} Node;

struct McPlayer {
    const Rules *r;
    Vm vm;                        /* the player's own machine */
    AiSpec spec;
    Rng rng;
    TTEntry *tt;
    Node *nodes;
    int nnodes;
    /* search state */
    double deadline;
    long nodes_searched;
    int aborted;
    volatile sig_atomic_t *stop;
    EgDb *db;                     /* spec.db opened, or NULL */
    EgDb *bound[2];               /* the bounds in spec.db, where built: what
                                     South can force (lower), North (upper) */
    int me;                       /* the player to move at the root */
    int forcing;                  /* this search scores by the bound of `me`
                                     (choose_alphabeta) */
    /* with databases: the positions of the search path (hist_hash), by
     * ply; guess: a score of this iteration is not a forced result */
    uint64_t path[SEARCH_PLIES];
    int guess;
    History *hist;                /* ai_set_history's, or NULL */
    int64_t root_gone;            /* seeds off the board at the root */
};

/* Seconds on a monotonic clock. */
double ai_now(void);

/* MCTS from `p` (n moves) until the time or spec.playouts runs out: the
 * index of the move chosen; fills `st` (aimcts.c). */
int ai_choose_mcts(Ai *ai, const Position *p, int n, AiStats *st, double t0);

#endif
