/* mancala.h: the public interface of libmancala, a library that plays any
 * mancala (sowing) game described in a variant file.
 *
 * A variant file (YAML, see docs/variant-format.md) is loaded into a rule
 * set (McRules). A machine (McVm) executes a rule set: it lists the legal
 * decisions of a position (McPosition, a plain value) and applies one,
 * running everything that follows without a decision (captures, passes,
 * game and round ends, the next round's setup). A history (McHistory)
 * remembers the positions of a game for the repetition rule. Applying a
 * decision can report what happened, in order, to an event sink
 * (McEvent). Computer players (McPlayer) choose decisions.
 *
 * Ownership, for every function here: a pointer returned by a function
 * named *_new or mc_load_* belongs to the caller, who releases it with the
 * matching *_free (each accepts NULL). A string returned as `char *` is
 * the caller's, released with free(). Every other pointer argument is
 * borrowed for the duration of the call, except that a machine and a
 * player keep the rule set they were made for: it must outlive them.
 *
 * Errors: functions returning `int` return a non-negative value on
 * success and a negative McStatus on failure (mc_status_text names it).
 * Threads: distinct objects may be used from distinct threads at once; a
 * rule set may be shared by any number of machines and players (it is
 * never written after loading). Nothing here prints or exits, and nothing
 * here keeps global mutable state.
 *
 * Compile with the flags `pkg-config --cflags --libs mancala` prints. */
#ifndef MANCALA_H
#define MANCALA_H

#include <signal.h>
#include <stddef.h>
#include <stdint.h>

