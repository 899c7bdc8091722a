/* rules.h: the rule graph, the contract between the loader (load*.c) and
 * the engine (the VM's stages, plan.c).
 *
 * A Rules value is what a variant file means once its options are fixed:
 * plain data and compiled expressions (expr.h), each with the position in
 * the file it came from. The loader builds it and records which keys the
 * file gives (`features`); plan.c then chooses the engine's short cuts
 * (`plan`, all zero until then: the reference mode); the VM only reads it.
 * All memory belongs to `arena`: rules_free releases everything at once. */
#ifndef MANCALA_RULES_H
#define MANCALA_RULES_H

#include "arena.h"
#include "diag.h"
#include "expr.h"
#include "plan.h"
#include "position.h"

#define MAX_OPTIONS     32
#define MAX_ENUM_VALUES 16
#define MAX_CAPTURES    PLAN_MAX_EACH
#define MAX_TAKES       4
#define MAX_PATH        12       /* entries of sowing.path */
#define MAX_SETS        4        /* changes of one rule's `set` */
#define MAX_MUST        8
#define MAX_STORE_MOVES 4      /* entries of moves.store */
#define MAX_RELAY_STOPS 64     /* chances to stop offered in one move (relay-stop) */
#define MAX_ENDS        16
#define MAX_SETTLE      8        /* rules of match.settle */
#define MAX_TURN_START  8        /* rules of turn-start, of before-sowing */
#define MAX_ABOUT       16       /* texts of about.names, about.sources */
#define MAX_NAME        64

/* Who receives seeds (captures, the board at the end). */
typedef enum Receiver {
    RCV_MOVER = 0,      /* the player who moved */
    RCV_OPPONENT,
    RCV_OWNER,          /* each hole's owner */
    RCV_REMOVED,        /* out of the game */
    RCV_STAY,           /* nobody: the seeds stay where they are */
    RCV_LAST_MOVER,     /* the player who made the last move */
    RCV_STARTER,        /* the player who began the game */
    RCV_SOUTH,          /* the first player (RCV_SOUTH + p: player p) */
    RCV_NORTH,
    RCV_THIRD,          /* the third and fourth players: no word names them */
    RCV_FOURTH,
    RCV_COUNT
} Receiver;
_Static_assert(RCV_FOURTH == RCV_SOUTH + MAX_PLAYERS - 1, "a receiver for each player");

/* The words of the keys that take one of a few words, in the order the
 * file's words are listed (docs/variant-format.md): the loader's word
 * lists (loadsec.c) follow these enums, so a word's index is its value. */
typedef enum StoreKind { STORES_NONE = 0, STORES_OFF_TRACK, STORES_ON_TRACK } StoreKind;
typedef enum IntoStores { INTO_NONE = 0, INTO_OWN, INTO_BOTH } IntoStores;
typedef enum FirstSeed { FIRST_NEXT = 0, FIRST_ORIGIN } FirstSeed;
/* Where the large stones lifted with a lap's seeds are dropped (sowing.stones). */
typedef enum StoneOrder { STONES_FIRST = 0, STONES_LAST } StoneOrder;
typedef enum Laps { LAPS_SINGLE = 0, LAPS_RELAY } Laps;
typedef enum RelayFrom { RELAY_FROM_LAST = 0, RELAY_FROM_NEXT } RelayFrom;
typedef enum ChainDir { CHAIN_NONE = 0, CHAIN_FORWARD, CHAIN_BACKWARD } ChainDir;
typedef enum MustOtherwise { MUST_ALL = 0, MUST_END } MustOtherwise;
typedef enum NextRound { NEXT_RESET = 0, NEXT_FILL, NEXT_REDISTRIBUTE, NEXT_COPY } NextRound;
typedef enum FillChoice { CHOOSE_PLAYER = 0, CHOOSE_LEFT, CHOOSE_RIGHT } FillChoice;
/* match.leftover: who owns a hole left over by `next: redistribute` (the
 * larger remainder, or the player with fewer seeds), and whether it starts
 * empty with each remainder kept in its store. */
typedef enum Leftover { LEFTOVER_REMAINDER = 0, LEFTOVER_FEWER, LEFTOVER_FEWER_EMPTY } Leftover;
/* Who places his reserve in a setup: one player, each in turn (South's
 * whole reserve, then North's), or a seed each alternately. */
typedef enum SetupBy { SETUP_SOUTH = 0, SETUP_NORTH, SETUP_EACH, SETUP_ALTERNATE } SetupBy;

