/* position.h: a game position and a decision, as plain values.
 *
 * A Position is copyable with `=` and compared with pos_equal; it holds
 * no pointer. Holes are indexed 0..nholes-1 (hole number - 1, counting
 * counterclockwise from South's leftmost hole); the two stores are the
 * pseudo-holes STORE_HOLE(0) and STORE_HOLE(1), which only the sowing
 * track and expressions see. */
#ifndef MANCALA_POSITION_H
#define MANCALA_POSITION_H

#include <stdint.h>

#define MAX_ROWS        2    /* rows the VM plays today (the format allows more) */
#define MAX_ROW_HOLES   32   /* holes in one row */
#define MAX_HOLES       64   /* rows * holes */
#define MAX_FLAGS       8    /* named per-hole flags a variant may declare */
#define MAX_SEEDS       30000 /* seeds on the board, all holes together */
#define STORE_HOLE(p)   (MAX_HOLES + (p))
#define NO_HOLE         (-1)

enum { SOUTH = 0, NORTH = 1 };
enum { WIN_SOUTH = 0, WIN_NORTH = 1, WIN_DRAW = 2, WIN_NONE = 3 };

/* Phases of a game: where the next decision comes from. */
typedef enum Phase {
    PH_PLAY = 0,     /* a sowing move */
    PH_OPENING,      /* a special opening sowing */
    PH_FIRST,        /* a choice of who makes the first regular move */
    PH_FILL,         /* a choice of holes to fill at a round's setup */
    PH_COUNT
} Phase;

/* Why a game (or round) ended. */
typedef enum EndReason {
    END_NONE = 0,
    END_RULE,        /* one of the variant's `end:` rules */
    END_NO_MOVES,    /* the player to move had no legal move */
    END_BLOCKED,     /* neither player could move */
    END_MUST,        /* a `must` filter left no move: `otherwise: end` */
    END_REPETITION,  /* third occurrence of a position */
    END_MATCH,       /* the match is decided */
    END_MAX_ROUNDS,  /* the match reached its round cap */
    END_COUNT
} EndReason;

typedef struct Position {
    uint16_t count[MAX_HOLES];   /* seeds in each hole */
    uint64_t north_owned;        /* bit i: hole i owned by North */
    uint64_t flags[MAX_FLAGS];   /* bit i of flags[f]: flag f set on hole i */
    uint64_t out_of_play;        /* bit i: hole i out of play this round */
    int32_t store[2];            /* seeds held by South, North */
    int32_t total[2];            /* match totals of finished games */
    int32_t removed;             /* seeds out of the game */
    uint16_t round;              /* 1-based round (game) of a match */
    uint8_t to_move;             /* SOUTH or NORTH */
    uint8_t starter;             /* who began this round */
    uint8_t last_mover;          /* who made the last decision */
    uint8_t phase;               /* Phase */
    uint8_t over;                /* the game (match) is over */
    uint8_t winner;              /* WIN_* */
    uint8_t end;                 /* EndReason of the last game/round end */
    uint8_t pad[3];
} Position;

/* A decision. */
typedef enum MoveKind { MV_SOW = 0, MV_FIRST, MV_FILL } MoveKind;
enum { DIR_CCW = 0, DIR_CW = 1 };

typedef struct Move {
    uint8_t kind;      /* MoveKind */
    uint8_t hole;      /* MV_SOW: origin hole index */
    uint8_t dir;       /* MV_SOW: DIR_*; MV_FIRST: the player chosen */
    uint8_t show_dir;  /* MV_SOW: the token carries cw/ccw */
    uint32_t pad;
    uint64_t holes;    /* MV_FILL: bit i = fill hole i */
} Move;

static inline int pos_owner(const Position *p, int h)
{
    return (int)((p->north_owned >> h) & 1);
}

#endif
