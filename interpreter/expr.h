/* expr.h: the expression language of variant files.
 *
 * An expression (`last.count in {2, 4, 6}`) is parsed by the reentrant
 * bison/flex grammar in grammar/, type-checked against a scope (which
 * context names and which options exist where it is written) and folded
 * (options are constants once a variant is loaded: excheck.c), put in a
 * normal form when it is a conjunction or disjunction of simple tests
 * (exnorm.c), and compiled to a short stack program (exemit.c, operations
 * in opcodes.h) that ex_eval runs without allocating (exeval.c).
 *
 * Ownership: ex_compile allocates the program in the caller's arena;
 * nothing else is kept. On failure it reports to `dg` and leaves `out`
 * as an absent expression. */
#ifndef MANCALA_EXPR_H
#define MANCALA_EXPR_H

#include <stdint.h>
#include <stdio.h>
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
    CX_DIR      = 1 << 9,  /* next()/prev(): a sowing direction is known */
    CX_TRAIL    = 1 << 10  /* trail: the holes a steered lap has gone through */
};

/* The context values, by number (what each name stands for: ExCtx). */
typedef enum ExVar {
    EXV_MOVER, EXV_OPPONENT, EXV_STARTER, EXV_ROUND, EXV_HOLE, EXV_ORIGIN,
    EXV_START, EXV_LAST, EXV_HAND, EXV_CAPTURED, EXV_PLAYER, EXV_PLIES, EXV_STEP, EXV_BOARD, EXV_SOWN,
    EXV_PLACED, EXV_CLOCKWISE, EXV_STORED, EXV_SELECTED, EXV_CHOICE, EXV_STONE, EXV_EXTRA, EXV_DROPPED,
    EXV_TRAIL,
    EXV_COUNT
} ExVar;
/* Bits of ExScope.vars_used past the ExVars: a player's `sowed` or `cw`
 * is read (Position.sowed must be kept); reached() is called (with
 * `sown`: the holes a move sowed must be kept); a player's `took` is read
 * (Position.last_move must be kept). */
#define EXU_SOWED EXV_COUNT
#define EXU_REACHED (EXV_COUNT + 1)
#define EXU_TOOK (EXV_COUNT + 2)

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
    const char *const *counters;   /* per-player counter names: player.NAME */
    int ncounters;
    const char *const *bad_options; /* options declared with an error: a */
    int nbad_options;              /* use fails, unreported (the declaration is) */
    const char *where;             /* for messages: "in `captures.when`" */
    int plain;                     /* no fused instructions (reference mode) */
    int players;                   /* `players` (0: two) */
    uint32_t *options_used;        /* if not NULL: bit i set for each option read */
    unsigned *vars_used;           /* if not NULL: bit v set for each ExVar read
                                      (and EXU_SOWED) */
    SrcLoc *ahead_at;              /* if not NULL: where ahead() is first called
                                      (left alone while line is 0) */
} ExScope;

/* A value of the evaluator: a number (64 bits), a boolean, a hole, a
 * player, or a set (bit i: hole i, or the number i of 0..63), which needs
 * the 128 bits of MAX_HOLES. Numbers are kept within 64 bits. */
__extension__ typedef __int128 ExVal;

/* Comparisons. Their meaning is written once, here. IN: `a` is in the
 * set whose bits `b` holds (a hole index or a number; anything else is
 * not). */
typedef enum ExCmp { CMP_EQ, CMP_NE, CMP_LT, CMP_LE, CMP_GT, CMP_GE, CMP_IN, CMP_NOTIN } ExCmp;

static inline int ex_in(ExVal a, ExVal set)
{
    return a >= 0 && a < MAX_HOLES && has_hole((Mask)set, (int)a);
}

/* The same for a constant set of numbers (0..63). */
static inline int ex_in64(int64_t a, uint64_t set)
{
    return a >= 0 && a < 64 && ((set >> a) & 1);
}