/* Keys the loader records as it reads them: a key that is present sets
 * its bit, whatever its value. plan.c reads these to choose short cuts;
 * a bit it does not know selects the general path, so a key added here
 * can never be skipped by a short cut written before it. */
enum {
    /* sowing and opening (SowRules.features) */
    FT_FIRST_SEED  = 1u << 0,
    FT_SKIP        = 1u << 1,
    FT_INTO_STORES = 1u << 2,
    FT_LAPS        = 1u << 3,
    FT_RELAY_FROM  = 1u << 4,
    FT_RELAY_WHILE = 1u << 5,
    FT_SPILL       = 1u << 6,
    FT_EACH_SEED   = 1u << 7,
    FT_LIFT        = 1u << 12,
    FT_RELAY_REVERSE = 1u << 13,
    FT_ENDLESS     = 1u << 15,
    FT_RELAY_STOP  = 1u << 16,
    FT_PATH        = 1u << 24,
    FT_HOLE_LIMIT  = 1u << 25,
    /* moves (Rules.move_features) */
    FT_FROM        = 1u << 8,
    FT_DIRECTION   = 1u << 9,
    FT_MARK        = 1u << 10,
    FT_MUST        = 1u << 11,
    FT_STEP        = 1u << 14,
    FT_PLACE       = 1u << 17,
    FT_MOVE_LIFT   = 1u << 18,
    FT_STORE_MOVE  = 1u << 19,
    FT_PER_HOLE    = 1u << 20,
    FT_SWAP        = 1u << 21,
    FT_RELAY_STORE = 1u << 22,
    FT_SELECT      = 1u << 23,
    FT_CHOICE      = 1u << 26,
    FT_MOVE_GROUP  = 1u << 27,
    FT_STONES      = 1u << 28,  /* sowing.stones (where the large stones go in a lap) */
    FT_STEER       = 1u << 29   /* sowing.steer (the mover chooses each place) */
};

typedef struct OptionDef {
    char name[MAX_NAME];
    ExType type;                 /* T_BOOL, T_INT, T_STRING (enum) */
    int64_t def, value;          /* enum: index into values */
    int64_t min, max;            /* T_INT bounds */
    int nvalues;                 /* enum words, or allowed ints if > 0 */
    const char *values[MAX_ENUM_VALUES];
    int64_t ivalues[MAX_ENUM_VALUES];
    const char *description;
    SrcLoc loc;
} OptionDef;

/* One entry of moves.store: a move that sows seeds of the mover's store
 * back onto the board, the first into the hole `into` names. */
typedef struct StoreMove {
    const char *name;            /* its word in the token (store:NAME); NULL: none */
    Expr when;                   /* where it is offered (absent: the store holds seeds) */
    Expr into;                   /* the hole the first seed goes into (state, direction) */
    Expr min, max;               /* the seeds sown, chosen (absent: all of them) */
    Expr cw, ccw;                /* where each direction is allowed (neither: ccw) */
    int also;                    /* offered besides the other moves, not instead */
    SrcLoc loc;
} StoreMove;

/* One change a rule makes to a hole's state (`set`): a flag set or
 * cleared, a new owner. */
typedef struct SetEffect {
    Expr at;                     /* the hole (absent: the rule's own hole) */
    int flag, clear;             /* flag set, flag cleared; -1: none */
    Expr owner;                  /* the hole's new owner (a player), if given */
    int counter;                 /* board.counters index changed, or -1 */
    Expr value, of;              /* its new value; whose (absent: the mover) */
    SrcLoc loc;
} SetEffect;

/* One capture rule: `when` holds on the landing hole -> take holes, then
 * make the changes of `set`. */
typedef struct CaptureRule {
    Expr when;
    Expr take[MAX_TAKES];
    int ntake;                   /* 0: the rule only sets */
    ChainDir chain;
    Expr chain_while;
    Expr chain_also;             /* with each chain hole, this one too */
    Expr sweep;                  /* take the holes of this set ... */
    Expr sweep_where;            /* ... where this holds of `hole` */
    Receiver to;
    Expr into;                   /* instead of `to`: the seeds go into this board hole */
    int cont;                    /* captures: the rules after it are tried too */
    Expr amount;                 /* at most this many seeds from each hole */
    int to_hand;                 /* each-seed: the seeds go to the hand and are
                                    sown from `sow_from` next */
    Expr sow_from;               /* with to_hand: where their first seed goes */
    Expr sow_choice[2];          /* with to_hand, instead of sow_from: the holes
                                    the mover chooses from, by DIR_* (PH_HAND) */
    Expr cancel_if;              /* undo the capture if it then holds */
    Expr pick_n, pick_from;      /* captures: then the mover picks up to pick_n
                                    holes of pick_from, one a decision (PH_PICK) */
    Expr put;                    /* captures, instead of `to`: the seeds taken go
                                    into a hole of this set the mover chooses (PH_PUT) */
    Expr each;                   /* turn-start: `for` each hole of this set (`hole`),
                                    take and into are evaluated again */
    SetEffect *set;              /* in the arena; nset of them */
    int nset;
    SrcLoc loc;
} CaptureRule;

