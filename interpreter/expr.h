/* expr.h: the expression language of variant files.
 *
 * An expression (`last.count in {2, 4, 6}`) is parsed by the reentrant
 * bison/flex grammar in grammar/, type-checked against a scope (which
 * context names and which options exist where it is written), folded
 * (options are constants once a variant is loaded) and compiled to a
 * short stack program that ex_eval runs without allocating.
 *
 * Ownership: ex_compile allocates the program in the caller's arena;
 * nothing else is kept. On failure it reports to `dg` and leaves `out`
 * as an absent expression. */
#ifndef MANCALA_EXPR_H
#define MANCALA_EXPR_H

#include <stdint.h>
#include "arena.h"
#include "diag.h"
#include "position.h"

typedef enum ExType {
    T_VOID = 0, T_INT, T_BOOL, T_HOLE, T_PLAYER, T_HOLES, T_INTS, T_STRING,
    T_COUNT
} ExType;

/* Context names an expression may use, as a bit set: each key of a
 * variant file allows some of them (see docs/variant-format.md). */
enum {
    CX_STATE    = 1 << 0,  /* mover, opponent, starter, round, board, ... */
    CX_HOLE     = 1 << 1,  /* hole: the hole being tested */
    CX_ORIGIN   = 1 << 2,  /* origin: the hole this lap was lifted from */
    CX_START    = 1 << 3,  /* start: the hole the move started from */
    CX_LAST     = 1 << 4,  /* last: where the last seed of the move fell */
    CX_HAND     = 1 << 5,  /* hand: seeds still to sow on this lap */
    CX_CAPTURED = 1 << 6,  /* captured: seeds captured by this move */
    CX_REACHED  = 1 << 7,  /* reached(S): did this move sow into S */
    CX_PLAYER   = 1 << 8,  /* player: the player being scored */
    CX_DIR      = 1 << 9   /* next()/prev(): a sowing direction is known */
};

/* An option, visible to expressions as a constant. */
typedef struct ExOption {
    const char *name;
    ExType type;             /* T_BOOL, T_INT or T_STRING (an enum) */
    int64_t value;           /* bool/int value, or index into `values` */
    const char *const *values; /* enum: the allowed words */
    int nvalues;
} ExOption;

typedef struct ExScope {
    unsigned ctx;                  /* CX_* allowed here */
    const ExOption *options;
    int noptions;
    const char *const *flags;      /* per-hole flag names: hole.NAME */
    int nflags;
    const char *where;             /* for messages: "in `captures.when`" */
} ExScope;

/* One test of a conjunction the evaluator runs directly (see Expr). */
typedef struct ExAtom {
    uint8_t src;         /* what is tested: a context value, its hole's count,
                            owner, ... (private to expr.c) */
    uint8_t var;         /* which context value */
    uint8_t op;          /* comparison (private to expr.c) */
    uint8_t arg;         /* a context value compared with (EQV, NEV) */
    int32_t k;           /* a constant compared with */
    uint64_t set;        /* a set tested (IN) */
} ExAtom;

#define EX_MAX_ATOMS 4

/* A compiled expression. code == NULL: absent. */
typedef struct Expr {
    const int32_t *code;
    int32_t len;
    int16_t depth;       /* stack slots needed */
    uint8_t type;        /* ExType */
    uint8_t is_const;    /* folded to `value` */
    int64_t value;
    uint32_t uses;       /* CX_* names it reads */
    const char *src;     /* the text, for `show` */
    SrcLoc loc;
    /* natoms > 0: the program is `a and b and ...` (atoms_or: `a or b or
     * ...`) of simple tests such as `hole.count == 4`, `last.owner ==
     * mover` or `south.store > 24`, which ex_eval runs without the stack
     * machine (same result) */
    int natoms;
    int atoms_or;
    ExAtom atoms[EX_MAX_ATOMS];
} Expr;

/* Maps a byte offset inside an expression's text to a file position. */
typedef struct ExLocMap {
    SrcLoc (*map)(const void *self, int offset);
    const void *self;
} ExLocMap;

#define EX_MAX_LEN    4096  /* bytes of expression text */
#define EX_MAX_DEPTH  64    /* nesting of parentheses and operators */
#define EX_MAX_CODE   4096  /* program words */

/* Compiles `src` (len bytes) expecting `want` (T_VOID: any type). Returns 1
 * on success, 0 after reporting errors to `dg`. */
int ex_compile(Arena *ar, const char *src, int len, ExType want,
               const ExScope *scope, Diags *dg, const ExLocMap *lm, Expr *out);

const char *ex_type_name(ExType t);

/* Evaluation context: what the names of CX_* stand for right now. */
struct Rules;
typedef struct ExCtx {
    const struct Rules *rules;
    const Position *pos;
    int mover;
    int hole, origin, start, last;   /* hole indexes or NO_HOLE */
    int hand, captured;
    int dir;                          /* DIR_* of the sowing */
    int player;
    uint64_t reached;
} ExCtx;

int64_t ex_eval(const Expr *e, const ExCtx *cx);

/* Recognises `hole == origin` (either order), which the VM tests directly. */
int ex_is_hole_eq_origin(const Expr *e);
/* Recognises `hole.owner == mover and hole.count > K` (or `>= K`): sets
 * *min_count to the fewest seeds a hole needs. */
int ex_is_own_nonempty(const Expr *e, int *min_count);

/* Recognises an expression that is just the context name `name`. */
int ex_is_name(const Expr *e, const char *name);

/* What a condition on a dropped seed can hold for: the values of
 * hole.count and of hand for which `e` may be true (0..63 in `mask`; 64
 * and more when `big`). When `e` is a conjunction of comparisons of
 * `hole.count` and `hand` with constants only, `exact`: it is true for
 * exactly those values and need not be evaluated. Otherwise the sets are
 * what its tests of hole.count and hand allow (all, if none). */
typedef struct ExFilter1 {
    uint64_t mask;
    int big;
} ExFilter1;
typedef struct ExFilter {
    ExFilter1 count, hand;
    int exact;
} ExFilter;
void ex_filter(const Expr *e, ExFilter *f);

static inline int ex_true(const Expr *e, const ExCtx *cx)
{
    if (!e->code)
        return 0;
    if (e->is_const)
        return e->value != 0;
    return ex_eval(e, cx) != 0;
}

#endif
