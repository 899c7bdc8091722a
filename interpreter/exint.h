/* exint.h: what the stages of the expression compiler share (expr.c,
 * excheck.c, exnorm.c, exemit.c, exeval.c, exdis.c); nothing outside them
 * includes it.
 *
 * The checker (excheck.c) annotates each node of the syntax tree (exast.h)
 * with its type, its folded value if it is constant, and what it chose
 * (which function, property or context value). The normaliser and the
 * emitter read the tree and these annotations. */
#ifndef MANCALA_EXINT_H
#define MANCALA_EXINT_H

#include "exast.h"
#include "expr.h"
#include "opcodes.h"

/* What the checker learns of a node. */
typedef struct Ann {
    ExType type;
    int is_const;
    int64_t value;
    const ExOption *eopt;    /* an enum option (compared with words) */
} Ann;

/* `fn` of a node's annotation, besides an index into ex_fns or ex_props
 * or an ExVar: */
enum {
    FN_NONE = -1,            /* nothing chosen (literals, operators) */
    FN_RIGHT = -2,           /* an `and`/`or` reduced to its right side */
    FN_LEFT = -3,            /* ... to its left side */
    FN_COUNTER = 500,        /* FN_COUNTER + i: the board's counter i (of a player) */
    FN_FLAG = 1000,          /* FN_FLAG + i: the board's flag i (of a hole) */
    FN_SETFLAG = 2000,       /* FN_SETFLAG + i: the holes of a set with flag i */
    FN_LOCAL = 3000          /* FN_LOCAL + i: the name of the i-th enclosing
                                `let` (0: the outermost) */
};

typedef struct AnnSlot {
    const ExNode *node;
    Ann ann;
    int fn;
} AnnSlot;

/* The annotations of one tree, in the parse arena. */
typedef struct Tab {
    AnnSlot *slots;
    int n, cap;
    Arena *ar;
} Tab;

/* The annotation of `n`, or NULL. */
const AnnSlot *tab_get(const Tab *t, const ExNode *n);

/* The vocabulary (expr.c). */
typedef struct VarDef {
    const char *name;
    ExVar var;
    ExType type;
    unsigned need;           /* CX_* it needs */
} VarDef;
typedef struct FnDef {
    const char *name;
    int op;                  /* EXO_* */
    ExType arg, arg2, ret;   /* arg2 T_VOID: one argument */
    unsigned need;
} FnDef;
typedef struct PropDef {
    const char *name;
    int op;                  /* EXO_* */
    ExType on, ret;
    unsigned need;
} PropDef;
extern const VarDef ex_vars[];
extern const int ex_nvars;
extern const FnDef ex_fns[];
extern const int ex_nfns;
extern const PropDef ex_props[];
extern const int ex_nprops;

/* Which comparison a tree operator is (OP_EQ..OP_NOTIN), and which
 * arithmetic result (OP_ADD..OP_MOD): written once, for folding and
 * evaluation alike. */
ExCmp ex_cmp_of(ExOp op);
static inline int64_t ex_arith(ExOp op, int64_t a, int64_t b)
{
    uint64_t ua = (uint64_t)a, ub = (uint64_t)b;
    switch (op) {
    case OP_ADD: return (int64_t)(ua + ub);
    case OP_SUB: return (int64_t)(ua - ub);
    case OP_MUL: return (int64_t)(ua * ub);
    case OP_DIV: return b == 0 || (a == INT64_MIN && b == -1) ? 0 : a / b;
    case OP_MOD: return b == 0 || (a == INT64_MIN && b == -1) ? 0 : a % b;
    default: return 0;
    }
}

/* Type-checks and folds the tree `root` (excheck.c): annotations into `t`,
 * the CX_* names used into *uses, the root's annotation into *out.
 * Returns 1, or 0 after reporting to `dg`. */
int ck_tree(Tab *t, ExNode *root, const ExScope *sc, Diags *dg, const ExLocMap *lm, Ann *out,
            uint32_t *uses);

/* The normal form of a checked tree (exnorm.c); EXF_OTHER if it has none. */
void nf_build(const Tab *t, const ExNode *root, ExForm *out);

/* Writes the program of a checked tree (exemit.c) into code[0..cap):
 * returns its length, or -1 if it needs more than `cap` words; *depth:
 * the stack slots it needs; *cost: its words, each counted 64 times for
 * each filter it is inside (EX_MAX_COST). `plain`: no fused instructions. */
int em_program(const Tab *t, const ExNode *root, int plain, int32_t *code, int cap, int *depth,
               uint64_t *cost);

#endif