typedef struct SowRules {
    FirstSeed first_seed;        /* the first seed into the next hole or the origin */
    Expr lift;                   /* seeds lifted from a lap's origin (absent: all) */
    Expr first_if;               /* FIRST_ORIGIN only where this holds (if given) */
    Expr skip;                   /* holes passed over */
    IntoStores into_stores;      /* which stores on the track take seeds */
    Laps laps;                   /* one lap, or relay laps */
    RelayFrom relay_from;        /* a relay lap lifts the landing hole or the next */
    Expr relay_next_if;          /* RELAY_FROM_NEXT only where this holds (if given) */
    int relay_store;             /* RELAY_FROM_NEXT: the mover's store, as the place
                                    after the landing hole, is sown on from */
    Expr relay_reverse;          /* the next relay lap sows the other way where this holds */
    Expr relay_while;            /* go on with another lap while this holds */
    Expr relay_stop;             /* where this holds as a relay lap is due, the
                                    mover may stop instead (moves with Move.arg) */
    Expr spill;                  /* at move start: seeds leave at a row's end */
    Expr per_hole;               /* seeds dropped at each place (absent: one) */
    int endless_after;           /* a relay that has dropped this many seeds when
                                    a lap is due counts as endless (0: only a
                                    repeat, or the limit, ends it) */
    CaptureRule each_seed[MAX_CAPTURES];
    int neach;
    Expr path[MAX_PATH];         /* npath > 0: the k-th seed of a lap goes to
                                    the place path[k mod npath] names */
    int npath;
    Expr hole_limit;             /* a seed into a hole that holds this many
                                    leaves the board (absent: no limit) */
    Expr steer;                  /* each seed into a hole of this set the mover
                                    chooses (phase steer; steer.c) */
    StoneOrder stones;           /* the lifted large stones: the lap's first
                                    places or its last (board.stones) ... */
    Expr stones_if;              /* ... STONES_LAST only where this holds (if given) */
    unsigned features;           /* FT_* of the keys given */
    SrcLoc loc;
} SowRules;

/* A legality filter that looks at each move's result. */
typedef struct MustRule {
    Expr when;                   /* before the move */
    Expr keep;                   /* on the move's result */
    MustOtherwise otherwise;
    Receiver seeds;              /* MUST_END: who takes the board */
    SrcLoc loc;
} MustRule;

/* A rule of match.settle: seeds passed between the holdings as a round
 * of a match ends, for each player in turn (round.c, settle). */
typedef enum SettleKind { SETTLE_GIVE = 0, SETTLE_LEND, SETTLE_BORROW, SETTLE_REPAY, SETTLE_N } SettleKind;
typedef struct SettleRule {
    Expr seeds[SETTLE_N];        /* as read: exactly one is given ... */
    int kind;                    /* ... this one (SettleKind) */
    SrcLoc loc;
} SettleRule;

typedef struct EndRule {
    Expr when;
    Expr winner;                 /* who wins (absent: more seeds in the store) */
    Receiver seeds;
    SrcLoc loc;
} EndRule;

/* Where the holes lie and how seeds travel: computed once from `board`
 * (board.c, geo_build). Rows are counted from South's edge (rank 0),
 * columns from South's left; holes are numbered round each side as its
 * player sees it (docs/variant-format.md, "The board"). A track is a
 * player's sowing circuit: next[player][dir][h] is the hole after h and
 * back[player][dir][h] the hole before it, sowing that way (NO_HOLE: h is
 * not on it). Clockwise sowing follows the counterclockwise circuit the
 * other way, unless the file gives it a track of its own (`track: {ccw:,
 * cw:}`, Katro's mirrored boustrophedon). A track that is the run of holes
 * ring_base..ring_base+ring_len-1 in number order (the two-row circuit,
 * each side's own rows) has ring_len > 0: the fast kernels need it. */
