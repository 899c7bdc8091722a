/* vm.h: the sowing virtual machine.
 *
 * It reads a rule graph (rules.h) and nothing else: no game has a name
 * here. A Position is a plain value; vm_moves fills a caller's array and
 * vm_play applies a decision and runs everything that follows without a
 * decision (captures, passes, game and round ends, the next round's
 * setup) up to the next decision. Neither allocates, except that a History
 * grows its array (repetition bookkeeping). */
#ifndef MANCALA_VM_H
#define MANCALA_VM_H

#include <stddef.h>
#include "position.h"
#include "rules.h"

#define MAX_MOVES 1024

/* Positions where a decision was due, for the repetition rule. `base` is
 * where the current round (game) began. Owned by the caller; vm_* only
 * push. */
typedef struct History {
    Position *pos;
    uint64_t *hash;
    int n, cap, base;
    int oom;          /* a push failed: repetition may be missed */
    int compact;      /* forget earlier rounds (not for perft, which
                         restores n and base when it backs up) */
} History;

void hist_init(History *h);
void hist_free(History *h);

/* The starting position of a game (round 1), advanced to its first
 * decision and recorded in `h` (may be NULL: no repetition rule). */
void vm_initial(const Rules *r, Position *p, History *h);

/* Legal decisions at `p`, in a fixed order; returns how many (0 when the
 * game is over). */
int vm_moves(const Rules *r, const Position *p, Move *out);

/* Applies a decision that vm_moves offered, then advances. */
void vm_play(const Rules *r, Position *p, const Move *m, History *h);
/* The same, and lists the decisions that follow as vm_moves would
 * (`next` may be NULL); returns how many. Saves playouts a second move
 * generation. */
int vm_play_moves(const Rules *r, Position *p, const Move *m, History *h, Move *next);

/* Runs what needs no decision from `p` (used for positions read from a
 * file): passes, a game that is already over by its rules. */
void vm_settle(const Rules *r, Position *p, History *h);

/* Tokens (CONTRACT.md): "3", "6cw", "first:south", "fill:1,3". */
int vm_token(const Rules *r, const Move *m, char *buf, size_t n);
/* Finds `tok` among the legal moves; returns its index or -1. */
int vm_find(const Rules *r, const Move *moves, int n, const char *tok);

uint64_t pos_hash(const Rules *r, const Position *p);
int pos_same(const Rules *r, const Position *a, const Position *b);

/* Seeds on the board, in stores and removed: constant in a game. */
long pos_seed_total(const Rules *r, const Position *p);

/* North's row as a hole set: who owns what when a game starts. */
uint64_t rules_north_holes(const Rules *r);

/* Interrupting long work. A relay sowing can run for millions of laps
 * before it ends or repeats. The VM counts its steps (a lap done at once
 * is a step; a lap sown seed by seed is a step a seed) and every 65536
 * steps calls the thread's poll function (none by default); when it
 * returns nonzero, the VM is *interrupted* (VM_POLLED). A sowing that has
 * run VM_MAX_LAPS steps without ending or repeating interrupts it too
 * (VM_TOO_LONG): exact detection would take longer than anyone waits (a
 * documented limit; the shipped games from their start need at most tens
 * of millions). While interrupted, that sowing and every relay sowing
 * after it stop at once as if endless, until vm_set_poll is called again:
 * whatever vm_moves, vm_play or vm_perft return then is meaningless, and
 * the caller (a search with a deadline, a command stopped by SIGINT, a
 * command reporting the limit) throws it away. */
#define VM_MAX_LAPS (1ul << 27)   /* 134217728 steps, about a second */
enum { VM_POLLED = 1, VM_TOO_LONG = 2 };
typedef int (*VmPoll)(void *arg);
void vm_set_poll(VmPoll fn, void *arg);
void vm_get_poll(VmPoll *fn, void **arg);   /* the current one, to restore it */
int vm_interrupted(void);                   /* 0, VM_POLLED or VM_TOO_LONG */

uint64_t vm_perft(const Rules *r, const Position *p, History *h, int depth);

const char *phase_name(int phase);
const char *end_name(int end);

#endif