static inline int ex_cmp(ExCmp op, ExVal a, ExVal b)
{
    switch (op) {
    case CMP_EQ: return a == b;
    case CMP_NE: return a != b;
    case CMP_LT: return a < b;
    case CMP_LE: return a <= b;
    case CMP_GT: return a > b;
    case CMP_GE: return a >= b;
    case CMP_IN: return ex_in(a, b);
    case CMP_NOTIN: return !ex_in(a, b);
    }
    return 0;
}

/* The normal form of a condition that is a conjunction (or disjunction)
 * of simple tests, each reading one value of the position and comparing
 * it with a constant or a context value: `hole.owner == mover and
 * hole.count > 0`. Equivalent spellings give the same tests: the subject
 * stands on the left (`0 < hole.count` is `hole.count > 0`); an integer
 * compared with a constant uses ==, !=, <=, >=, in or not in, and a
 * count (never negative) `>= 1` rather than `!= 0` or `> 0`; `not` is
 * pushed into the test; `X.number == Y.number` of a board hole is
 * `X == Y`; two context names compared stand in a fixed order; nested
 * `and`s (or `or`s) are one list. The order of the list is the text's.
 * A conjunction some of whose parts are not simple tests keeps the tests
 * it has and says so (`rest`).
 * Recognising shapes (plan.c) looks at this form, never at the program. */
typedef enum ExSubj {
    EXS_VALUE = 0,     /* the context value itself */
    EXS_NUMBER,        /* its hole's number (1..; 0 for no hole or a store) */
    EXS_COUNT,         /* seeds in its hole (or store) */
    EXS_OWNER,         /* its hole's owner (a store's player; -1 for no hole) */
    EXS_SET_SEEDS,     /* seeds in its hole set */
    EXS_ROW_SEEDS,     /* seeds in its player's row */
    EXS_STORE,         /* its player's store */
    EXS_INDEX          /* its hole's place in its row (1..width; 0 for no
                          hole or a store) */
} ExSubj;

#define EX_NO_VAR    0xff
#define EX_MAX_ATOMS 8

struct ExAtom;
struct ExCtx;
/* The test of one atom, chosen for its subject and comparison. */
typedef int (*ExTest)(const struct ExAtom *a, const struct ExCtx *cx);

typedef struct ExAtom {
    uint8_t subj;      /* ExSubj */
    uint8_t var;       /* the ExVar read, or with `player` set a constant player */
    uint8_t player;    /* `var` is the constant player 0/1 (south.store) */
    uint8_t op;        /* ExCmp */
    uint8_t rhs;       /* an ExVar compared with, or EX_NO_VAR: k or set */
    int32_t k;
    uint64_t set;      /* CMP_IN, CMP_NOTIN: a constant set of numbers */
    int64_t arg;       /* what a constant rhs is: set (in, not in) or k */
    ExTest test;       /* its test (ex_atom_test) */
} ExAtom;

typedef enum ExFormKind {
    EXF_OTHER = 0,     /* none of the shapes below */
    EXF_AND,           /* all atoms hold (one atom: EXF_AND of one) */
    EXF_OR,            /* some atom holds */
    EXF_NAME           /* just a context name (`take: hole`): `name` */
} ExFormKind;

typedef struct ExForm {
    uint8_t kind;      /* ExFormKind */
    uint8_t n;         /* atoms */
    uint8_t name;      /* EXF_NAME: the ExVar */
    uint8_t rest;      /* EXF_AND: other conditions hold too, which are not
                          simple tests: the atoms are necessary, not
                          sufficient (the form is not the whole condition) */
    ExAtom atoms[EX_MAX_ATOMS];
} ExForm;

/* A compiled expression. code == NULL: absent. */
typedef struct Expr {
    const int32_t *code;
    int32_t len;
    int16_t depth;       /* stack slots needed */
    uint8_t type;        /* ExType */
    uint8_t is_const;    /* folded to `value` (a number, or a set of numbers) */
    uint8_t direct;      /* ex_eval tests `form` instead of running the
                            program (chosen by plan.c; same result) */
    uint8_t facts;       /* EXF_*: what the loader's warnings look at */
    int64_t value;
    uint32_t uses;       /* CX_* names it reads */
    const char *src;     /* the text, for `show` */
    SrcLoc loc;
    ExForm form;
} Expr;