typedef enum TrackKind { TRACK_BOARD = 0, TRACK_OWN, TRACK_MIRROR, TRACK_LIST } TrackKind;

typedef struct TrackSpec {
    TrackKind kind;
    int8_t list[MAX_PLAYERS][MAX_HOLES];   /* TRACK_LIST: each player's track, in sowing order */
    int nlist[MAX_PLAYERS];
} TrackSpec;

typedef struct Geometry {
    /* what the file says (board.track) */
    TrackSpec spec[2];              /* [DIR_*]; spec[DIR_CW] only where `split` */
    int split;                      /* clockwise sowing has a track of its own */
    /* computed */
    uint8_t rank[MAX_HOLES];        /* row, 0 = South's edge */
    uint8_t column[MAX_HOLES];      /* column, 0 = South's left */
    uint8_t index[MAX_HOLES];       /* 1..width from its side's player's left */
    uint8_t depth[MAX_HOLES];       /* 1 = a row at the middle of the board */
    uint8_t side[MAX_HOLES];        /* the player who owns it at the start */
    int8_t opposite[MAX_HOLES];     /* the hole in its column across the middle */
    int8_t inner[MAX_HOLES], outer[MAX_HOLES];   /* a row nearer the middle,
                                       farther from it, same column and half */
    int8_t at[MAX_ROWS][MAX_ROW_HOLES];   /* [rank][column] -> hole */
    Mask side_mask[MAX_PLAYERS];    /* the holes of each side */
    int side_first[MAX_PLAYERS], side_len[MAX_PLAYERS];   /* a side that is a run of
                                       numbers; len 0 if not */
    Mask side_run[MAX_PLAYERS];     /* that run as a mask; 0 if not a run */
    int8_t next[MAX_PLAYERS][2][MAX_HOLES];   /* [player][DIR_*][h] -> the next hole */
    int8_t back[MAX_PLAYERS][2][MAX_HOLES];   /* [player][DIR_*][h] -> the hole before */
    /* a track that lists a hole twice (it crosses itself): next[] and
     * back[] give the hole's first listing; next2[] is the hole after its
     * second one, taken where the seed came from via2[] (the hole before
     * the second listing); NO_HOLE for the others */
    int8_t next2[MAX_PLAYERS][2][MAX_HOLES];
    int8_t via2[MAX_PLAYERS][2][MAX_HOLES];
    Mask twice[MAX_PLAYERS];        /* the holes listed twice on each player's track */
    Mask track_mask[MAX_PLAYERS];   /* the holes on each player's track */
    int ring_base[MAX_PLAYERS], ring_len[MAX_PLAYERS];
    int board_track;                /* every track is the whole board in number order */
} Geometry;

