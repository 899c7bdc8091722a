/* ai.h: computer players, generic over every variant: they see only the
 * rule graph and the VM (vm.h). An Ai is the McPlayer of mancala.h; it
 * has a Vm of its own.
 *
 *   random                 uniform over the legal decisions
 *   greedy                 the best result after one decision
 *   alphabeta[:time=S|:depth=D][:db=DIR]
 *                          negamax, iterative deepening, transposition table;
 *                          with db, the endgame databases in DIR (endgame.h)
 *                          value the positions they hold exactly (at the
 *                          count of seeds it plays from it searches on,
 *                          and counts the game's history: ai_set_history)
 *   mcts[:time=S|:playouts=N][:c=X]
 *                          UCT with random playouts
 *
 * Scores are from the point of view of the player to move: a won game is
 * AI_WIN less the distance to it (with databases: AI_WIN / 2 and the
 * margin, ai.c); otherwise the variant's `evaluate` expression (default:
 * own store minus the opponent's).
 *
 * Ownership: ai_new allocates; ai_free releases. Nothing here prints. */
#ifndef MANCALA_AI_H
#define MANCALA_AI_H

#include <signal.h>
#include <stddef.h>
#include <stdint.h>
#include "rules.h"
#include "vm.h"

typedef enum AiKind { AI_HUMAN = 0, AI_RANDOM, AI_GREEDY, AI_ALPHABETA, AI_MCTS } AiKind;

typedef struct AiSpec {
    AiKind kind;
    double time;        /* seconds a decision (alphabeta, mcts) */
    int depth;          /* alphabeta: fixed depth instead of time (0: by time) */
    long playouts;      /* mcts: fixed playouts instead of time (0: by time) */
    double c;           /* mcts exploration constant */
    char text[64];      /* as given, for messages */
    char db[256];       /* alphabeta: the endgame databases' directory, or "" */
} AiSpec;

typedef struct AiStats {
    long nodes;         /* positions searched, or playouts */
    int depth;          /* alphabeta: deepest completed iteration */
    int64_t score;      /* the chosen move's score (alphabeta, greedy) */
    double seconds;
} AiStats;

#define AI_WIN 1000000

/* Parses "alphabeta:time=0.05"; returns 1, or 0 with a message in err. */
int ai_parse(const char *text, AiSpec *out, char *err, size_t errlen);

typedef struct McPlayer Ai;
Ai *ai_new(const Rules *r, const AiSpec *spec, uint64_t seed);
/* The same, with the reason in err when it fails (the databases of
 * spec->db cannot be opened for `r`; out of memory). */
Ai *ai_new_err(const Rules *r, const AiSpec *spec, uint64_t seed, char *err, size_t errlen);
void ai_free(Ai *ai);
/* The player as ai_new made it with `seed`: its generator seeded again,
 * its transposition table emptied (so that a game does not depend on the
 * games the player played before). */
void ai_reset(Ai *ai, uint64_t seed);

/* The game's positions so far (the VM's repetition history, whose last
 * record is the position of the next ai_choose), or NULL: a player with
 * databases then knows which positions one more occurrence would end the
 * game at. The player pushes records while it searches and takes them
 * back; the history must outlive its use. */
void ai_set_history(Ai *ai, History *h);

/* Chooses one of the legal decisions at `p` (which must not be over);
 * returns its index in the gen_moves order. Stops early, with the best
 * move so far, when *stop becomes non-zero (may be NULL). Returns a
 * negative McStatus when the legal moves themselves cannot be listed (a
 * sowing past the limit, or *stop set before they are); a search that
 * runs into a sowing past the limit is treated as out of time. */
int ai_choose(Ai *ai, const Position *p, AiStats *st, volatile sig_atomic_t *stop);

/* The static evaluation of `p` for `player`. */
int64_t ai_evaluate(const Rules *r, const Position *p, int player);

#endif
