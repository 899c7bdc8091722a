/* position.h: a game position and a decision, as the engine names them.
 *
 * They are the public plain values of mancala.h (McPosition, McMove) under
 * shorter names; the constants are the public ones too. A Position is
 * copyable with `=`; the two stores are the pseudo-holes STORE_HOLE(0) and
 * STORE_HOLE(1), which only the sowing track and expressions see. */
#ifndef MANCALA_POSITION_H
#define MANCALA_POSITION_H

#include <stdint.h>
#include "mancala.h"

#define MAX_ROWS        MC_MAX_ROWS
#define MAX_ROW_HOLES   MC_MAX_ROW_HOLES
#define MAX_HOLES       MC_MAX_HOLES
#define MAX_FLAGS       MC_MAX_FLAGS
#define MAX_PLAYERS     MC_MAX_PLAYERS
#define PL_MASK         (MAX_PLAYERS - 1)   /* a player number, from any int */
#define MAX_SEEDS       MC_MAX_SEEDS
#define MAX_MOVES       MC_MAX_MOVES
#define MAX_PLIES       MC_MAX_PLIES
#define STORE_HOLE(p)   MC_STORE(p)
#define NO_HOLE         MC_NO_HOLE

#define SOUTH       MC_SOUTH
#define NORTH       MC_NORTH
#define WIN_SOUTH   MC_WIN_SOUTH
#define WIN_NORTH   MC_WIN_NORTH
#define WIN_DRAW    MC_WIN_DRAW
#define WIN_NONE    MC_WIN_NONE
#define DIR_CCW     MC_CCW
#define DIR_CW      MC_CW

typedef McPhase Phase;
#define PH_PLAY     MC_PHASE_PLAY
#define PH_OPENING  MC_PHASE_OPENING
#define PH_FIRST    MC_PHASE_FIRST
#define PH_FILL     MC_PHASE_FILL
#define PH_HAND     MC_PHASE_HAND
#define PH_PLACE    MC_PHASE_PLACE
#define PH_SWAP     MC_PHASE_SWAP
#define PH_PICK     MC_PHASE_PICK
#define PH_MARK     MC_PHASE_MARK
#define PH_LOT      MC_PHASE_LOT
#define PH_PUT      MC_PHASE_PUT
#define PH_STEER    MC_PHASE_STEER
#define PH_COUNT    MC_PHASE_COUNT

typedef McEnd EndReason;
#define END_NONE        MC_END_NONE
#define END_RULE        MC_END_RULE
#define END_NO_MOVES    MC_END_NO_MOVES
#define END_BLOCKED     MC_END_BLOCKED
#define END_MUST        MC_END_MUST
#define END_REPETITION  MC_END_REPETITION
#define END_MATCH       MC_END_MATCH
#define END_MAX_ROUNDS  MC_END_MAX_ROUNDS
#define END_MAX_PLIES   MC_END_MAX_PLIES
#define END_LAST_PLAYER MC_END_LAST_PLAYER
#define END_COUNT       MC_END_COUNT

typedef mc_holes Mask;          /* a set of holes: bit i is hole i */

/* The set of hole h alone. */
static inline Mask bit(int h)
{
    const uint64_t b = (uint64_t)1 << (h & 63);
    return h & 64 ? (Mask)b << 64 : (Mask)b;
}

/* Is hole h (0..MAX_HOLES-1) in the mask m? (The word of h, then its bit:
 * fewer instructions than a shift of all 128 bits.) */
static inline int has_hole(Mask m, int h)
{
    const uint64_t w = h & 64 ? (uint64_t)(m >> 64) : (uint64_t)m;
    return (int)((w >> (h & 63)) & 1);
}

/* The holes 0..n-1 (n <= 64), in a word. */
static inline uint64_t mask64_n(int n)
{
    return n >= 64 ? ~(uint64_t)0 : ((uint64_t)1 << n) - 1;
}

/* The holes 0..n-1 (n <= MAX_HOLES). */
static inline Mask mask_n(int n)
{
    return n <= 64 ? (Mask)mask64_n(n) : (Mask)mask64_n(n - 64) << 64 | ~(uint64_t)0;
}

/* The holes a..a+len-1 (a + len <= MAX_HOLES); in one word where they fit
 * (all boards of up to 64 holes). */
static inline Mask run_mask(int a, int len)
{
    return a < 64 && a + len <= 64 ? (Mask)(mask64_n(len) << a) : mask_n(len) << a;
}

/* The lowest set bit of a non-zero mask. */
static inline int ctz_mask(Mask m)
{
    const uint64_t lo = (uint64_t)m;
    return lo ? __builtin_ctzll(lo) : 64 + __builtin_ctzll((uint64_t)(m >> 64));
}