/* The rule graph. `struct McRules` is the opaque McRules of mancala.h. */
typedef struct McRules {
    Arena arena;
    char name[MAX_NAME];
    const char *title, *description, *file;
    uint32_t source_crc;             /* CRC-32 of the file's text (endgame databases are bound to it) */
    /* about: the catalogue's facts (loadabout.c); none changes the play */
    const char *names[MAX_ABOUT];    /* other names */
    int nnames;
    const char *sources[MAX_ABOUT];  /* books and pages, catalogue entries */
    int nsources;
    const char *region;              /* where, and by whom, it is played */
    const char *readings;            /* what the file chose where sources differ */
    const char *gaps;                /* what the sources describe that it does not play */
    const char *ludii;               /* its game in Ludii's catalogue */
    const char *mancalagames;        /* its game in MancalaGames */

    OptionDef options[MAX_OPTIONS];
    int noptions;

    /* board */
    int rows, width, nholes;     /* width: holes per row */
    int players;                 /* `players`: 2..MAX_PLAYERS */
    int pl_mask;                 /* a player from any value of a player
                                    expression: v & pl_mask (1 of two players:
                                    North for -1, no player, as ever; else 3) */
    int seeds;                   /* per hole at the start (the average, if they differ) */
    uint16_t initial[MAX_HOLES]; /* seeds in each hole at the start */
    int uniform;                 /* every hole starts with `seeds` */
    StoreKind stores;
    int store_seeds;             /* seeds in each store at the start of a game */
    Expr owner;                  /* board.owner (absent: halves by number) */
    Geometry geo;
    int nflags;
    const char *flags[MAX_FLAGS];
    unsigned stone_flags;        /* board.stones: bit f, flag f marks the hole
                                    holding a large stone (sown like a seed) */
    int8_t stone_counter[MAX_FLAGS]; /* a stone's flag f: the counter of its name
                                    (where a player counts it once taken), or -1 */
    int store_stone[2];          /* board.store-stones: the flag of the stone
                                    lying in South's (North's) store as a round
                                    begins, or -1; with either, stores hold large
                                    stones (a stone sown into one lies there) */
    int stores_hold;             /* board.store-stones is given */
    int ncounters;               /* board.counters: per-player whole numbers */
    const char *counters[MC_MAX_COUNTERS];
    int total_seeds;

    /* moves */
    Expr from;
    int from_dir;                /* the direction next() and prev() take in `from` */
    Expr dir_ccw, dir_cw;        /* where each direction is allowed */
    int mark_flag;               /* flag set on the origin, or -1 */
    MustRule must[MAX_MUST];
    int nmust;
    unsigned move_features;      /* FT_* of the `moves` keys given */

    SowRules sow;
    CaptureRule captures[MAX_CAPTURES];
    int ncaptures;
    CaptureRule turn_start[MAX_TURN_START];   /* applied in order as a turn begins */
    int nturn_start;
    CaptureRule before_sow[MAX_TURN_START];   /* ... after a sowing decision, before
                                                 its seeds are lifted */
    int nbefore_sow;
    Expr extra_turn;

    /* no legal move */
    Expr no_moves_pass;
    Receiver no_moves_seeds;
    int no_moves_loses;

    EndRule ends[MAX_ENDS];
    int nends;

    int repetition;              /* occurrences that end a game (2..100); 0: off */
    int repetition_draw;         /* and the game is then a draw */
    int uses_plies;              /* an expression reads `plies` (JSON writes it) */
    int uses_sowed;              /* an expression reads a player's `sowed`/`cw`:
                                    flow keeps Position.sowed (JSON writes it) */
    int uses_reached;            /* an expression reads `sown` or reached(): the
                                    sowing kernels keep SowInfo.reached */
    int uses_took;               /* an expression reads a player's `took`: the
                                    machine keeps bits 0-1 of Position.last_move
                                    (JSON writes them) */
    int uses_extra;              /* an expression reads `extra`: the machine keeps
                                    LM_EXTRA of Position.last_move (JSON writes it) */
    int keeps_last_move;         /* uses_took, uses_extra, has_place, nstore_moves, has_select or
                                    has_choice: Position.last_move is kept */
    /* moves.store: moves that sow seeds of the mover's store back onto
     * the board */
    StoreMove store_moves[MAX_STORE_MOVES];
    int nstore_moves;
    /* moves.swap: where it holds, the player to move may swap sides
     * instead of moving (the pie rule), once a game (round) */
    Expr swap_when;
    /* moves.step: where `step_when` holds, the mover's moves carry a seed
     * from a hole where `step_from` holds to the hole `step_to` names */
    int has_steps;
    Expr step_when, step_from, step_to;
    Expr step_to_any;            /* instead of step_to: a step to each hole of this set */
    Expr step_seeds;             /* the seeds a step carries (absent: one) */
    int has_picks;               /* a capture rule has `pick` (PH_PICK) */
    int has_puts;                /* a capture rule has `put` (PH_PUT) */
    int mid_move;                /* a move may stop for a decision (PH_HAND, PH_PICK,
                                    PH_PUT): positions carry hand, picks, hand_from */
    int step_also;               /* the steps are offered besides the sowings */
    int step_sow;                /* a step is a lap of one seed: sowing goes on */
    Expr step_cw, step_ccw;      /* with step_sow: where each direction is allowed
                                    (neither given: counterclockwise) */
    /* moves.place: where `place_when` holds (none: while the mover has seeds
     * in reserve), the mover's moves put a seed of his reserve into a hole
     * where `place_where` holds; each player starts a round with
     * `place_reserve` seeds in reserve */
    int has_place;
    Expr group_min, group_max;   /* moves.per-hole: the mover chooses how many
                                    seeds the first lap drops a place */
    int group_divides;           /* ... only numbers dividing the seeds lifted */
    Expr lift_min, lift_max;     /* moves.lift: the mover chooses how many seeds
                                    his sowing lifts, from lift_min to lift_max
                                    (`hole` the hole sown; absent: no choice) */
    Expr place_when, place_where;
    int place_reserve;
    int has_reserves;            /* has_setup or has_place: positions carry the
                                    players' reserves */
    int place_also;              /* the placements are offered besides the sowings */
    int place_sow;               /* a placement is a lap of one seed: sowing goes on */
    /* moves.select: where `select_when` holds, a move selects a hole where
     * `select_where` holds: nothing is sown, the capture rules run as
     * after a sowing that ended there */
    int has_select;
    Expr select_when, select_where;
    int select_also;             /* the selections are offered besides the sowings */
    /* moves.choice: where `choice_where` holds for its hole, a sowing move
     * may also be made "with the choice" (token H+, Move.arg MOVE_CHOICE;
     * the name `choice` is true during and after it) */
    int has_choice;
    Expr choice_where;
    const char *choice_says;     /* what the choice means, in words (or NULL) */
    int place_each;              /* a placement puts a seed into every hole where
                                    `where` holds, as one move (place:all) */
    Expr place_cw, place_ccw;    /* with place_sow: where each direction is allowed
                                    (neither given: counterclockwise) */
    /* setup: players place seeds of a reserve before the play (PH_PLACE),
     * then one may swap sides (PH_SWAP) */
    int has_setup;
    int setup_by;                /* SETUP_* */
    Expr setup_seeds;            /* each player's reserve (`player`) */
    Expr setup_where;            /* where a seed may go (`hole`, `mover`) */
    int setup_swap;              /* the player who may swap sides, or -1 */
    int setup_swapper_first;     /* setup.first: chooser: he moves first, swap or
                                    keep (0: keeping the board he does, swapping
                                    the other) */
    int setup_reserve[2];        /* setup_seeds of South, North */
    int setup_chance;            /* setup.chance: the seeds are placed by chance
                                    (each placement drawn, nobody's decision) */
    int setup_mark_flag;         /* setup.mark: the flag marked, or -1 ... */
    int setup_mark_north;        /* ... the flag North's marks set (north-flag;
                                    else setup_mark_flag) ... */
    int setup_mark_n;            /* ... how many holes each player marks ... */
    int setup_mark_by;           /* ... who marks (SETUP_*) ... */
    Expr setup_mark_where;       /* ... and where (`hole`, `mover`) (PH_MARK) */
    int starter_result;          /* a round begins with its predecessor's 1: winner,
                                    2: loser (0: starter_alternates says) */
    int hand_choice;
    int rec_extra;               /* hand_choice or has_setup: a repetition record
                                    has more words (history.c) */             /* an each-seed rule lets the mover choose where
                                    the hand is sown from (PH_HAND) */
    Receiver repetition_seeds;

    /* opening */
    int has_opening;
    int opening_by;
    Expr opening_from;
    int opening_dir;
    SowRules opening_sow;
    int first_chooser;           /* -1: none (or a lot: first_lot) */
    int first_lot;               /* first-player: chosen-by: lot */
    int first_begins;            /* first-player: begins: the player who makes
                                    the first move (no opening), or -1 */

    /* match */
    int match;
    int max_rounds;
    NextRound next;
    int fill_seeds;              /* the seeds a filled hole gets, if the same for
                                    every hole; else 0 (see fill) */
    uint16_t fill[MAX_HOLES];    /* match.fill-seeds of each hole */
    Expr fill_expr;              /* ... as written (for `show`) */
    FillChoice choose;
    int starter_alternates;
    int leftover_lot;            /* match.leftover-tie: lot */
    Leftover leftover;           /* match.leftover */
    int fill_even;               /* match.fill-even: each fills as many holes
                                    as the other can */
    int copy_opposite;           /* match.copy-opposite: the copier fills the holes facing
                                    the layer's (else his holes of the same index) */
    int fill_rest;               /* match.fill-rest: the seeds that pay for no
                                    full hole go into the next one */
    Mask keep;                   /* match.keep: holes whose seeds stay from
                                    round to round (never filled, always in play) */
    Expr keep_expr;              /* ... as written (for `show`) */
    Expr share;                  /* match.share: the seeds of a kept hole that go
                                    to `player` as a round ends (absent: none) */
    SettleRule settle[MAX_SETTLE];
    int nsettle;
    int has_debts;               /* a settle rule lends, borrows or repays */
    int has_lots;                /* first_lot or leftover_lot: a position may
                                    be in PH_LOT */
    Expr match_over;
    Expr match_score;
    Expr match_points;           /* added to each total as a round ends (absent: the store) */

    /* computer players: a position's value for `player` (absent: own
     * store minus the opponent's) */
    Expr evaluate;
    Expr eliminate;              /* `eliminate`: of `player`, after each move: he
                                    is out of the game (more than two players) */

    /* the engine's short cuts (plan.c); all zero: none */
    Plan plan;
} Rules;

