/* vm.h: the sowing virtual machine, as the rest of the library sees it.
 *
 * A Vm executes one rule set (rules.h) and reads nothing else: no game has
 * a name in it. Everything it needs while it runs is in the Vm object,
 * passed explicitly: the poll function, the count of seeds sown, the
 * status of a failure, the event sink and a cache of trial sowings. No
 * stage of the VM keeps state anywhere else.
 *
 * A Position is a plain value; gen_moves fills a caller's array and
 * flow_play applies a decision and runs everything that follows without
 * a decision (captures, passes, game and round ends, the next round's
 * setup) up to the next decision. Neither allocates, except that a
 * History grows its array (repetition bookkeeping).
 *
 * Failures: these functions return a non-negative value on success and a
 * negative McStatus (mancala.h) on failure: MC_EINTR when the poll
 * function asked to stop, MC_ETOOLONG when a sowing dropped MC_MAX_SOWN
 * seeds without ending or repeating, MC_ENOMEM when a history could not
 * grow. After a failure the Vm stays failed (every call returns the same
 * status at once) until vm_reset; what a failed call wrote is
 * meaningless and is thrown away by the caller. */
#ifndef MANCALA_VM_H
#define MANCALA_VM_H

#include <stddef.h>
#include "position.h"
#include "rules.h"

/* What one sowing did, for captures, conditions and events. */
typedef struct SowInfo {
    int mover, start, origin, last, dir;
    int captured;
    Mask reached;    /* holes that received a seed */
    int endless;         /* the sowing never ends, or has nowhere to go */
    int pend, sow_from;  /* seeds taken to the hand during this lap, sown
                            next from the hole sow_from (`to: hand`) */
    int choose;          /* ... or from a hole the mover chooses: of
                            choice[DIR_CCW] counterclockwise, of
                            choice[DIR_CW] clockwise */
    int paused;          /* the sowing stopped for that choice (PH_HAND) */
    int spill;           /* its spill-at-row-end, if known (else -1) */
    int step;            /* a step that sows on (moves.step.sow-on) */
    int picking;         /* a capture rule left picks to make (PH_PICK) */
    int putting;         /* a capture rule's seeds are to be put (PH_PUT) */
    int stop_at;         /* relay-stop: stop at the stop_at-th chance (0: never) */
    int amount;          /* moves.lift: the seeds the first lap lifts (0: the rules') */
    int group;           /* moves.per-hole: the seeds the first lap drops a
                            place (0: the rules') */
    int stops;           /* relay-stop: the chances met so far */
    int dropped;         /* seeds the last place received at once (`dropped`) */
    int heading;         /* a steered lap's last step, 1 + HEAD_* (0: none) */
    int via;             /* the place before the lap's last (a track that crosses itself) */
    Mask choice[2];  /* last: set with `choose`, not cleared before */
} SowInfo;

/* The trial sowings of the last full move list (relay games: each move
 * is sown to see whether it ends), kept so that playing one of them next
 * copies its sowing instead of sowing again (Plan.keep_trials). Valid
 * while `src` is the position played from. */
#define TRIAL_KEEP 32
typedef struct Trials {
    Position src;
    int n;
    Move mv[TRIAL_KEEP];
    Position after[TRIAL_KEEP];
    SowInfo info[TRIAL_KEEP];
} Trials;

/* The machine: `struct McVm` is the opaque McVm of mancala.h. */
typedef struct McVm {
    const Rules *r;
    int (*poll)(void *arg);      /* asked now and then in long work: every
                                    POLL_SEEDS seeds sown (by one sowing or
                                    several), and as each round of a match begins */
    void *poll_arg;
    int status;                  /* MC_OK, or the McStatus of the failure */
    uint64_t sown;               /* seeds dropped by every sowing of this machine */
    uint64_t sow_base;           /* `sown` as the current sowing began */
    uint64_t poll_at;            /* poll when `sown` reaches this: many short sowings
                                    (the trials of a move list) are polled as one
                                    long one */
    McEventFn sink;              /* events go here (NULL: nowhere) */
    void *sink_arg;
    unsigned ev_flags;           /* MC_EVENTS_* */
    int end_rule;                /* while an `end` rule ends the game: 1 + its
                                    index (MC_EV_END's n) */
    int quiet;                   /* > 0: trial work, no events */
    int round_only;              /* the end of a round of a match ends the
                                    game there (no next round): solve.c
                                    values a round by itself */
    Trials trials;
} Vm;