/* Expr.facts */
enum {
    EXF_OPTIONS = 1 << 0,     /* it reads an option */
    EXF_LAST_STORE = 1 << 1   /* it holds only when `last` is a store */
};

/* Is `e` given, and not false whatever the play? (A condition folded to
 * false, as one guarded by an option that is off, never holds.) */
static inline int ex_may_hold(const Expr *e)
{
    return e->code && !(e->is_const && !e->value);
}

/* Maps a byte offset inside an expression's text to a file position. */
typedef struct ExLocMap {
    SrcLoc (*map)(const void *self, int offset);
    const void *self;
} ExLocMap;

#define EX_MAX_LEN    4096  /* bytes of expression text */
#define EX_MAX_DEPTH  64    /* nesting of parentheses and operators */
#define EX_MAX_LETS   8     /* `let`s inside one another */
#define EX_MAX_CODE   4096  /* program words */
/* program words, each counted 64 times for each filter (`where`) it is
 * inside, as a filter runs its condition for each hole of its set (up to
 * 64 on most boards, 128 on the largest): a bound on the work of one
 * evaluation. Only filters inside filters can reach it. */
#define EX_MAX_COST   (64 * EX_MAX_CODE)

/* Compiles `src` (len bytes) expecting `want` (T_VOID: any type). Returns 1
 * on success, 0 after reporting errors to `dg`. */
int ex_compile(Arena *ar, const char *src, int len, ExType want,
               const ExScope *scope, Diags *dg, const ExLocMap *lm, Expr *out);

const char *ex_type_name(ExType t);
/* A word expressions reserve (keywords, context names, south, north): no
 * option may take it as its name. */
int ex_reserved(const char *name);
/* Is `name` a keyword of the scanner (`and`, `in`, `where`, `south`, ...)? */
int ex_keyword(const char *name);
/* A property every hole has (count, owner, ...): no flag may take it. */
int ex_hole_property(const char *name);
/* A property every player has (store, total, ...): no counter may take it. */
int ex_player_property(const char *name);

/* Evaluation context: what the names of CX_* stand for right now. The
 * context values are also an array indexed by ExVar (`v`), so that the
 * evaluator reads any of them with one load; ex_ctx_init keeps the ones
 * that follow from others (opponent, starter, round) right. */
struct McRules;
typedef struct ExCtx {
    const struct McRules *rules;
    const Position *pos;
    union {
        int v[EXV_BOARD];
        struct {
            int mover, opponent, starter, round;
            /* hole, origin and start are holes of the board whenever an
             * expression that reads them runs (the normal form relies on
             * it); last is a hole, a store (STORE_HOLE) or NO_HOLE */
            int hole, origin, start, last;
            int hand, captured, player, plies;
            int step;   /* the move is a step (moves.step) */
        };
    };
    int dir;                          /* DIR_* of the sowing */
    int stone;                        /* the piece just dropped: 1 + its place in
                                         board.stones, or 0 for a seed */
    int dropped;                      /* seeds the last place received at once */
    int heading;                      /* a steered lap's last step (sowing.steer):
                                         0 none, else 1 + HEAD_* */
    Mask trail;                       /* the holes a steered lap has gone through */
    Mask reached;
} ExCtx;

_Static_assert(EXV_MOVER == 0 && EXV_OPPONENT == 1 && EXV_STARTER == 2 && EXV_ROUND == 3 && EXV_HOLE == 4 &&
               EXV_ORIGIN == 5 && EXV_START == 6 && EXV_LAST == 7 && EXV_HAND == 8 && EXV_CAPTURED == 9 &&
               EXV_PLAYER == 10 && EXV_PLIES == 11 && EXV_STEP == 12 && EXV_BOARD == 13, "ExCtx.v follows ExVar");