/* How rules_load compiles expressions. */
enum {
    LOAD_PLAIN_CODE = 1   /* no fused instructions (the reference mode) */
};

/* Loads a variant from `text` (a NUL-terminated copy of the file, `len`
 * bytes, named `file` in messages). `opts` is a list of KEY=VALUE strings
 * (borrowed); `flags`: LOAD_*. Returns a new Rules without a plan (the
 * reference mode: see plan.h), or NULL after reporting every problem
 * found to `dg`. */
Rules *rules_load(const char *file, const char *text, size_t len,
                  const char *const *opts, int nopts, unsigned flags, Diags *dg);
void rules_free(Rules *r);
/* rules_load, then plan_build (api.c): rules ready to play. `mode`:
 * MC_LOAD_* of mancala.h (MC_LOAD_DEFAULT: the reference mode when the
 * environment variable MANCALA_VM is "general"). */
Rules *rules_open(const char *file, const char *text, size_t len, const char *const *opts, int nopts,
                  unsigned mode, Diags *dg);

/* Calls fn(arg, e, what) for every expression of the rules (`what` names
 * its key, as "captures.when"); for the plan and `show --plan`. */
void rules_each_expr(Rules *r, void (*fn)(void *arg, Expr *e, const char *what), void *arg);

/* Names for messages and `show`. */
const char *receiver_name(Receiver r);
int option_format(const OptionDef *o, int64_t v, char *buf, size_t n);