/* The highest set bit of a non-zero mask. */
static inline int msb_mask(Mask m)
{
    const uint64_t hi = (uint64_t)(m >> 64);
    return hi ? 127 - __builtin_clzll(hi) : 63 - __builtin_clzll((uint64_t)m);
}

/* Is h a store (STORE_HOLE)? */
static inline int is_store(int h)
{
    return h >= STORE_HOLE(0) && h < STORE_HOLE(MAX_PLAYERS);
}

/* The number of holes in a mask. */
static inline int popcount_mask(Mask m)
{
    return __builtin_popcountll((uint64_t)m) + __builtin_popcountll((uint64_t)(m >> 64));
}

typedef McPosition Position;
typedef McMove Move;
/* Move.arg of a sowing: the relay-stop chance (low bits) and the choice. */
#define MOVE_CHOICE MC_MOVE_CHOICE
#define MOVE_STOP_MASK (MC_MOVE_CHOICE - 1u)
#define MOVE_GROUP(arg) ((int)((arg) >> MC_MOVE_GROUP_SHIFT))
typedef McMoveKind MoveKind;
#define MV_SOW      MC_MOVE_SOW
#define MV_FIRST    MC_MOVE_FIRST
#define MV_FILL     MC_MOVE_FILL
#define MV_PLACE    MC_MOVE_PLACE
#define MV_SWAP     MC_MOVE_SWAP
#define MV_STEP     MC_MOVE_STEP
#define MV_PICK     MC_MOVE_PICK
#define MV_MARK     MC_MOVE_MARK
#define MV_LOT      MC_MOVE_LOT
#define MV_PUT      MC_MOVE_PUT
#define MV_STORE    MC_MOVE_STORE
#define MV_SELECT   MC_MOVE_SELECT
#define MV_STEER    MC_MOVE_STEER

/* What Position.last_move says of the move that begins (engine.h's move_begins). */
enum { LM_TOOK = 15u,             /* bits 0-3: player p's last move took seeds */
       LM_PLACED = 16u,           /* it places a seed of the reserve */
       LM_STORED_SHIFT = 5,       /* bits 5-7: 1 + its entry of moves.store */
       LM_SELECTED = 256u,        /* it selects a hole (moves.select) */
       LM_CHOSEN = 512u,          /* a sowing made with the mover's choice (moves.choice) */
       LM_EXTRA = 1024u };        /* the move to make (or being made) is an extra turn */
#define LM_STORED(k) (((unsigned)(k) + 1u) << LM_STORED_SHIFT)
enum { SW_SWAPPED = 1u << 8 };    /* Position.sowed: sides were swapped this round (moves.swap) */

/* The fields of the JSON position (docs/positions.md): json.c writes and
 * reads them; a variant's flag may not take one of these names. */
#define POSITION_FIELDS(X)                                                   \
    X("variant") X("board") X("stores") X("to_move") X("over") X("winner")   \
    X("phase") X("round") X("starter") X("last_mover") X("removed")          \
    X("out_of_play") X("owners") X("holdings") X("totals") X("end") X("moves") X("plies")  \
    X("hand") X("hand_from") X("sowed") X("reserve") X("picks") X("pick_from") X("pick_rule") \
    X("last_move") X("debts") X("lot") X("put_from") X("swapped") X("counters") X("eliminated") X("steer")

/* The holes whose owner is `player`, of the owners' two bit masks
 * (Position.owner; McEvent.mask and mask2); holes past the board too. */
static inline Mask owners_of(Mask bit0, Mask bit1, int player)
{
    return (player & 1 ? bit0 : ~bit0) & (player & 2 ? bit1 : ~bit1);
}

/* The owner of hole h (0..MAX_PLAYERS-1). */
static inline int pos_owner(const Position *p, int h)
{
    return has_hole(p->owner[0], h) | has_hole(p->owner[1], h) << 1;
}

/* Hole h's owner set to `player`. */
static inline void pos_set_owner(Position *p, int h, int player)
{
    for (int k = 0; k < 2; k++)
        p->owner[k] = (player >> k & 1) ? p->owner[k] | bit(h) : p->owner[k] & ~bit(h);
}

/* The game is not over and the mover is in the middle of his move,
 * deciding where his hand is sown, the holes he picks or where he puts
 * what he took: perft counts the move with those decisions as one. */
static inline int pos_mid_move(const Position *p)
{
    return (p->phase == PH_HAND || p->phase == PH_PICK || p->phase == PH_PUT) && !p->over;
}

#endif