/* A context for `mover` at `p` (rules `r`), no hole named. */
static inline void ex_ctx_init(ExCtx *cx, const struct McRules *r, const Position *p, int mover)
{
    cx->rules = r;
    cx->pos = p;
    cx->mover = mover;
    cx->opponent = !mover;
    cx->starter = p->starter;
    cx->round = p->round;
    cx->hole = cx->origin = cx->start = cx->last = NO_HOLE;
    cx->hand = cx->captured = cx->player = cx->step = 0;
    cx->plies = p->plies;
    cx->dir = 0;
    cx->stone = 0;
    cx->dropped = 0;
    cx->heading = 0;
    cx->trail = 0;
    cx->reached = 0;
}

/* The value of `e` (a constant; if `direct`, its normal form or the
 * context name it is; else the program). */
ExVal ex_compute(const Expr *e, const ExCtx *cx);
static inline int64_t ex_eval(const Expr *e, const ExCtx *cx)
{
    /* the common `take: last` read here, the rest in exeval.c */
    if (e->direct && e->form.kind == EXF_NAME && e->form.name < EXV_BOARD)
        return cx->v[e->form.name];
    return (int64_t)ex_compute(e, cx);
}
/* The value of an expression of a set of holes. */
static inline Mask ex_eval_set(const Expr *e, const ExCtx *cx)
{
    return (Mask)ex_compute(e, cx);
}
/* The program's value, never a short cut (tests compare the two). */
ExVal ex_run(const Expr *e, const ExCtx *cx);
/* The test function of an atom (exeval.c): one a subject and comparison,
 * so that testing an atom is a call and a few instructions. */
ExTest ex_atom_test(const ExAtom *a);

/* The value of a normal form (EXF_AND or EXF_OR, without `rest`). */
static inline int ex_test_form(const ExForm *f, const ExCtx *cx)
{
    const ExAtom *a = f->atoms, *end = a + f->n;
    if (f->kind == EXF_OR) {
        for (; a < end; a++)
            if (a->test(a, cx))
                return 1;
        return 0;
    }
    for (; a < end; a++)
        if (!a->test(a, cx))
            return 0;
    return 1;
}

static inline int ex_true(const Expr *e, const ExCtx *cx)
{
    if (!e->code)
        return 0;
    if (e->is_const)
        return e->value != 0;
    if (e->direct)   /* a normal form, or a bare name (`placed`) */
        return e->form.kind == EXF_NAME ? ex_compute(e, cx) != 0 : ex_test_form(&e->form, cx);
    return ex_run(e, cx) != 0;
}

/* What a condition can hold for: the values of V.count (V the context
 * name `var`: `hole` for a dropped seed, `last` for a capture) and of
 * hand for which `e` may be true (0..63 in `mask`; 64 and more when
 * `big`). When `e` is a conjunction of comparisons of V.count and `hand`
 * with constants only, `exact`: it is true for exactly those values and
 * need not be evaluated. Otherwise the sets are what its tests of V.count
 * and hand allow (all, if none). Read from the normal form. */
typedef struct ExFilter1 {
    uint64_t mask;
    int big;
} ExFilter1;
typedef struct ExFilter {
    ExFilter1 count, hand;
    int exact;
} ExFilter;
/* Is the value n (>= 0) in the set of a mask of 0..63 (bit n) and `big`
 * (64 and more)? The one reading of ExFilter1 and the plan's unions of
 * them. */
static inline int ex_filter_has(uint64_t mask, int big, int64_t n)
{
    return n < 64 ? (int)((mask >> n) & 1) : big != 0;
}
void nf_filter(const Expr *e, int var, ExFilter *f);

/* Writes the program of `e`, one instruction a line after `indent`, to
 * `f` (exdis.c). */
void dis_expr(const Expr *e, FILE *f, const char *indent);
/* Writes a normal form in words ("hole.count >= 1 and ...") to buf (n
 * bytes, cut if too small). */
void dis_form(const ExForm *form, char *buf, size_t n);

#endif