/* North's row as a hole set: who owns what when a game starts. */
Mask rules_north_holes(const Rules *r);
/* The owners of the holes at the start (Position.owner). */
void rules_owners(const Rules *r, Mask owner[2]);
/* A player's name in text: South and North of two players, Player 1..4
 * of more. */
const char *player_title(int players, int p);
/* ... in JSON and move tokens: south, north; p1..p4. */
const char *player_word(int players, int p);
/* The player a word of player_word() names, or -1. */
int player_of_word(int players, const char *s);

/* The hole at row `rank` (0 = South's edge) and column `col` (0 = South's
 * left) of a board of `rows` x `width`, in the numbering of
 * docs/variant-format.md. */
int geo_hole_at(int rows, int width, int rank, int col);
/* Where each hole of r's board lies (rank, column, index, depth,
 * opposite), and the default sides: the first half of the numbers
 * South's. */
void geo_layout(Rules *r);
/* The side masks and the tracks, from geo.side and geo.track; 0 and a
 * message in `why` if a track has fewer than two holes or lists a hole
 * more than once where a track that crosses itself may not. */
int geo_tracks(Rules *r, char *why, size_t n);

/* The hole after h on `player`'s track sowing `dir`, the seed having come
 * to h from `via` (NO_HOLE: none): after h's second listing where `via`
 * is the hole before it (a track that crosses itself), else its first. */
static inline int geo_after(const Geometry *g, int player, int dir, int h, int via)
{
    return via >= 0 && g->via2[player][dir][h] == via ? g->next2[player][dir][h] : g->next[player][dir][h];
}

/* The holes some player's track lists twice (0: no track crosses itself). */
static inline Mask geo_twice(const Rules *r)
{
    Mask m = 0;
    for (int p = 0; p < r->players; p++)
        m |= r->geo.twice[p];
    return m;
}

/* The ways a steered lap steps (sowing.steer), as changes of rank and
 * column; ExCtx.heading is 1 + one of them (0: no step yet). */
enum { HEAD_NORTH, HEAD_EAST, HEAD_SOUTH, HEAD_WEST, HEAD_N };
/* The change of rank (of column) of a step of heading d (HEAD_*). */
static inline int head_rank(int d)
{
    return d == HEAD_NORTH ? 1 : d == HEAD_SOUTH ? -1 : 0;
}
static inline int head_col(int d)
{
    return d == HEAD_EAST ? 1 : d == HEAD_WEST ? -1 : 0;
}

/* The hole at rank r, column c of a rows x width board (g->at), or NO_HOLE. */
static inline int geo_at(const Geometry *g, int rows, int width, int64_t r, int64_t c)
{
    return r >= 0 && r < rows && c >= 0 && c < width ? g->at[r][c] : NO_HOLE;
}