/* Positions where a decision was due, for the repetition rule: each kept
 * as a record of what the rule compares (history.c), `stride` bytes.
 * `base` is where the current round (game) began. Owned by the caller;
 * the VM only pushes. `struct McHistory` is mancala.h's McHistory. */
typedef struct McHistory {
    unsigned char *rec;
    uint32_t *key;    /* a hash of each record, compared first */
    int n, cap, base;
    int stride;       /* bytes a record, set by the first push */
    int compact;      /* forget earlier rounds (not for perft, which
                         restores n and base when it backs up) */
} History;

/* ---- the machine (run.c) -------------------------------------------------- */

void vm_init(Vm *vm, const Rules *r);
void vm_set_poll(Vm *vm, int (*poll)(void *arg), void *arg);
void vm_set_events(Vm *vm, McEventFn fn, void *arg, unsigned flags);
/* Clears a failure (and the trial cache). */
void vm_reset(Vm *vm);

/* ---- games (flow.c, movegen.c) -------------------------------------------- */

/* The starting position of a game (round 1), advanced to its first
 * decision and recorded in `h` (may be NULL: no repetition rule). */
int flow_start(Vm *vm, Position *p, History *h);
/* Runs what needs no decision from `p` (a position read from a file):
 * passes, a game that is already over by its rules. */
int flow_settle(Vm *vm, Position *p, History *h);
/* Applies a decision that gen_moves offered, then advances. With `next`,
 * also lists the decisions that follow as gen_moves would and returns how
 * many (saves playouts a second move generation); else returns 0. */
int flow_play(Vm *vm, Position *p, const Move *m, History *h, Move *next);
/* Ends the game (round) at `p` as a play that never ends would end it:
 * by the repetition rule (its seeds, its draw), or, in a variant without
 * one, by the ply cap (seeds to the owners). The solver's value of a
 * position from which neither player can force an end. */
int flow_endless(Vm *vm, Position *p);
/* moves.swap: whether the player to move may swap sides now; with_swap
 * adds the swap to his n moves listed in out (none if he has none). */
int swap_now(const Rules *r, const Position *p);
int with_swap(const Rules *r, const Position *p, Move *out, int n);
/* The legal decisions at `p`, in a fixed order; returns how many (0 when
 * the game is over). */
int gen_moves(Vm *vm, const Position *p, Move *out);

/* perft (perft.c): move sequences of `depth` decisions from `p` into
 * *nodes; `h` (may be NULL) is restored as it backs up. */
int perft_count(Vm *vm, const Position *p, History *h, int depth, uint64_t *nodes);

/* ---- history (history.c) --------------------------------------------------- */

void hist_init(History *h);
void hist_free(History *h);
/* `dst` made a copy of `src` (records of its own); MC_OK, or MC_ENOMEM
 * with `dst` empty. */
int hist_copy(History *dst, const History *src);
/* Over what hist_same compares. */
uint64_t hist_hash(const Rules *r, const Position *p);
/* The same without the stores. */
uint64_t hist_hash_board(const Rules *r, const Position *p);
/* The same without the hole counts and the player to move either. */
uint64_t hist_hash_shape(const Rules *r, const Position *p);
int hist_same(const Rules *r, const Position *a, const Position *b);

/* ---- tokens (token.c) ------------------------------------------------------- */

/* "3", "6cw", "first:south", "fill:1,3", written as snprintf would. */
int tok_write(const Rules *r, const Move *m, char *buf, size_t n);
/* Finds `tok` among the moves; returns its index or -1. */
int tok_find(const Rules *r, const Move *moves, int n, const char *tok);

/* ---- names (event.c) -------------------------------------------------------- */

/* Seeds on the board, in stores, in hand and removed: constant in a round. */
long pos_seed_total(const Rules *r, const Position *p);
const char *phase_name(int phase);
/* setup.mark: who marks the next hole once `done` are marked, or -1. */
int rnd_marker(const Rules *r, int done);
const char *end_name(int end);
/* One event as a JSON object, as mc_event_json. */
int ev_json(const Rules *r, const McEvent *ev, char *buf, size_t n);

#endif