#ifdef __cplusplus
extern "C" {
#endif

#define MANCALA_VERSION_MAJOR 4
#define MANCALA_VERSION_MINOR 4
#define MANCALA_VERSION_PATCH 0
#define MANCALA_VERSION "4.4.0"

/* Every function below is exported from the shared library. */
#if defined(__GNUC__) && defined(MC_BUILDING_LIBRARY)
#define MC_API __attribute__((visibility("default")))
#else
#define MC_API
#endif

/* The library's version, which may be newer than the header's. */
MC_API const char *mc_version(void);

/* ---- status ------------------------------------------------------------ */

typedef enum McStatus {
    MC_OK = 0,
    MC_EINTR = -1,      /* the machine's poll function asked it to stop */
    MC_ETOOLONG = -2,   /* a sowing ran past MC_MAX_SOWN seeds without
                           ending or repeating (a documented limit) */
    MC_ENOMEM = -3,     /* out of memory (a history could not grow) */
    MC_EINVAL = -4      /* an argument the function cannot take (a JSON
                           position that cannot be read, a position that is
                           over for a player, a negative perft depth) */
} McStatus;

MC_API const char *mc_status_text(int status);

/* ---- limits ------------------------------------------------------------ */

#define MC_MAX_ROWS       8      /* rows of a board */
#define MC_MAX_ROW_HOLES  50     /* holes in one row */
#define MC_MAX_HOLES      128    /* rows * holes, all rows together */
#define MC_MAX_FLAGS      8      /* named per-hole flags of a variant */
#define MC_MAX_COUNTERS   4      /* named per-player counters of a variant */
#define MC_MAX_PLAYERS    4      /* players of a game (`players`; 4.0.0) */
#define MC_MAX_COUNT      30000  /* a counter's largest value */
#define MC_MAX_SEEDS      30000  /* seeds on the board, all holes together */
#define MC_MAX_MOVES      1024   /* legal decisions of one position */
#define MC_MAX_PLIES      65535  /* decisions of one game (round of a match): it
                                    ends there (MC_END_MAX_PLIES), so that none
                                    is endless, with or without a repetition rule */
/* One sowing (with all its relay laps) may drop at most this many seeds
 * (1,073,741,824) before it ends or is found to repeat; a longer one
 * fails with MC_ETOOLONG. (The longest sowing met in 3000 random games of
 * the shipped relay games drops about 116 million.) Every sowing kernel
 * counts the same way, so the limit never depends on how the rules are
 * written. */
#define MC_MAX_SOWN       ((uint64_t)1 << 30)

/* ---- positions and decisions ------------------------------------------ */

/* Players are numbered 0..players-1 in their order of play; with two,
 * 0 is South and 1 North. */
enum { MC_SOUTH = 0, MC_NORTH = 1 };
/* McPosition.winner: a player's number (0..MC_MAX_PLAYERS-1), or a draw
 * (no single player has the best result), or none yet. (4.0.0: the draw
 * was 2 and none 3.) */
enum { MC_WIN_SOUTH = 0, MC_WIN_NORTH = 1, MC_WIN_DRAW = MC_MAX_PLAYERS, MC_WIN_NONE = MC_MAX_PLAYERS + 1 };
#define MC_NO_HOLE    (-1)
#define MC_STORE(p)   (MC_MAX_HOLES + (p))   /* a store, where a hole is expected */

/* A set of holes: bit i is hole i (0..MC_MAX_HOLES-1). It is an unsigned
 * 128-bit integer (GCC and Clang on 64-bit targets have one): in memory,
 * two 64-bit words in the machine's order, 16-byte aligned; on a
 * little-endian machine the first word holds holes 0..63. */
#if !defined(__SIZEOF_INT128__)
#error "libmancala needs a compiler with 128-bit integers (GCC or Clang on a 64-bit target)"
#endif
__extension__ typedef unsigned __int128 mc_holes;

/* Where the next decision comes from. */
typedef enum McPhase {
    MC_PHASE_PLAY = 0,   /* a sowing move */
    MC_PHASE_OPENING,    /* a special opening sowing */
    MC_PHASE_FIRST,      /* a choice of who makes the first regular move */
    MC_PHASE_FILL,       /* a choice of holes to fill at a round's setup */
    MC_PHASE_HAND,       /* the mover, in the middle of his move, chooses
                            where the seeds in his hand are sown from */
    MC_PHASE_PLACE,      /* a setup: the player to move places a seed of his
                            reserve */
    MC_PHASE_SWAP,       /* a setup: the player to move keeps the board or
                            swaps sides */
    MC_PHASE_PICK,       /* the mover, at the end of his move, picks a hole
                            whose seeds a capture rule takes (`pick`) */
    MC_PHASE_MARK,       /* a setup: the player to move marks a hole with a
                            flag (`setup.mark`) */
    MC_PHASE_LOT,        /* a lot is drawn (McPosition.lot says what it
                            decides); no player chooses */
    MC_PHASE_PUT,        /* the mover, at the end of his move, chooses the
                            hole the seeds a capture rule took go into
                            (`put`); they are in McPosition.hand */
    MC_PHASE_STEER,      /* the mover, in the middle of his move, chooses the
                            hole his next seed goes into (`sowing.steer`;
                            4.2.0): McPosition.hand holds the seeds still to
                            sow, picks the hole of the last seed (the lap's
                            origin before its first), pick_rule 1 + the
                            hole before it in the lap (0: none yet), lot 1 +
                            the hole the move started from, hand_from[0]
                            the lap's holes so far (its origin too),
                            hand_from[1] the lap's origin alone */
    MC_PHASE_COUNT
} McPhase;

/* Why a game (or a round of a match) ended. */
typedef enum McEnd {
    MC_END_NONE = 0,
    MC_END_RULE,         /* one of the variant's `end` rules */
    MC_END_NO_MOVES,     /* the player to move had no legal move */
    MC_END_BLOCKED,      /* neither player could move */
    MC_END_MUST,         /* a `must` filter left no move (`otherwise: end`) */
    MC_END_REPETITION,   /* a position occurred the variant's number of times */
    MC_END_MATCH,        /* the match is decided */
    MC_END_MAX_ROUNDS,   /* the match reached its round cap */
    MC_END_MAX_PLIES,    /* a game (round) reached MC_MAX_PLIES decisions */
    MC_END_LAST_PLAYER,  /* the others are out of the game (`eliminate`; 4.0.0) */
    MC_END_COUNT
} McEnd;

/* A position: a plain value, copied with `=`; it holds no pointer. Holes
 * are indexed 0..holes-1 (hole number - 1, counterclockwise from South's
 * leftmost hole). Its layout is part of the library's ABI (it changes only
 * with MANCALA_VERSION_MAJOR). */
typedef struct McPosition {
    uint16_t count[MC_MAX_HOLES];   /* seeds in each hole */
    mc_holes owner[2];              /* bit i of owner[k]: bit k of the number of
                                       hole i's owner (so owner[0] is the holes
                                       North owns in a game of two, where
                                       owner[1] is 0; 4.0.0) */
    mc_holes flags[MC_MAX_FLAGS];   /* bit i of flags[f]: flag f set on hole i */
    mc_holes out_of_play;           /* bit i: hole i out of play this round */
    int32_t store[MC_MAX_PLAYERS];  /* seeds each player holds (his store) */
    int32_t total[MC_MAX_PLAYERS];  /* match totals of finished games */
    int32_t removed;                /* seeds out of the game */
    uint16_t round;                 /* 1-based round (game) of a match */
    uint8_t to_move;                /* the player to move (MC_SOUTH, MC_NORTH, ...) */
    uint8_t starter;                /* who began this round */
    uint8_t last_mover;             /* who made the last decision */
    uint8_t phase;                  /* McPhase */
    uint8_t over;                   /* the game (match) is over */
    uint8_t winner;                 /* MC_WIN_* */
    uint8_t end;                    /* McEnd of the last game or round end */
    uint8_t picks;                  /* MC_PHASE_PICK: the holes the mover may still pick */
    uint8_t pick_rule;              /* MC_PHASE_PICK: 1 + the index of the capture
                                       rule whose picks are due; else 0 */
    uint8_t lot;                    /* MC_PHASE_LOT: MC_LOT_FIRST or MC_LOT_HOLE,
                                       plus (MC_LOT_HOLE) the round's MC_WIN_*
                                       times 4; else 0 */
    uint16_t plies;                 /* decisions made this round (game), up to 65535 */
    uint16_t hand;                  /* MC_PHASE_HAND, MC_PHASE_PUT: the seeds in the
                                       mover's hand */
    uint16_t sowed;                 /* bit 2p: player p made a sowing move this game
                                       (round); bit 2p+1: his last went clockwise
                                       (kept only where the rules read it); bit 8:
                                       the players swapped sides this game (round)
                                       (moves.swap) */
    uint16_t last_move;             /* bit p (0..3): player p's last move took seeds
                                       (while he makes it: has taken some so far);
                                       bit 4: the last move began by placing a seed
                                       of the reserve (moves.place); bits 5-7: 1 + the
                                       entry of moves.store it sowed from the store,
                                       or 0; bit 8: it selected a hole
                                       (moves.select); bit 9: it was a sowing made
                                       with the mover's choice (moves.choice); bit
                                       10: the move to make (or being made) is an
                                       extra turn (`extra`; 4.1.0) (kept only where
                                       the rules read them) */
    uint16_t reserve[MC_MAX_PLAYERS];   /* seeds each player still has to place
                                       (a setup, MC_PHASE_PLACE) */
    uint16_t debt[MC_MAX_PLAYERS];  /* seeds each player owes the opponent
                                       (match.settle: lend, borrow, repay) */
    uint8_t eliminated;             /* bit p: player p is out of the game, his
                                       turns passed over (4.0.0) */
    uint8_t store_stones[MC_MAX_PLAYERS];   /* bit f of store_stones[p]: the
                                       large stone of flag f lies in player p's
                                       store (board.store-stones; 4.4.0: in what
                                       was padding, so the layout is unchanged) */
    mc_holes hand_from[2];          /* MC_PHASE_HAND: bit i of hand_from[MC_CCW]
                                       (MC_CW): the hand may be sown from hole i
                                       counterclockwise (clockwise); MC_PHASE_PICK:
                                       bit i of hand_from[0]: hole i may be picked;
                                       MC_PHASE_PUT: bit i of hand_from[0]: the
                                       hand may be put into hole i */
    uint16_t counter[MC_MAX_PLAYERS][MC_MAX_COUNTERS];   /* board.counters: each
                                       player's counters (0..MC_MAX_COUNT), 0 as a
                                       round begins (3.0.0) */
} McPosition;

typedef enum McMoveKind {
    MC_MOVE_SOW = 0,
    MC_MOVE_FIRST,
    MC_MOVE_FILL,
    MC_MOVE_PLACE,       /* a seed of the reserve into `hole` (arg 1: into every
                            hole moves.place allows, moves.place.each) */
    MC_MOVE_SWAP,        /* dir 1: swap sides, 0: keep the board (MC_PHASE_SWAP);
                            in the play (moves.swap) dir 1 only */
    MC_MOVE_STEP,        /* a seed carried from `hole` to hole `dir` (moves.step) */
    MC_MOVE_PICK,        /* the seeds of `hole` taken (MC_PHASE_PICK) */
    MC_MOVE_MARK,        /* the flag of setup.mark set on `hole` (MC_PHASE_MARK) */
    MC_MOVE_LOT,         /* the lot falls to player `dir` (MC_PHASE_LOT) */
    MC_MOVE_PUT,         /* the seeds in hand put into `hole` (MC_PHASE_PUT) */
    MC_MOVE_STORE,       /* seeds of the mover's store (`holes` of them) sown
                            from `hole` on, way `dir`; `arg`: the entry of
                            moves.store */
    MC_MOVE_SELECT,      /* a hole selected (moves.select): nothing is sown, the
                            capture rules run as after a sowing ending in `hole` */
    MC_MOVE_STEER        /* the next seed of a steered lap dropped into `hole`
                            (MC_PHASE_STEER; 4.2.0) */
} McMoveKind;
/* What a lot decides (McPosition.lot & 3). */
enum { MC_LOT_FIRST = 1,   /* who begins (first-player: chosen-by: lot) */
       MC_LOT_HOLE = 2 };  /* who owns the hole left over (match.leftover-tie: lot) */
enum { MC_CCW = 0, MC_CW = 1 };

/* A decision, as mc_moves lists it. */
typedef struct McMove {
    uint8_t kind;        /* McMoveKind */
    uint8_t hole;        /* MC_MOVE_SOW: the hole sown from (in MC_PHASE_HAND: the
                            hole the hand's first seed goes into) */
    uint8_t dir;         /* MC_MOVE_SOW: MC_CCW or MC_CW; MC_MOVE_FIRST: the player chosen */
    uint8_t show_dir;    /* MC_MOVE_SOW, MC_MOVE_STEP: the token names the direction */
    uint32_t arg;        /* MC_MOVE_STEP: 0, or 1 + the direction (MC_CCW, MC_CW)
                            the sowing goes on in from the hole the seed went to
                            (moves.step.sow-on); MC_MOVE_SOW: 0, or k: the sowing
                            stops at the k-th relay where it may (relay-stop),
                            plus MC_MOVE_CHOICE where it is made with the
                            mover's choice (moves.choice, token "5+"; 3.3.0),
                            plus k << MC_MOVE_GROUP_SHIFT where the mover
                            chose to drop k seeds a hole (moves.per-hole,
                            token "5by2"; 3.4.0);
                            MC_MOVE_STORE: the entry of moves.store;
                            MC_MOVE_PLACE: 1 for moves.place.each */
    uint64_t holes;      /* MC_MOVE_FILL: bit i = fill hole i (a player chooses
                            holes to fill only on boards of at most 24 holes);
                            MC_MOVE_SOW: 0, or the seeds the sowing lifts
                            from its hole, chosen (moves.lift);
                            MC_MOVE_STORE: the seeds sown from the store */
} McMove;

/* ---- rule sets ---------------------------------------------------------- */

typedef struct McRules McRules;

/* Loading flags. */
enum {
    MC_LOAD_DEFAULT = 0,     /* short cuts chosen by the plan; the environment
                                variable MANCALA_VM=general selects the
                                reference mode instead */
    MC_LOAD_GENERAL = 1,     /* the reference mode: no short cut, every rule
                                evaluated as written (same results, slower) */
    MC_LOAD_PLANNED = 2      /* short cuts, whatever the environment says */
};

/* Loads a variant from `text` (`len` bytes; need not be NUL-terminated),
 * named `name` in messages, with options `opts` ("KEY=VALUE", `nopts` of
 * them). Returns the rule set, or NULL; then, if `errors` is not NULL,
 * *errors is a malloc'd text of every problem found, one
 * "NAME:LINE:COLUMN: error: MESSAGE" a line, each line ending with a
 * newline (NULL when out of memory). */
MC_API McRules *mc_load_string(const char *name, const char *text, size_t len,
                               const char *const *opts, int nopts, unsigned flags, char **errors);
/* The same for the file at `path` (at most 4 MiB); "PATH: REASON" when it
 * cannot be read. */
MC_API McRules *mc_load_file(const char *path, const char *const *opts, int nopts, unsigned flags,
                             char **errors);
/* The same for a variant built into the library (mc_builtin_name lists
 * them); NULL with *errors "no built-in variant NAME\n" if there is none. */
MC_API McRules *mc_load_builtin(const char *name, const char *const *opts, int nopts, unsigned flags,
                                char **errors);
/* The i-th built-in variant's name (i from 0), or NULL past the last. */
MC_API const char *mc_builtin_name(int i);
MC_API void mc_rules_free(McRules *r);

MC_API const char *mc_rules_name(const McRules *r);    /* `game:` */
MC_API const char *mc_rules_title(const McRules *r);
MC_API int mc_rules_rows(const McRules *r);
MC_API int mc_rules_width(const McRules *r);           /* holes a row */
MC_API int mc_rules_seeds(const McRules *r);           /* seeds in the game */

/* ---- events ------------------------------------------------------------ */

/* What happened while a decision was applied, in order. `player` is the
 * player the event concerns (who moved, took, passes, fills, begins; for
 * the board's seeds at a game's end, the last mover); `seeds` the seeds it
 * moves. Other fields not named for a kind are zero (hole: MC_NO_HOLE
 * where it names none). */
typedef enum McEventKind {
    MC_EV_MOVE = 0,      /* the decision: player, move; hole: its hole (a sowing) */
    MC_EV_LAP,           /* a lap of a sowing: player, hole (lifted), seeds
                            (lifted), last (where its last seed fell: a hole, a
                            store, or MC_NO_HOLE when the seeds left the board),
                            n (the lap's number, from 1) */
    MC_EV_SEED,          /* a seed dropped into hole (a hole or a store); only
                            with MC_EVENTS_SEEDS */
    MC_EV_SPILL,         /* seeds left the board: n is MC_SPILL_ROW_END (at a
                            row's end after hole), MC_SPILL_FULL (one seed:
                            hole held its sowing.hole-limit; 3.2.0) or
                            MC_SPILL_NOWHERE (one seed: sowing.path named no
                            hole in play; hole: MC_NO_HOLE; 3.2.0) */
    MC_EV_CAPTURE,       /* seeds taken from hole by receiver (MC_TO_*); n: 1
                            during the sowing (`each-seed`), 0 after it (capture
                            rules; and the seeds left on the board when a game
                            or round ends, which MC_EV_END then sums up) */
    MC_EV_CANCEL,        /* the move's last capture was undone (`cancel-if`) */
    MC_EV_FLAG,          /* flag number n set on hole */
    MC_EV_EXTRA_TURN,    /* player moves again */
    MC_EV_PASS,          /* player cannot move and passes */
    MC_EV_END,           /* a game or a round ended: reason, round, winner (of
                            the game or round), took[] (what each player took
                            from the board), seeds (what went out of the game),
                            n (reason MC_END_RULE: 1 + the index of the `end`
                            rule that held, in the file's order; 3.5.0);
                            match_over: nothing follows. When a match is
                            decided, a second one with reason MC_END_MATCH or
                            MC_END_MAX_ROUNDS, the match's winner, and the match
                            totals in took[]. */
    MC_EV_OWNERS,        /* holes changed owner: mask is North's holes now
                            (of more than two players: bit 0 of each hole's
                            owner, mask2 bit 1);
                            hole: the hole a rule's `set` gave (else
                            MC_NO_HOLE, a round's redistribution) */
    MC_EV_ROUND,         /* a new round of a match: round, player (who begins) */
    MC_EV_FILL,          /* player filled the holes in mask, n seeds each (0:
                            each its own `fill-seeds`), seeds in all (by his
                            choice, or by the rules at a round's setup) */
    MC_EV_UNFLAG,        /* flag number n cleared on hole */
    MC_EV_HAND,          /* player stops with seeds in his hand and chooses
                            where they are sown (MC_PHASE_HAND): mask the holes
                            he may choose (either way) */
    MC_EV_PLACE,         /* player placed seeds (1) of his reserve into hole;
                            n: what he has left */
    MC_EV_SWAP,          /* player swapped sides (n 1) or kept the board (n 0) */
    MC_EV_STEP,          /* player carried a seed from hole to last (moves.step) */
    MC_EV_SETTLE,        /* as a round ends (match.settle), player passed seeds
                            to the other: n 0 a gift, 1 a loan, 2 what he
                            borrowed (player is the lender), 3 a repayment */
    MC_EV_UNSTORE,       /* player took seeds from his store to sow them from
                            hole on (moves.store); n: what his store keeps */
    MC_EV_COUNTER,       /* player's counter number n (board.counters) is now
                            seeds (3.0.0) */
    MC_EV_OUT,           /* player is out of the game (`eliminate`; 4.0.0) */
    MC_EV_COUNT
} McEventKind;

/* Receivers in a capture event. */
/* Where captured seeds go (McEvent.receiver of MC_EV_CAPTURE); a lap
 * that sows seeds from the hand has receiver MC_TO_HAND too. MC_TO_HOLE:
 * into the board hole McEvent.last (a rule's `into`). */
enum { MC_TO_SOUTH = 0, MC_TO_NORTH = 1,   /* 0..MC_MAX_PLAYERS-1: that player (4.0.0: */
       MC_TO_REMOVED = MC_MAX_PLAYERS,   /* removed, hand and hole were 2, 3 and 4) */
       MC_TO_HAND = MC_MAX_PLAYERS + 1, MC_TO_HOLE = MC_MAX_PLAYERS + 2 };

typedef struct McEvent {
    uint8_t kind;        /* McEventKind */
    uint8_t player;      /* MC_SOUTH or MC_NORTH: who moved, passes, fills, begins */
    uint8_t receiver;    /* MC_EV_CAPTURE: MC_TO_*; MC_EV_LAP: MC_TO_HAND for
                            a lap sown from the hand, else 0 */
    uint8_t reason;      /* MC_EV_END: McEnd */
    uint8_t winner;      /* MC_EV_END: MC_WIN_* of the game or round */
    uint8_t match_over;  /* MC_EV_END: the game (or match) is over */
    int16_t hole;        /* a hole index, MC_STORE(p), or MC_NO_HOLE */
    int16_t last;        /* MC_EV_LAP: see above */
    int32_t n;           /* see each kind */
    int32_t seeds;       /* seeds concerned */
    int32_t took[MC_MAX_PLAYERS];   /* MC_EV_END: what each player took */
    uint16_t round;      /* MC_EV_END, MC_EV_ROUND */
    mc_holes mask;       /* a set of holes (bit i: hole i) */
    mc_holes mask2;      /* MC_EV_OWNERS: a second set (4.0.0) */
    McMove move;         /* MC_EV_MOVE */
} McEvent;

/* An event sink: called once an event, in order, during mc_play. The
 * position it could look at is the one being changed: events carry what
 * a reader needs. */
typedef void (*McEventFn)(void *arg, const McEvent *ev);

/* McMove.arg of MC_MOVE_SOW: the sowing is made with the mover's choice
 * (moves.choice); the low bits are the relay-stop chance. */
#define MC_MOVE_CHOICE (1u << 16)
/* McMove.arg of a sowing made k seeds a hole: k << MC_MOVE_GROUP_SHIFT. */
#define MC_MOVE_GROUP_SHIFT 17

/* MC_EV_SPILL: why the seeds left the board (McEvent.n). */
enum { MC_SPILL_ROW_END = 0, MC_SPILL_FULL = 1, MC_SPILL_NOWHERE = 2 };

enum {
    MC_EVENTS_SEEDS = 1   /* also one MC_EV_SEED for every seed dropped */
};

/* One event as a line of JSON (no newline), written to buf (n bytes, NUL
 * terminated, cut if too small); returns the length it needs, as
 * snprintf. Format: docs/events.md. */
MC_API int mc_event_json(const McRules *r, const McEvent *ev, char *buf, size_t n);

/* ---- machines and games ------------------------------------------------ */

typedef struct McVm McVm;
typedef struct McHistory McHistory;

/* A machine for the rule set `r` (which must outlive it); NULL when out
 * of memory. */
MC_API McVm *mc_vm_new(const McRules *r);
MC_API void mc_vm_free(McVm *vm);
/* A function the machine calls now and then during long work (a relay
 * sowing of millions of laps); when it returns non-zero, the work stops
 * and the call fails with MC_EINTR. NULL: none. */
MC_API void mc_vm_set_poll(McVm *vm, int (*poll)(void *arg), void *arg);
/* Where events go (NULL: nowhere, at no cost); `flags`: MC_EVENTS_*. */
MC_API void mc_vm_set_events(McVm *vm, McEventFn fn, void *arg, unsigned flags);
/* After a failed call every call fails at once with the same status
 * (results after a failure are meaningless); this clears it. */
MC_API void mc_vm_reset(McVm *vm);
/* The status of the last failure, or MC_OK. */
MC_API int mc_vm_status(const McVm *vm);

/* A history of positions for the repetition rule; NULL when out of memory. */
MC_API McHistory *mc_history_new(void);
MC_API void mc_history_free(McHistory *h);

/* The starting position of a game, advanced to its first decision and
 * recorded in `h` (may be NULL: no repetition rule). Returns MC_OK or a
 * status. */
MC_API int mc_start(McVm *vm, McPosition *p, McHistory *h);
/* The legal decisions at `p` into `out` (room for MC_MAX_MOVES), in a
 * fixed order; returns how many (0 when the game is over) or a status. */
MC_API int mc_moves(McVm *vm, const McPosition *p, McMove *out);
/* Applies `m`, one of the decisions mc_moves listed for `p` (this is not
 * checked: find a player's move with mc_find_move), and advances to the
 * next decision; returns MC_OK or a status (then `p` is meaningless: keep
 * a copy to go back). */
MC_API int mc_play(McVm *vm, McPosition *p, const McMove *m, McHistory *h);
/* A decision's token ("3", "6cw", "first:south", "fill:1,3"), written to
 * buf as snprintf would; returns the length it needs. */
MC_API int mc_move_token(const McRules *r, const McMove *m, char *buf, size_t n);
/* The index of the move written `tok` among `moves` (n of them), or -1. */
MC_API int mc_find_move(const McRules *r, const McMove *moves, int n, const char *tok);
/* Counts the move sequences of `depth` (>= 0) decisions from `p` into
 * *nodes (sending no event); returns MC_OK or a status. */
MC_API int mc_perft(McVm *vm, const McPosition *p, int depth, uint64_t *nodes);

/* The position as JSON (docs/positions.md), with its legal moves; a
 * malloc'd string, or NULL (out of memory, or the machine failed: see
 * mc_vm_status). */
MC_API char *mc_position_to_json(McVm *vm, const McPosition *p);
/* Reads a position written as JSON; returns MC_OK, or MC_EINVAL with a
 * message naming the field in err (`p` untouched). Settle it before
 * playing from it. */
MC_API int mc_position_from_json(const McRules *r, const char *text, size_t len, McPosition *p,
                                 char *err, size_t errlen);
/* Settles a position that did not come from mc_start or mc_play (one read
 * from JSON): runs what follows it without a decision, as after a move
 * (a player with no legal move passes, or the game ends), and records it
 * in `h` (may be NULL) as the first position of the repetition count.
 * Returns MC_OK or a status. */
MC_API int mc_settle(McVm *vm, McPosition *p, McHistory *h);
/* Seeds on the board, in stores and out of the game. */
MC_API long mc_seed_total(const McRules *r, const McPosition *p);
/* 1 if the decision due at `p` is nobody's but drawn at random (a lot,
 * MC_PHASE_LOT; a seed placed by chance, MC_PHASE_PLACE with the
 * variant's `setup.chance`): draw one of mc_moves uniformly (as
 * mc_player_choose does for every kind of player); else 0. */
MC_API int mc_is_chance(const McRules *r, const McPosition *p);

/* ---- computer players --------------------------------------------------- */

typedef struct McPlayer McPlayer;

/* A computer player for `r` from a description: "random", "greedy",
 * "alphabeta[:time=S|:depth=D]", "mcts[:time=S|:playouts=N][:c=X]"
 * (docs/playing.md), its random choices seeded by `seed`. NULL with a
 * message in err if the description is wrong or memory is short. */
MC_API McPlayer *mc_player_new(const McRules *r, const char *spec, uint64_t seed, char *err,
                               size_t errlen);
MC_API void mc_player_free(McPlayer *pl);
/* The index, among mc_moves(p), of the decision the player chooses at
 * `p` (a position that is not over), or a status. `stop` (may be NULL):
 * the choice ends early, with the best move so far, once *stop is
 * non-zero. */
MC_API int mc_player_choose(McPlayer *pl, const McPosition *p, volatile sig_atomic_t *stop);
/* The history of the game the player plays (the one its moves are played
 * with, whose last record is the position of the next choice), or NULL
 * (the default). A player with endgame databases ("alphabeta:db=DIR")
 * then knows at which positions the repetition rule would end the game;
 * it pushes records while it thinks and takes them back. `h` must
 * outlive its use. (3.6.0) */
MC_API void mc_player_set_history(McPlayer *pl, McHistory *h);

/* ---- solving ------------------------------------------------------------ */

/* An outcome under perfect play: who wins (MC_WIN_SOUTH, MC_WIN_NORTH or
 * MC_WIN_DRAW) and South's seeds less North's as the game (in a match,
 * the round) ends. */
typedef struct McValue {
    int winner;
    int margin;
} McValue;

/* What mc_solve finds. */
typedef struct McSolution {
    McValue value;                      /* of the position */
    int nmoves;                         /* its decisions, in mc_moves order */
    McValue move_value[MC_MAX_MOVES];   /* the value after each */
    int8_t move_bound[MC_MAX_MOVES];    /* 0: move_value is exact; with
                                           MC_SOLVE_SEARCH, for a move that
                                           does not keep the value: 1, it is
                                           at most that (seen from South),
                                           -1 at least */
    uint64_t positions;                 /* positions listed (searched) */
    double seconds;
} McSolution;

/* mc_solve's flags: a depth-first search (MTD(f), a table) instead of
 * listing every position reachable: faster, exact for games whose
 * positions never come back (docs/analysis.md). */
#define MC_SOLVE_SEARCH 1u

/* The exact value of `p` (a position where a decision is due, or one that
 * is over) and of each of its decisions, by retrograde analysis of every
 * position reachable from it (docs/analysis.md), in tables of at most
 * `memory` bytes, into *out. MC_OK, or a status with a message in `err`:
 * MC_ENOMEM (past `memory`), MC_EINTR (once *stop, which may be NULL, is
 * non-zero), MC_EINVAL (a position decided by lot, counts past what the
 * tables hold), MC_ETOOLONG (a sowing past the limit). It can take long
 * and much memory: run it on a thread of its own. (3.6.0) */
MC_API int mc_solve(const McRules *r, const McPosition *p, size_t memory, unsigned flags,
                    volatile sig_atomic_t *stop, McSolution *out, char *err, size_t errlen);

#ifdef __cplusplus
}
#endif

#endif