/* around(h): the holes next to hole h in its row and its column. */
static inline Mask geo_around(const Geometry *g, int rows, int width, int h)
{
    Mask m = 0;
    for (int d = 0; d < HEAD_N; d++) {
        int t = geo_at(g, rows, width, g->rank[h] + head_rank(d), g->column[h] + head_col(d));
        if (t >= 0)
            m |= bit(t);
    }
    return m;
}

/* The heading (1 + HEAD_*) of a step from hole a to hole b next to it;
 * 0 if they are not neighbours. */
static inline int geo_heading(const Geometry *g, int a, int b)
{
    for (int d = 0; d < HEAD_N; d++)
        if (g->rank[a] + head_rank(d) == g->rank[b] && g->column[a] + head_col(d) == g->column[b])
            return 1 + d;
    return 0;
}

/* ahead(h, k): the hole k steps from hole h on the heading (1 + HEAD_*),
 * backwards for a negative k; NO_HOLE past the board or with no heading. */
static inline int geo_ahead(const Geometry *g, int rows, int width, int h, int heading, int64_t k)
{
    if (heading < 1 || heading > HEAD_N || k < -MAX_ROW_HOLES || k > MAX_ROW_HOLES)
        return NO_HOLE;
    return geo_at(g, rows, width, g->rank[h] + k * head_rank(heading - 1), g->column[h] + k * head_col(heading - 1));
}

/* The holes `player` owns. */
static inline Mask owned_mask(const Rules *r, const Position *p, int player)
{
    return owners_of(p->owner[0], p->owner[1], player) & mask_n(r->nholes);
}

/* The player whose turn comes after `player`'s: the other of two; of
 * more, the next in the order of play still in the game. */
static inline int next_player(const Rules *r, const Position *p, int player)
{
    if (r->players == 2)
        return !player;
    for (int i = 1; i < r->players; i++) {
        int q = (player + i) % r->players;
        if (!(p->eliminated >> q & 1))
            return q;
    }
    return player;
}

/* Is the decision due at `p` nobody's, drawn at random (a lot, or a seed
 * placed by chance: setup.chance)? */
static inline int pos_chance(const Rules *r, const Position *p)
{
    return p->phase == PH_LOT || (p->phase == PH_PLACE && r->setup_chance);
}

/* What keeps the stores from being set apart from a position (solve
 * --stores-apart, the endgame databases): NULL, or the rule in words
 * (seeds sown back from a store; the players swapping sides). */
static inline const char *rules_stores_bound(const Rules *r)
{
    return r->nstore_moves ? "sow seeds from a store (moves.store)"
           : r->swap_when.code || r->setup_swap >= 0 ? "let the players swap sides"
                                                     : NULL;
}

/* The place after h (a hole or a store) on `mover`'s track, way `dir`,
 * stores included where the sowing goes into them, holes out of play
 * passed over (board.c): where stores hold large stones
 * (board.store-stones), next(), prev() and capture chains go this way;
 * NO_HOLE if there is none. */
int bd_place_step(const Rules *r, const Position *p, int h, int dir, int mover);

/* The large stones lying in store t (a STORE_HOLE), as bits of their
 * flags: none but where stores hold them (board.store-stones). */
static inline unsigned store_stones_at(const Rules *r, const Position *p, int t)
{
    return r->stores_hold ? p->store_stones[t - MAX_HOLES] & r->stone_flags : 0;
}

/* The large stones (board.stones) in hole h (a store: those lying in
 * it, board.store-stones). */
static inline int hole_stones(const Rules *r, const Position *p, int h)
{
    if (is_store(h))
        return __builtin_popcount(store_stones_at(r, p, h));
    int n = 0;
    for (unsigned m = r->stone_flags; m; m &= m - 1)
        n += has_hole(p->flags[__builtin_ctz(m)], h);
    return n;
}

/* The flag `who`'s marks set (setup.mark: `flag`, or North's `north-flag`). */
static inline int rnd_mark_flag(const Rules *r, int who)
{
    return who == NORTH && r->setup_mark_north >= 0 ? r->setup_mark_north : r->setup_mark_flag;
}

/* The holes marked so far (setup.mark, with either player's flag). */
static inline Mask rnd_marked(const Rules *r, const Position *p)
{
    return p->flags[r->setup_mark_flag] | p->flags[rnd_mark_flag(r, NORTH)];
}

#endif
