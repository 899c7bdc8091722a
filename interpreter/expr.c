/* expr.c: type checking, folding, compiling and running expressions.
 *
 * The grammar (grammar/expr.y) gives a tree; ck() gives every node a type
 * and folds what is constant (options are constants once a variant is
 * loaded); emit() writes a stack program (operations below); ex_eval runs
 * it on an int64 stack of at most EX_MAX_DEPTH slots. Values on the stack:
 * ints, bools (0/1), holes (index, NO_HOLE, or STORE_HOLE(p)), players
 * (0/1) and sets (64-bit masks: of hole indexes, or of ints 0..63). */
#include "expr.h"

#include <stdarg.h>
#include <stdio.h>
#include <string.h>

#include "exast.h"
#include "rules.h"
#include "expr.tab.h"
#include "expr.lex.h"

/* The operations, one line of meaning each. Stack effect after the colon. */
#define EX_OPS(X)                                                           \
    X(PUSH,     "push the next word as a value               : -> v")      \
    X(PUSH64,   "push the next two words as a 64-bit mask    : -> m")      \
    X(VAR,      "push context value number <next word>       : -> v")      \
    X(COUNT,    "seeds in a hole (or store)                  : h -> n")    \
    X(OWNER,    "owner of a hole                             : h -> p")    \
    X(ROWOF,    "player whose row holds the hole             : h -> p")    \
    X(INDEX,    "1..width from the left of the hole's row    : h -> n")    \
    X(NUMBER,   "hole number 1..2N                           : h -> n")    \
    X(OUT,      "hole is out of play                         : h -> b")    \
    X(ISSTORE,  "hole is a store                             : h -> b")    \
    X(FLAG,     "flag <next word> set on the hole            : h -> b")    \
    X(PSTORE,   "seeds in the player's store                 : p -> n")    \
    X(PTOTAL,   "player's match total                        : p -> n")    \
    X(OTHER,    "the other player                            : p -> p")    \
    X(ROW,      "the holes of the player's row               : p -> S")    \
    X(OWNED,    "the holes the player owns                   : p -> S")    \
    X(OPPOSITE, "the hole facing it                          : h -> h")    \
    X(NEXT,     "the next hole in the sowing direction       : h -> h")    \
    X(PREV,     "the previous hole in the sowing direction   : h -> h")    \
    X(STOREOF,  "the player's store as a hole                : p -> h")    \
    X(HOLENUM,  "the hole numbered n                         : n -> h")    \
    X(SEEDS,    "seeds in the holes of a set                 : S -> n")    \
    X(SIZE,     "holes in a set                              : S -> n")    \
    X(NONEMPTY, "non-empty holes in a set                    : S -> n")    \
    X(SMAX,     "most seeds in a hole of the set (0 if none) : S -> n")    \
    X(SMIN,     "fewest seeds in a hole of the set (0 if none): S -> n")   \
    X(REACHED,  "this move dropped a seed into the set       : S -> b")    \
    X(IMAX,     "larger of two ints                          : a b -> n")  \
    X(IMIN,     "smaller of two ints                         : a b -> n")  \
    X(ADD,      "a + b                                       : a b -> n")  \
    X(SUB,      "a - b                                       : a b -> n")  \
    X(MUL,      "a * b                                       : a b -> n")  \
    X(DIV,      "a / b, 0 when b is 0                        : a b -> n")  \
    X(MOD,      "a % b, 0 when b is 0                        : a b -> n")  \
    X(NEG,      "-a                                          : a -> n")    \
    X(EQ,       "a == b                                      : a b -> b")  \
    X(NE,       "a != b                                      : a b -> b")  \
    X(LT,       "a < b                                       : a b -> b")  \
    X(LE,       "a <= b                                      : a b -> b")  \
    X(GT,       "a > b                                       : a b -> b")  \
    X(GE,       "a >= b                                      : a b -> b")  \
    X(IN,       "element in set (out of 0..63: false)        : v S -> b")  \
    X(NOT,      "logical not                                 : b -> b")    \
    X(SETADD,   "add an element to a set                     : S v -> S")  \
    X(JFK,      "jump to <next word> keeping a false top; else drop it : b -> b|")\
    X(JTK,      "jump to <next word> keeping a true top; else drop it  : b -> b|")\
    X(JFP,      "jump to <next word> if top is false, pop it : b ->")      \
    X(JMP,      "jump to <next word>                         : ->")        \
    X(POP,      "drop the top                                : v ->")      \
    /* fused forms the compiler emits for common shapes */                  \
    X(VCOUNT,   "seeds in context hole <next word>           : -> n")      \
    X(VOWNER,   "owner of context hole <next word>           : -> p")      \
    X(VPSTORE,  "store of context player <next word>         : -> n")      \
    X(KPSTORE,  "store of player <next word>                 : -> n")      \
    X(VROWSEEDS, "seeds in the row of context player <next word> : -> n")  \
    X(VSEEDS,   "seeds in the context hole set <next word>   : -> n")      \
    X(KROWSEEDS, "seeds in the row of player <next word>     : -> n")      \
    X(EQK,      "a == <next word>                            : a -> b")    \
    X(NEK,      "a != <next word>                            : a -> b")    \
    X(LTK,      "a < <next word>                             : a -> b")    \
    X(LEK,      "a <= <next word>                            : a -> b")    \
    X(GTK,      "a > <next word>                             : a -> b")    \
    X(GEK,      "a >= <next word>                            : a -> b")    \
    X(INK,      "a in the set of the next two words          : a -> b")    \
    X(EQV,      "a == context value <next word>              : a -> b")    \
    X(NEV,      "a != context value <next word>              : a -> b")    \
    X(END,      "stop; the result is the top                 :")

enum {
#define X(name, doc) EXO_##name,
    EX_OPS(X)
#undef X
    EXO_COUNT_
};

/* Where a simple test's value comes from (ExAtom.src, find_atoms). */
enum {
    ATOM_VALUE = 0,    /* the context value itself */
    ATOM_COUNT,        /* seeds in its hole (or store) */
    ATOM_OWNER,        /* its hole's owner */
    ATOM_SET_SEEDS,    /* seeds in its hole set */
    ATOM_ROW_SEEDS,    /* seeds in its player's row */
    ATOM_STORE,        /* its player's store */
    ATOM_KROW_SEEDS,   /* seeds in the row of player `var` */
    ATOM_KSTORE        /* the store of player `var` */
};

/* Context values for EXO_VAR. */
enum { V_MOVER, V_OPPONENT, V_STARTER, V_ROUND, V_HOLE, V_ORIGIN, V_START,
       V_LAST, V_HAND, V_CAPTURED, V_PLAYER, V_BOARD, V_TO_MOVE };

const char *ex_type_name(ExType t)
{
    static const char *const names[T_COUNT] = {
        "nothing", "number", "boolean", "hole", "player", "hole set",
        "number set", "string"
    };
    return (unsigned)t < T_COUNT ? names[t] : "?";
}

/* ---- checking --------------------------------------------------------- */

typedef struct Ck {
    const ExScope *sc;
    Diags *dg;
    const ExLocMap *lm;
    int errors;
    uint32_t uses;
} Ck;

static SrcLoc where(const Ck *c, int off)
{
    if (c->lm)
        return c->lm->map(c->lm->self, off);
    return (SrcLoc){ 0, 0 };
}

static void err(Ck *c, const ExNode *n, const char *fmt, ...) DG_PRINTF(3, 4);
static void err(Ck *c, const ExNode *n, const char *fmt, ...)
{
    char buf[400];
    va_list ap;
    va_start(ap, fmt);
    vsnprintf(buf, sizeof buf, fmt, ap);
    va_end(ap);
    c->errors++;
    if (c->sc->where)
        dg_error(c->dg, where(c, n->at.start), "%s %s", buf, c->sc->where);
    else
        dg_error(c->dg, where(c, n->at.start), "%s", buf);
}

/* What the checker learns of a node: its type and, if folded, its value. */
typedef struct Ann {
    ExType type;
    int is_const;
    int64_t value;
    const ExOption *eopt;
} Ann;

static const struct { const char *name; int var; ExType type; unsigned need; } vars[] = {
    { "mover",    V_MOVER,    T_PLAYER, CX_STATE },
    { "opponent", V_OPPONENT, T_PLAYER, CX_STATE },
    { "starter",  V_STARTER,  T_PLAYER, CX_STATE },
    { "round",    V_ROUND,    T_INT,    CX_STATE },
    { "board",    V_BOARD,    T_HOLES,  CX_STATE },
    { "hole",     V_HOLE,     T_HOLE,   CX_HOLE },
    { "origin",   V_ORIGIN,   T_HOLE,   CX_ORIGIN },
    { "start",    V_START,    T_HOLE,   CX_START },
    { "last",     V_LAST,     T_HOLE,   CX_LAST },
    { "hand",     V_HAND,     T_INT,    CX_HAND },
    { "captured", V_CAPTURED, T_INT,    CX_CAPTURED },
    { "player",   V_PLAYER,   T_PLAYER, CX_PLAYER },
};

static const char *ctx_where(unsigned need)
{
    switch (need) {
    case CX_STATE:    return "where the game state is known";
    case CX_HOLE:     return "in conditions on a hole (`from`, `while`, `skip`, `each-seed`)";
    case CX_ORIGIN:   return "during a sowing (`sowing`, `captures`)";
    case CX_START:    return "during a move (`sowing`, `captures`, `must.keep`)";
    case CX_LAST:     return "once a move has sown its last seed (`captures`, `extra-turn`, `end`, `must.keep`, `relay-while`)";
    case CX_HAND:     return "in `each-seed` rules";
    case CX_CAPTURED: return "after a move's captures (`must.keep`, `cancel-if`, `extra-turn`, `end`)";
    case CX_PLAYER:   return "in `match.score` and `evaluate`";
    case CX_REACHED:  return "in `must.keep`";
    case CX_DIR:      return "during a move";
    default:          return "here";
    }
}

static int need(Ck *c, const ExNode *n, unsigned what, const char *name)
{
    c->uses |= what;
    if (c->sc->ctx & what)
        return 1;
    err(c, n, "`%s` is not available here: it is known only %s", name, ctx_where(what));
    return 0;
}

static int64_t fold_bin(ExOp op, int64_t a, int64_t b)
{
    uint64_t ua = (uint64_t)a, ub = (uint64_t)b;
    switch (op) {
    case OP_ADD: return (int64_t)(ua + ub);
    case OP_SUB: return (int64_t)(ua - ub);
    case OP_MUL: return (int64_t)(ua * ub);
    case OP_DIV: return b == 0 || (a == INT64_MIN && b == -1) ? 0 : a / b;
    case OP_MOD: return b == 0 || (a == INT64_MIN && b == -1) ? 0 : a % b;
    case OP_EQ: return a == b;
    case OP_NE: return a != b;
    case OP_LT: return a < b;
    case OP_LE: return a <= b;
    case OP_GT: return a > b;
    case OP_GE: return a >= b;
    case OP_IN: return a >= 0 && a < 64 && ((ub >> a) & 1);
    case OP_NOTIN: return !(a >= 0 && a < 64 && ((ub >> a) & 1));
    case OP_AND: return a && b;
    case OP_OR: return a || b;
    }
    return 0;
}

static const char *op_text(ExOp op)
{
    static const char *const t[] = { "?", "+", "-", "*", "/", "%", "==", "!=",
        "<", "<=", ">", ">=", "in", "not in", "and", "or" };
    return (unsigned)op < sizeof t / sizeof *t ? t[op] : "?";
}

static int want(Ck *c, const ExNode *n, const Ann *a, ExType t, const char *what)
{
    if (a->type == t || a->type == T_VOID)
        return 1;
    err(c, n, "%s must be a %s, not a %s", what, ex_type_name(t), ex_type_name(a->type));
    return 0;
}

/* Resolves `"word" == option` comparisons: returns 1 if handled. */
static int ck_enum_cmp(Ck *c, ExNode *n, Ann *a, Ann *b, Ann *out)
{
    if (a->type != T_STRING || b->type != T_STRING)
        return 0;
    const ExOption *o = a->eopt ? a->eopt : b->eopt;
    const ExNode *lit = a->eopt ? n->b : n->a;
    const Ann *la = a->eopt ? b : a;
    out->type = T_BOOL;
    out->is_const = 1;
    if (a->eopt && b->eopt) {
        err(c, n, "compare an option that takes words with a quoted word, not with another option");
        return 1;
    }
    if (!o) {
        err(c, n, "strings can only be compared with an option that takes words");
        return 1;
    }
    const char *word = lit->kind == N_STR ? lit->name : NULL;
    if (!word) {
        err(c, lit, "compare the option `%s` with a quoted word", o->name);
        return 1;
    }
    int idx = -1;
    for (int i = 0; i < o->nvalues; i++)
        if (strcmp(o->values[i], word) == 0)
            idx = i;
    if (idx < 0) {
        char list[200] = "";
        for (int i = 0; i < o->nvalues; i++) {
            strncat(list, i ? ", " : "", sizeof list - strlen(list) - 1);
            strncat(list, o->values[i], sizeof list - strlen(list) - 1);
        }
        err(c, lit, "option `%s` has no value \"%s\" (its values: %s)", o->name, word, list);
        return 1;
    }
    (void)la;
    int eq = o->value == idx;
    out->value = n->op == OP_EQ ? eq : !eq;
    return 1;
}

static int nargs(const ExNode *n)
{
    int k = 0;
    for (const ExNode *a = n->a; a; a = a->next)
        k++;
    return k;
}

typedef struct FnDef {
    const char *name;
    int op;          /* EXO_* */
    ExType arg, arg2, ret;
    unsigned need;
} FnDef;

static const FnDef fns[] = {
    { "row",      EXO_ROW,      T_PLAYER, T_VOID, T_HOLES,  0 },
    { "owned",    EXO_OWNED,    T_PLAYER, T_VOID, T_HOLES,  CX_STATE },
    { "other",    EXO_OTHER,    T_PLAYER, T_VOID, T_PLAYER, 0 },
    { "opposite", EXO_OPPOSITE, T_HOLE,   T_VOID, T_HOLE,   0 },
    { "next",     EXO_NEXT,     T_HOLE,   T_VOID, T_HOLE,   CX_DIR },
    { "prev",     EXO_PREV,     T_HOLE,   T_VOID, T_HOLE,   CX_DIR },
    { "store",    EXO_STOREOF,  T_PLAYER, T_VOID, T_HOLE,   0 },
    { "hole",     EXO_HOLENUM,  T_INT,    T_VOID, T_HOLE,   0 },
    { "seeds",    EXO_SEEDS,    T_HOLES,  T_VOID, T_INT,    CX_STATE },
    { "size",     EXO_SIZE,     T_HOLES,  T_VOID, T_INT,    0 },
    { "nonempty", EXO_NONEMPTY, T_HOLES,  T_VOID, T_INT,    CX_STATE },
    { "max",      EXO_SMAX,     T_HOLES,  T_VOID, T_INT,    CX_STATE },
    { "min",      EXO_SMIN,     T_HOLES,  T_VOID, T_INT,    CX_STATE },
    { "max",      EXO_IMAX,     T_INT,    T_INT,  T_INT,    0 },
    { "min",      EXO_IMIN,     T_INT,    T_INT,  T_INT,    0 },
    { "reached",  EXO_REACHED,  T_HOLES,  T_VOID, T_BOOL,   CX_REACHED },
};

static const struct { const char *name; int op; ExType on, ret; unsigned need; } props[] = {
    { "count",  EXO_COUNT,   T_HOLE,   T_INT,    CX_STATE },
    { "owner",  EXO_OWNER,   T_HOLE,   T_PLAYER, CX_STATE },
    { "row",    EXO_ROWOF,   T_HOLE,   T_PLAYER, 0 },
    { "index",  EXO_INDEX,   T_HOLE,   T_INT,    0 },
    { "number", EXO_NUMBER,  T_HOLE,   T_INT,    0 },
    { "out",    EXO_OUT,     T_HOLE,   T_BOOL,   CX_STATE },
    { "store",  EXO_ISSTORE, T_HOLE,   T_BOOL,   0 },
    { "store",  EXO_PSTORE,  T_PLAYER, T_INT,    CX_STATE },
    { "total",  EXO_PTOTAL,  T_PLAYER, T_INT,    CX_STATE },
    { "row",    EXO_ROW,     T_PLAYER, T_HOLES,  0 },
    { "owned",  EXO_OWNED,   T_PLAYER, T_HOLES,  CX_STATE },
    { "opponent", EXO_OTHER, T_PLAYER, T_PLAYER, 0 },
};

/* Annotations, kept beside the tree in the parse arena: `fn` is the chosen
 * fns[]/props[] entry, a context variable, 1000 + a flag, or -2/-3 for an
 * `and`/`or` reduced to its right/left side. */
typedef struct AnnSlot {
    const ExNode *node;
    Ann ann;
    int fn;          /* chosen fns[]/props[] entry, or var, or flag index */
} AnnSlot;

typedef struct Tab {
    AnnSlot *slots;
    int n, cap;
    Arena *ar;
} Tab;

static AnnSlot *slot(Tab *t, const ExNode *n)
{
    for (int i = t->n - 1; i >= 0; i--)
        if (t->slots[i].node == n)
            return &t->slots[i];
    return NULL;
}

typedef struct CkAll {
    Ck c;
    Tab t;
} CkAll;

static AnnSlot *put(CkAll *k, const ExNode *n, const Ann *a, int fn)
{
    Tab *t = &k->t;
    if (t->n == t->cap) {
        int cap = t->cap ? t->cap * 2 : 64;
        AnnSlot *s = ar_alloc(t->ar, (size_t)cap * sizeof *s);
        if (!s)
            return NULL;
        if (t->n)
            memcpy(s, t->slots, (size_t)t->n * sizeof *s);
        t->slots = s;
        t->cap = cap;
    }
    t->slots[t->n] = (AnnSlot){ n, *a, fn };
    return &t->slots[t->n++];
}

static int check(CkAll *k, ExNode *n, Ann *out, int depth);

static int check_call(CkAll *k, ExNode *n, Ann *out, int depth)
{
    Ck *c = &k->c;
    Ann a[2] = { { 0 }, { 0 } };
    int na = nargs(n), ok = 1, i = 0;
    for (ExNode *x = n->a; x; x = x->next, i++) {
        Ann tmp;
        ok &= check(k, x->a, &tmp, depth + 1);
        if (i < 2)
            a[i] = tmp;
    }
    if (!ok)
        return 0;
    int found = 0;
    for (size_t f = 0; f < sizeof fns / sizeof *fns; f++) {
        if (strcmp(fns[f].name, n->name) != 0)
            continue;
        found = 1;
        int want_n = fns[f].arg2 ? 2 : 1;
        if (na != want_n || a[0].type != fns[f].arg || (want_n == 2 && a[1].type != fns[f].arg2))
            continue;
        if (fns[f].need && !need(c, n, fns[f].need, n->name))
            return 0;
        *out = (Ann){ fns[f].ret, 0, 0, NULL };
        if (fns[f].op == EXO_OTHER && a[0].is_const) {
            out->is_const = 1;
            out->value = !a[0].value;
        }
        if ((fns[f].op == EXO_IMAX || fns[f].op == EXO_IMIN) && a[0].is_const && a[1].is_const) {
            out->is_const = 1;
            int64_t x = a[0].value, y = a[1].value;
            out->value = fns[f].op == EXO_IMAX ? (x > y ? x : y) : (x < y ? x : y);
        }
        return put(k, n, out, (int)f) != NULL;
    }
    if (!found) {
        err(c, n, "unknown function `%s` (functions: row, owned, other, opposite, next, prev, store, hole, seeds, size, nonempty, max, min, reached)", n->name);
        return 0;
    }
    char got[80] = "";
    for (int j = 0; j < na && j < 2; j++) {
        strncat(got, j ? ", " : "", sizeof got - strlen(got) - 1);
        strncat(got, ex_type_name(a[j].type), sizeof got - strlen(got) - 1);
    }
    char exp[200] = "";
    for (size_t f = 0; f < sizeof fns / sizeof *fns; f++) {
        if (strcmp(fns[f].name, n->name) != 0)
            continue;
        char one[64];
        if (fns[f].arg2)
            snprintf(one, sizeof one, "%s(%s, %s)", n->name, ex_type_name(fns[f].arg), ex_type_name(fns[f].arg2));
        else
            snprintf(one, sizeof one, "%s(%s)", n->name, ex_type_name(fns[f].arg));
        strncat(exp, exp[0] ? " or " : "", sizeof exp - strlen(exp) - 1);
        strncat(exp, one, sizeof exp - strlen(exp) - 1);
    }
    err(c, n, "`%s` takes %s, not (%s)", n->name, exp, got);
    return 0;
}

static int check(CkAll *k, ExNode *n, Ann *out, int depth)
{
    Ck *c = &k->c;
    Ann a = { 0 }, b = { 0 }, d = { 0 };
    *out = (Ann){ T_VOID, 0, 0, NULL };
    if (depth > 256) {
        err(c, n, "expression nested too deeply (at most 256 levels)");
        return 0;
    }
    int fn = -1;
    switch (n->kind) {
    case N_NUM:
        *out = (Ann){ T_INT, 1, n->num, NULL };
        break;
    case N_BOOL:
        *out = (Ann){ T_BOOL, 1, n->num, NULL };
        break;
    case N_STR:
        *out = (Ann){ T_STRING, 1, 0, NULL };
        break;
    case N_NAME: {
        for (int i = 0; i < c->sc->noptions; i++) {
            const ExOption *o = &c->sc->options[i];
            if (strcmp(o->name, n->name) == 0) {
                *out = (Ann){ o->type, 1, o->value, o->type == T_STRING ? o : NULL };
                return put(k, n, out, -1) != NULL;
            }
        }
        if (!strcmp(n->name, "south") || !strcmp(n->name, "north")) {
            *out = (Ann){ T_PLAYER, 1, n->name[0] == 'n', NULL };
            break;
        }
        for (size_t i = 0; i < sizeof vars / sizeof *vars; i++) {
            if (strcmp(vars[i].name, n->name) == 0) {
                if (!need(c, n, vars[i].need, n->name))
                    return 0;
                *out = (Ann){ vars[i].type, 0, 0, NULL };
                fn = vars[i].var;
                return put(k, n, out, fn) != NULL;
            }
        }
        err(c, n, "unknown name `%s`", n->name);
        return 0;
    }
    case N_CALL:
        return check_call(k, n, out, depth);
    case N_PROP: {
        if (!check(k, n->a, &a, depth + 1))
            return 0;
        if (a.type == T_HOLE) {
            for (int f = 0; f < c->sc->nflags; f++) {
                if (strcmp(c->sc->flags[f], n->name) == 0) {
                    if (!need(c, n, CX_STATE, n->name))
                        return 0;
                    *out = (Ann){ T_BOOL, 0, 0, NULL };
                    return put(k, n, out, 1000 + f) != NULL;
                }
            }
        }
        for (size_t p = 0; p < sizeof props / sizeof *props; p++) {
            if (props[p].on == a.type && strcmp(props[p].name, n->name) == 0) {
                if (props[p].need && !need(c, n, props[p].need, n->name))
                    return 0;
                *out = (Ann){ props[p].ret, 0, 0, NULL };
                if (props[p].op == EXO_OTHER && a.is_const) {
                    out->is_const = 1;
                    out->value = !a.value;
                }
                return put(k, n, out, (int)p) != NULL;
            }
        }
        ExNode at = *n;   /* point at the property name, not the object */
        at.at.start = n->at.end - (int)strlen(n->name);
        n = &at;
        if (a.type == T_HOLE)
            err(c, n, "a hole has no property `%s` (count, owner, row, index, number, out, store, or a flag the board declares)", n->name);
        else if (a.type == T_PLAYER)
            err(c, n, "a player has no property `%s` (store, total, row, owned, opponent)", n->name);
        else
            err(c, n, "a %s has no property `%s`", ex_type_name(a.type), n->name);
        return 0;
    }
    case N_NOT:
        if (!check(k, n->a, &a, depth + 1) || !want(c, n->a, &a, T_BOOL, "the operand of `not`"))
            return 0;
        *out = (Ann){ T_BOOL, a.is_const, !a.value, NULL };
        break;
    case N_NEG:
        if (!check(k, n->a, &a, depth + 1) || !want(c, n->a, &a, T_INT, "the operand of `-`"))
            return 0;
        *out = (Ann){ T_INT, a.is_const, (int64_t)(0 - (uint64_t)a.value), NULL };
        break;
    case N_IF: {
        int ok = check(k, n->a, &a, depth + 1);
        ok &= check(k, n->b, &b, depth + 1);
        ok &= check(k, n->c, &d, depth + 1);
        if (!ok || !want(c, n->a, &a, T_BOOL, "the condition of `if`"))
            return 0;
        if (b.type != d.type || b.type == T_STRING) {
            err(c, n, "both branches of `if` must have the same type (here %s and %s)",
                ex_type_name(b.type), ex_type_name(d.type));
            return 0;
        }
        *out = (Ann){ b.type, 0, 0, NULL };
        if (a.is_const && (a.value ? b.is_const : d.is_const)) {
            out->is_const = 1;
            out->value = a.value ? b.value : d.value;
        }
        break;
    }
    case N_SET: {
        ExType et = T_VOID;
        int ok = 1, all_const = 1;
        uint64_t mask = 0;
        for (ExNode *x = n->a; x; x = x->next) {
            Ann e;
            if (!check(k, x->a, &e, depth + 1)) {
                ok = 0;
                continue;
            }
            if (e.type != T_INT && e.type != T_HOLE) {
                err(c, x->a, "a set holds numbers or holes, not a %s", ex_type_name(e.type));
                ok = 0;
                continue;
            }
            if (et && e.type != et) {
                err(c, x->a, "a set cannot mix numbers and holes");
                ok = 0;
                continue;
            }
            et = e.type;
            if (e.type == T_INT && e.is_const && (e.value < 0 || e.value > 63)) {
                err(c, x->a, "set elements must lie in 0..63 (got %lld)", (long long)e.value);
                ok = 0;
                continue;
            }
            if (e.is_const && e.type == T_INT)
                mask |= (uint64_t)1 << e.value;
            else
                all_const = 0;
        }
        if (!ok)
            return 0;
        *out = (Ann){ et == T_HOLE ? T_HOLES : T_INTS, all_const, (int64_t)mask, NULL };
        break;
    }
    case N_BIN: {
        int ok = check(k, n->a, &a, depth + 1);
        ok &= check(k, n->b, &b, depth + 1);
        if (!ok)
            return 0;
        ExOp op = n->op;
        switch (op) {
        case OP_ADD: case OP_SUB: case OP_MUL: case OP_DIV: case OP_MOD:
            if (!want(c, n->a, &a, T_INT, "each side of an arithmetic operator") ||
                !want(c, n->b, &b, T_INT, "each side of an arithmetic operator"))
                return 0;
            *out = (Ann){ T_INT, a.is_const && b.is_const, 0, NULL };
            break;
        case OP_LT: case OP_LE: case OP_GT: case OP_GE:
            if (!want(c, n->a, &a, T_INT, "each side of a comparison") ||
                !want(c, n->b, &b, T_INT, "each side of a comparison"))
                return 0;
            *out = (Ann){ T_BOOL, a.is_const && b.is_const, 0, NULL };
            break;
        case OP_EQ: case OP_NE:
            if (ck_enum_cmp(c, n, &a, &b, out)) {
                if (c->errors)
                    return 0;
                return put(k, n, out, -1) != NULL;
            }
            if (a.type != b.type || a.type == T_HOLES || a.type == T_INTS) {
                err(c, n, "cannot compare a %s with a %s using `%s`", ex_type_name(a.type),
                    ex_type_name(b.type), op_text(op));
                return 0;
            }
            *out = (Ann){ T_BOOL, a.is_const && b.is_const, 0, NULL };
            break;
        case OP_IN: case OP_NOTIN:
            if (!((a.type == T_INT && b.type == T_INTS) || (a.type == T_HOLE && b.type == T_HOLES))) {
                err(c, n, "`%s` needs a number and a number set, or a hole and a hole set (not %s and %s)",
                    op_text(op), ex_type_name(a.type), ex_type_name(b.type));
                return 0;
            }
            *out = (Ann){ T_BOOL, a.is_const && b.is_const, 0, NULL };
            break;
        case OP_AND: case OP_OR:
            if (!want(c, n->a, &a, T_BOOL, "each side of `and`/`or`") ||
                !want(c, n->b, &b, T_BOOL, "each side of `and`/`or`"))
                return 0;
            *out = (Ann){ T_BOOL, a.is_const && b.is_const, 0, NULL };
            /* a constant left side decides or vanishes */
            if (a.is_const && ((op == OP_AND && !a.value) || (op == OP_OR && a.value))) {
                out->is_const = 1;
                out->value = a.value;
                return put(k, n, out, -1) != NULL;
            }
            if (a.is_const) {
                *out = b;
                out->eopt = NULL;
                return put(k, n, out, -2) != NULL;  /* -2: just the right side */
            }
            if (b.is_const && ((op == OP_AND && b.value) || (op == OP_OR && !b.value))) {
                *out = a;
                out->eopt = NULL;
                return put(k, n, out, -3) != NULL;  /* -3: just the left side */
            }
            break;
        }
        if (out->is_const)
            out->value = fold_bin(op, a.value, b.value);
        break;
    }
    case N_ARG:
        return check(k, n->a, out, depth);
    }
    return put(k, n, out, fn) != NULL;
}

/* ---- code generation -------------------------------------------------- */

typedef struct Em {
    int32_t *code;
    int len, cap;
    int depth, max;
    int overflow;
    Tab *t;
} Em;

static void w(Em *e, int32_t v)
{
    if (e->len >= e->cap) {
        e->overflow = 1;
        return;
    }
    e->code[e->len++] = v;
}

static void push_depth(Em *e, int d)
{
    e->depth += d;
    if (e->depth > e->max)
        e->max = e->depth;
}

static void emit_const(Em *e, ExType t, int64_t v)
{
    (void)t;
    if (v >= INT32_MIN && v <= INT32_MAX) {
        w(e, EXO_PUSH);
        w(e, (int32_t)v);
    } else {
        w(e, EXO_PUSH64);
        w(e, (int32_t)(uint32_t)((uint64_t)v & 0xffffffffu));
        w(e, (int32_t)(uint32_t)((uint64_t)v >> 32));
    }
    push_depth(e, 1);
}

static void emit(Em *e, const ExNode *n)
{
    AnnSlot *s = slot(e->t, n);
    if (!s) {
        e->overflow = 1;
        return;
    }
    if (s->ann.is_const) {
        emit_const(e, s->ann.type, s->ann.value);
        return;
    }
    switch (n->kind) {
    case N_NAME:
        w(e, EXO_VAR);
        w(e, s->fn);
        push_depth(e, 1);
        return;
    case N_CALL: {
        const FnDef *f = &fns[s->fn];
        /* seeds(board): one instruction */
        if (f->op == EXO_SEEDS && n->a && n->a->a->kind == N_NAME) {
            AnnSlot *sv = slot(e->t, n->a->a);
            if (sv && !sv->ann.is_const) {
                w(e, EXO_VSEEDS);
                w(e, sv->fn);
                push_depth(e, 1);
                return;
            }
        }
        /* seeds(row(P)): one instruction */
        if (f->op == EXO_SEEDS && n->a && n->a->a->kind == N_CALL) {
            const ExNode *rc = n->a->a;
            AnnSlot *sr = slot(e->t, rc);
            AnnSlot *sp = sr && rc->a ? slot(e->t, rc->a->a) : NULL;
            if (sr && !sr->ann.is_const && fns[sr->fn].op == EXO_ROW && sp &&
                (sp->ann.is_const || rc->a->a->kind == N_NAME)) {
                w(e, sp->ann.is_const ? EXO_KROWSEEDS : EXO_VROWSEEDS);
                w(e, sp->ann.is_const ? (int32_t)(sp->ann.value & 1) : sp->fn);
                push_depth(e, 1);
                return;
            }
        }
        for (const ExNode *x = n->a; x; x = x->next)
            emit(e, x->a);
        w(e, f->op);
        if (f->arg2)
            push_depth(e, -1);
        return;
    }
    case N_PROP: {
        /* hole.count, last.owner, ...: one instruction */
        AnnSlot *sa = slot(e->t, n->a);
        int op = s->fn < 1000 ? props[s->fn].op : 0;
        if (sa && sa->ann.is_const && op == EXO_PSTORE) {
            w(e, EXO_KPSTORE);
            w(e, (int32_t)(sa->ann.value & 1));
            push_depth(e, 1);
            return;
        }
        if (sa && !sa->ann.is_const && n->a->kind == N_NAME &&
            (op == EXO_COUNT || op == EXO_OWNER || op == EXO_PSTORE)) {
            w(e, op == EXO_COUNT ? EXO_VCOUNT : op == EXO_OWNER ? EXO_VOWNER : EXO_VPSTORE);
            w(e, sa->fn);
            push_depth(e, 1);
            return;
        }
        emit(e, n->a);
        if (s->fn >= 1000) {
            w(e, EXO_FLAG);
            w(e, s->fn - 1000);
        } else
            w(e, props[s->fn].op);
        return;
    }
    case N_NOT:
        emit(e, n->a);
        w(e, EXO_NOT);
        return;
    case N_NEG:
        emit(e, n->a);
        w(e, EXO_NEG);
        return;
    case N_IF: {
        emit(e, n->a);
        w(e, EXO_JFP);
        int j1 = e->len;
        w(e, 0);
        push_depth(e, -1);
        emit(e, n->b);
        w(e, EXO_JMP);
        int j2 = e->len;
        w(e, 0);
        push_depth(e, -1);
        if (j1 < e->cap)
            e->code[j1] = e->len;
        emit(e, n->c);
        if (j2 < e->cap)
            e->code[j2] = e->len;
        return;
    }
    case N_SET:
        emit_const(e, T_INTS, 0);
        for (const ExNode *x = n->a; x; x = x->next) {
            emit(e, x->a);
            w(e, EXO_SETADD);
            push_depth(e, -1);
        }
        return;
    case N_BIN: {
        if (s->fn == -2) {
            emit(e, n->b);
            return;
        }
        if (s->fn == -3) {
            emit(e, n->a);
            return;
        }
        if (n->op == OP_AND || n->op == OP_OR) {
            emit(e, n->a);
            w(e, n->op == OP_AND ? EXO_JFK : EXO_JTK);
            int j = e->len;
            w(e, 0);
            push_depth(e, -1);
            emit(e, n->b);
            if (j < e->cap)
                e->code[j] = e->len;
            return;
        }
        /* a comparison with a constant or a context name: one instruction */
        AnnSlot *sb = slot(e->t, n->b);
        if (sb && n->op >= OP_EQ && n->op <= OP_NOTIN) {
            static const int kops[] = { [OP_EQ] = EXO_EQK, [OP_NE] = EXO_NEK, [OP_LT] = EXO_LTK,
                [OP_LE] = EXO_LEK, [OP_GT] = EXO_GTK, [OP_GE] = EXO_GEK };
            int64_t k = sb->ann.value;
            if (sb->ann.is_const && (n->op == OP_IN || n->op == OP_NOTIN)) {
                emit(e, n->a);
                w(e, EXO_INK);
                w(e, (int32_t)(uint32_t)((uint64_t)k & 0xffffffffu));
                w(e, (int32_t)(uint32_t)((uint64_t)k >> 32));
                if (n->op == OP_NOTIN)
                    w(e, EXO_NOT);
                return;
            }
            if (sb->ann.is_const && n->op <= OP_GE && k >= INT32_MIN && k <= INT32_MAX) {
                emit(e, n->a);
                w(e, kops[n->op]);
                w(e, (int32_t)k);
                return;
            }
            if (!sb->ann.is_const && n->b->kind == N_NAME && (n->op == OP_EQ || n->op == OP_NE)) {
                emit(e, n->a);
                w(e, n->op == OP_EQ ? EXO_EQV : EXO_NEV);
                w(e, sb->fn);
                return;
            }
        }
        emit(e, n->a);
        emit(e, n->b);
        static const int ops[] = { 0, EXO_ADD, EXO_SUB, EXO_MUL, EXO_DIV, EXO_MOD,
            EXO_EQ, EXO_NE, EXO_LT, EXO_LE, EXO_GT, EXO_GE, EXO_IN, EXO_IN };
        w(e, ops[n->op]);
        push_depth(e, -1);
        if (n->op == OP_NOTIN)
            w(e, EXO_NOT);
        return;
    }
    default:
        e->overflow = 1;
        return;
    }
}

/* Recognises a program that is a conjunction (or a disjunction) of simple
 * tests:
 *   (VAR v | VCOUNT v | VOWNER v | VSEEDS v | VROWSEEDS v | VPSTORE v |
 *    KROWSEEDS p | KPSTORE p)
 *   (EQK k | NEK k | LTK k | LEK k | GTK k | GEK k | INK lo hi | EQV w | NEV w),
 * joined by JFK (and) or JTK (or), all the same, to the final END. */
static void find_atoms(Expr *x)
{
    const int32_t *c = x->code;
    int i = 0, n = 0, end = x->len - 1, join = 0;
    ExAtom at[EX_MAX_ATOMS];
    if (x->is_const || x->len < 3 || c[end] != EXO_END)
        return;
    for (;;) {
        if (n == EX_MAX_ATOMS || i + 3 > end)
            return;
        ExAtom *a = &at[n];
        memset(a, 0, sizeof *a);
        switch (c[i]) {
        case EXO_VAR: a->src = ATOM_VALUE; break;
        case EXO_VCOUNT: a->src = ATOM_COUNT; break;
        case EXO_VOWNER: a->src = ATOM_OWNER; break;
        case EXO_VSEEDS: a->src = ATOM_SET_SEEDS; break;
        case EXO_VROWSEEDS: a->src = ATOM_ROW_SEEDS; break;
        case EXO_VPSTORE: a->src = ATOM_STORE; break;
        case EXO_KROWSEEDS: a->src = ATOM_KROW_SEEDS; break;
        case EXO_KPSTORE: a->src = ATOM_KSTORE; break;
        default: return;
        }
        a->var = (uint8_t)c[i + 1];
        a->op = (uint8_t)c[i + 2];
        switch (c[i + 2]) {
        case EXO_EQK: case EXO_NEK: case EXO_LTK: case EXO_LEK: case EXO_GTK: case EXO_GEK:
            a->k = c[i + 3];
            i += 4;
            break;
        case EXO_EQV: case EXO_NEV:
            a->arg = (uint8_t)c[i + 3];
            i += 4;
            break;
        case EXO_INK:
            if (i + 4 > end)
                return;
            a->set = (uint64_t)(uint32_t)c[i + 3] | ((uint64_t)(uint32_t)c[i + 4] << 32);
            i += 5;
            break;
        default:
            return;
        }
        n++;
        if (i == end)
            break;
        if ((c[i] != EXO_JFK && c[i] != EXO_JTK) || (join && c[i] != join) || i + 1 >= end ||
            c[i + 1] != end)
            return;
        join = c[i];
        i += 2;
    }
    memcpy(x->atoms, at, sizeof at);
    x->natoms = n;
    x->atoms_or = join == EXO_JTK;
}

int ex_compile(Arena *ar, const char *src, int len, ExType wanted,
               const ExScope *scope, Diags *dg, const ExLocMap *lm, Expr *out)
{
    memset(out, 0, sizeof *out);
    CkAll k;
    memset(&k, 0, sizeof k);
    k.c.sc = scope;
    k.c.dg = dg;
    k.c.lm = lm;
    SrcLoc at0 = lm ? lm->map(lm->self, 0) : (SrcLoc){ 0, 0 };
    out->loc = at0;
    if (len > EX_MAX_LEN) {
        dg_error(dg, at0, "expression too long (%d bytes; at most %d)", len, EX_MAX_LEN);
        return 0;
    }
    if (memchr(src, 0, (size_t)len)) {
        dg_error(dg, at0, "expression contains a NUL byte");
        return 0;
    }

    /* a private arena for the tree and annotations */
    Arena tmp;
    ar_init(&tmp, 8u << 20);
    ExParse ps;
    memset(&ps, 0, sizeof ps);
    ps.ar = &tmp;
    ps.src = src;
    ps.len = len;
    k.t.ar = &tmp;

    yyscan_t scanner;
    int ok = 0;
    if (ex_yylex_init_extra(&ps, &scanner) != 0) {
        dg_error(dg, at0, "out of memory");
        ar_free(&tmp);
        return 0;
    }
    YY_BUFFER_STATE buf = ex_yy_scan_bytes(src, len, scanner);
    int rc = buf ? ex_yyparse(scanner, &ps) : 2;
    if (buf)
        ex_yy_delete_buffer(buf, scanner);
    ex_yylex_destroy(scanner);

    if (rc != 0 || ps.nerr || !ps.root) {
        if (ps.err[0])
            dg_error(dg, lm ? lm->map(lm->self, ps.err_off) : at0, "%s%s%s", ps.err,
                     scope->where ? " " : "", scope->where ? scope->where : "");
        else if (rc == 2)
            dg_error(dg, at0, "expression too complex (parser stack exhausted)");
        else
            dg_error(dg, at0, "empty expression");
        goto done;
    }

    Ann a;
    if (!check(&k, ps.root, &a, 0))
        goto done;
    if (wanted != T_VOID && a.type != wanted) {
        err(&k.c, ps.root, "expected a %s here, but this is a %s", ex_type_name(wanted), ex_type_name(a.type));
        goto done;
    }
    if (a.type == T_STRING) {
        err(&k.c, ps.root, "a string is only useful compared with an option");
        goto done;
    }

    out->type = (uint8_t)a.type;
    out->uses = k.c.uses;
    if (a.is_const) {
        out->is_const = 1;
        out->value = a.value;
    }
    Em e = { 0 };
    e.cap = EX_MAX_CODE;
    e.code = ar_alloc(&tmp, (size_t)e.cap * sizeof *e.code);
    e.t = &k.t;
    if (!e.code) {
        dg_error(dg, at0, "out of memory");
        goto done;
    }
    emit(&e, ps.root);
    w(&e, EXO_END);
    if (e.overflow) {
        dg_error(dg, at0, "expression too complex (more than %d operations)", EX_MAX_CODE);
        goto done;
    }
    if (e.max > EX_MAX_DEPTH) {
        dg_error(dg, at0, "expression too deeply nested for the evaluator (needs %d stack slots; at most %d)",
                 e.max, EX_MAX_DEPTH);
        goto done;
    }
    int32_t *code = ar_alloc(ar, (size_t)e.len * sizeof *code);
    if (!code) {
        dg_error(dg, at0, "out of memory");
        goto done;
    }
    memcpy(code, e.code, (size_t)e.len * sizeof *code);
    out->code = code;
    int tl = len;
    while (tl > 0 && (src[tl - 1] == '\n' || src[tl - 1] == ' '))
        tl--;
    out->src = ar_strndup(ar, src, (size_t)tl);
    out->len = e.len;
    out->depth = (int16_t)e.max;
    find_atoms(out);
    ok = 1;
done:
    ar_free(&tmp);
    if (!ok)
        memset(out, 0, sizeof *out), out->loc = at0;
    return ok;
}

int ex_is_own_nonempty(const Expr *e, int *min_count)
{
    /* hole.owner == mover and hole.count > K   (or >= K), as compiled */
    static const int32_t form[] = { EXO_VOWNER, V_HOLE, EXO_EQV, V_MOVER, EXO_JFK, 10,
                                    EXO_VCOUNT, V_HOLE, -1, 0, EXO_END };
    if (!e->code || e->is_const || e->len != 11)
        return 0;
    for (int i = 0; i < 11; i++) {
        if (i == 9)
            continue;   /* K */
        if (i == 8) {
            if (e->code[i] != EXO_GTK && e->code[i] != EXO_GEK)
                return 0;
            continue;
        }
        if (e->code[i] != form[i])
            return 0;
    }
    int k = e->code[9];
    *min_count = e->code[8] == EXO_GTK ? k + 1 : k;
    return *min_count >= 0;
}

int ex_is_hole_eq_origin(const Expr *e)
{
    /* VAR a, EQV b, END */
    if (!e->code || e->is_const || e->len != 5)
        return 0;
    const int32_t *c = e->code;
    return c[0] == EXO_VAR && c[2] == EXO_EQV && c[4] == EXO_END &&
           ((c[1] == V_HOLE && c[3] == V_ORIGIN) || (c[1] == V_ORIGIN && c[3] == V_HOLE));
}

int ex_is_name(const Expr *e, const char *name)
{
    if (!e->code || e->is_const || e->len != 3 || e->code[0] != EXO_VAR || e->code[2] != EXO_END)
        return 0;
    for (size_t i = 0; i < sizeof vars / sizeof *vars; i++)
        if (!strcmp(vars[i].name, name))
            return e->code[1] == vars[i].var;
    return 0;
}

/* Narrows `f` (values 0..63 in `mask`, larger ones if `big`) by one
 * comparison with a constant; 0 if the comparison is not one of those. */
static int narrow(ExFilter1 *f, int op, int64_t k, uint64_t set)
{
    uint64_t m = 0;
    int big;
    for (int v = 0; v < 64; v++) {
        int ok;
        switch (op) {
        case EXO_EQK: ok = v == k; break;
        case EXO_NEK: ok = v != k; break;
        case EXO_LTK: ok = v < k; break;
        case EXO_LEK: ok = v <= k; break;
        case EXO_GTK: ok = v > k; break;
        case EXO_GEK: ok = v >= k; break;
        case EXO_INK: ok = (set >> v) & 1; break;
        default: return 0;
        }
        m |= (uint64_t)ok << v;
    }
    /* values of 64 and more */
    switch (op) {
    case EXO_EQK: big = k >= 64; break;      /* only the one value */
    case EXO_NEK: big = 1; break;
    case EXO_LTK: case EXO_LEK: big = k >= 64; break;
    case EXO_GTK: case EXO_GEK: big = 1; break;
    default: big = 0; break;                  /* sets hold 0..63 */
    }
    f->mask &= m;
    f->big &= big;
    return 1;
}

void ex_filter(const Expr *e, ExFilter *f)
{
    f->count.mask = f->hand.mask = ~(uint64_t)0;
    f->count.big = f->hand.big = 1;
    f->exact = 0;
    if (!e->code || e->is_const || e->atoms_or)
        return;
    if (!e->natoms) {
        /* `hole.count == K and ...` or `hole.count in {...} and ...` */
        const int32_t *c = e->code;
        if (e->len < 5 || c[0] != EXO_VCOUNT || c[1] != V_HOLE)
            return;
        if (c[2] == EXO_EQK && (c[4] == EXO_JFK || c[4] == EXO_END))
            narrow(&f->count, EXO_EQK, c[3], 0);
        else if (e->len >= 6 && c[2] == EXO_INK && (c[5] == EXO_JFK || c[5] == EXO_END))
            narrow(&f->count, EXO_INK, 0, (uint64_t)(uint32_t)c[3] | ((uint64_t)(uint32_t)c[4] << 32));
        return;
    }
    int exact = 1;
    for (int i = 0; i < e->natoms; i++) {
        const ExAtom *a = &e->atoms[i];
        ExFilter1 *t = a->src == ATOM_COUNT && a->var == V_HOLE ? &f->count
                     : a->src == ATOM_VALUE && a->var == V_HAND ? &f->hand : NULL;
        /* an exactly-equal value of 64 or more cannot be told by the mask */
        if (!t || !narrow(t, a->op, a->k, a->set) || (a->op == EXO_EQK && a->k >= 64))
            exact = 0;
    }
    f->exact = exact;
}

/* ---- evaluation ------------------------------------------------------- */

static inline int64_t hole_count(const ExCtx *cx, int64_t h)
{
    if (h >= 0 && h < cx->rules->nholes)
        return cx->pos->count[h];
    if (h == STORE_HOLE(0) || h == STORE_HOLE(1))
        return cx->pos->store[h - MAX_HOLES];
    return 0;
}

static inline uint64_t all_mask(int n)
{
    return n >= 64 ? ~(uint64_t)0 : (((uint64_t)1 << n) - 1);
}

/* The value of context name `v` (V_*). */
static inline int64_t var_value(const ExCtx *cx, int v)
{
    switch (v) {
    case V_MOVER: return cx->mover;
    case V_OPPONENT: return !cx->mover;
    case V_STARTER: return cx->pos->starter;
    case V_ROUND: return cx->pos->round;
    case V_HOLE: return cx->hole;
    case V_ORIGIN: return cx->origin;
    case V_START: return cx->start;
    case V_LAST: return cx->last;
    case V_HAND: return cx->hand;
    case V_CAPTURED: return cx->captured;
    case V_PLAYER: return cx->player;
    case V_BOARD: return (int64_t)(all_mask(cx->rules->nholes) & ~cx->pos->out_of_play);
    default: return 0;
    }
}

/* Seeds in the holes of a set. */
static inline int64_t set_seeds(const ExCtx *cx, uint64_t m)
{
    int64_t acc = 0;
    for (m &= all_mask(cx->rules->nholes); m; m &= m - 1)
        acc += cx->pos->count[__builtin_ctzll(m)];
    return acc;
}

/* A conjunction or disjunction of simple tests (find_atoms). */
static int64_t eval_atoms(const Expr *e, const ExCtx *cx)
{
    const int any = e->atoms_or;
    for (int i = 0; i < e->natoms; i++) {
        const ExAtom *a = &e->atoms[i];
        int64_t x = a->src == ATOM_KROW_SEEDS || a->src == ATOM_KSTORE ? a->var : var_value(cx, a->var);
        switch (a->src) {
        case ATOM_COUNT:
            x = hole_count(cx, x);
            break;
        case ATOM_OWNER:
            x = x >= 0 && x < cx->rules->nholes ? pos_owner(cx->pos, (int)x)
              : (x >= MAX_HOLES && x < MAX_HOLES + 2) ? x - MAX_HOLES : -1;
            break;
        case ATOM_SET_SEEDS:
            x = set_seeds(cx, (uint64_t)x);
            break;
        case ATOM_ROW_SEEDS:
        case ATOM_KROW_SEEDS: {
            const int wd = cx->rules->width;
            const uint16_t *c = cx->pos->count + (x & 1) * wd;
            x = 0;
            for (int k = 0; k < wd; k++)
                x += c[k];
            break;
        }
        case ATOM_STORE:
        case ATOM_KSTORE:
            x = cx->pos->store[x & 1];
            break;
        default:
            break;
        }
        int ok;
        switch (a->op) {
        case EXO_EQK: ok = x == a->k; break;
        case EXO_NEK: ok = x != a->k; break;
        case EXO_LTK: ok = x < a->k; break;
        case EXO_LEK: ok = x <= a->k; break;
        case EXO_GTK: ok = x > a->k; break;
        case EXO_GEK: ok = x >= a->k; break;
        case EXO_INK: ok = x >= 0 && x < 64 && ((a->set >> x) & 1); break;
        case EXO_EQV: ok = x == var_value(cx, a->arg); break;
        default: ok = x != var_value(cx, a->arg); break;
        }
        if (ok == any)
            return ok;   /* `and`: the first false; `or`: the first true */
    }
    return !any;
}

int64_t ex_eval(const Expr *e, const ExCtx *cx)
{
    if (e->is_const)
        return e->value;
    if (e->natoms)
        return eval_atoms(e, cx);
    int64_t st[EX_MAX_DEPTH + 2];
    int sp = 0;
    const int32_t *pc = e->code;
    const Rules *r = cx->rules;
    const int nh = r->nholes, wd = r->width;
    for (;;) {
        int op = *pc++;
        switch (op) {
        case EXO_PUSH:
            st[sp++] = *pc++;
            break;
        case EXO_PUSH64:
            st[sp++] = (int64_t)((uint64_t)(uint32_t)pc[0] | ((uint64_t)(uint32_t)pc[1] << 32));
            pc += 2;
            break;
        case EXO_VAR:
            st[sp++] = var_value(cx, *pc++);
            break;
        case EXO_COUNT:
            st[sp - 1] = hole_count(cx, st[sp - 1]);
            break;
        case EXO_OWNER: {
            int64_t h = st[sp - 1];
            st[sp - 1] = h >= 0 && h < nh ? pos_owner(cx->pos, (int)h)
                       : (h >= MAX_HOLES && h < MAX_HOLES + 2) ? h - MAX_HOLES : -1;
            break;
        }
        case EXO_ROWOF: {
            int64_t h = st[sp - 1];
            st[sp - 1] = h >= 0 && h < nh ? h / wd
                       : (h >= MAX_HOLES && h < MAX_HOLES + 2) ? h - MAX_HOLES : -1;
            break;
        }
        case EXO_INDEX: {
            int64_t h = st[sp - 1];
            st[sp - 1] = h >= 0 && h < nh ? h % wd + 1 : 0;
            break;
        }
        case EXO_NUMBER: {
            int64_t h = st[sp - 1];
            st[sp - 1] = h >= 0 && h < nh ? h + 1 : 0;
            break;
        }
        case EXO_OUT: {
            int64_t h = st[sp - 1];
            st[sp - 1] = h >= 0 && h < nh ? (int64_t)((cx->pos->out_of_play >> h) & 1) : 0;
            break;
        }
        case EXO_ISSTORE:
            st[sp - 1] = st[sp - 1] >= MAX_HOLES;
            break;
        case EXO_FLAG: {
            int f = *pc++;
            int64_t h = st[sp - 1];
            st[sp - 1] = h >= 0 && h < nh ? (int64_t)((cx->pos->flags[f] >> h) & 1) : 0;
            break;
        }
        case EXO_PSTORE:
            st[sp - 1] = cx->pos->store[st[sp - 1] & 1];
            break;
        case EXO_PTOTAL:
            st[sp - 1] = cx->pos->total[st[sp - 1] & 1];
            break;
        case EXO_OTHER:
            st[sp - 1] = !st[sp - 1];
            break;
        case EXO_ROW: {
            int p = (int)(st[sp - 1] & 1);
            st[sp - 1] = (int64_t)(all_mask(wd) << (p * wd));
            break;
        }
        case EXO_OWNED: {
            uint64_t own = cx->pos->north_owned;
            st[sp - 1] = (int64_t)((st[sp - 1] ? own : ~own) & all_mask(nh));
            break;
        }
        case EXO_OPPOSITE: {
            int64_t h = st[sp - 1];
            st[sp - 1] = h >= 0 && h < nh ? nh - 1 - h : h;
            break;
        }
        case EXO_NEXT:
        case EXO_PREV: {
            int64_t h = st[sp - 1];
            int step = (op == EXO_NEXT) == (cx->dir == DIR_CCW) ? 1 : nh - 1;
            st[sp - 1] = h >= 0 && h < nh ? (h + step) % nh : h;
            break;
        }
        case EXO_STOREOF:
            st[sp - 1] = STORE_HOLE(st[sp - 1] & 1);
            break;
        case EXO_HOLENUM: {
            int64_t n = st[sp - 1];
            st[sp - 1] = n >= 1 && n <= nh ? n - 1 : NO_HOLE;
            break;
        }
        case EXO_SEEDS: {
            uint64_t m = (uint64_t)st[sp - 1] & all_mask(nh);
            int64_t acc = 0;
            for (; m; m &= m - 1)
                acc += cx->pos->count[__builtin_ctzll(m)];
            st[sp - 1] = acc;
            break;
        }
        case EXO_SIZE:
            st[sp - 1] = __builtin_popcountll((uint64_t)st[sp - 1] & all_mask(nh));
            break;
        case EXO_NONEMPTY:
        case EXO_SMAX:
        case EXO_SMIN: {
            uint64_t m = (uint64_t)st[sp - 1] & all_mask(nh);
            const uint16_t *cnt = cx->pos->count;
            int64_t acc = 0;
            if (op == EXO_NONEMPTY) {
                for (; m; m &= m - 1)
                    acc += cnt[__builtin_ctzll(m)] > 0;
            } else if (op == EXO_SMAX) {
                for (; m; m &= m - 1)
                    if (cnt[__builtin_ctzll(m)] > acc)
                        acc = cnt[__builtin_ctzll(m)];
            } else if (m) {
                acc = INT64_MAX;
                for (; m; m &= m - 1)
                    if (cnt[__builtin_ctzll(m)] < acc)
                        acc = cnt[__builtin_ctzll(m)];
            }
            st[sp - 1] = acc;
            break;
        }
        case EXO_REACHED:
            st[sp - 1] = ((uint64_t)st[sp - 1] & cx->reached) != 0;
            break;
        case EXO_IMAX:
            sp--;
            if (st[sp] > st[sp - 1])
                st[sp - 1] = st[sp];
            break;
        case EXO_IMIN:
            sp--;
            if (st[sp] < st[sp - 1])
                st[sp - 1] = st[sp];
            break;
        /* the common comparisons inline; the rest through fold_bin */
        case EXO_EQ:
            sp--;
            st[sp - 1] = st[sp - 1] == st[sp];
            break;
        case EXO_NE:
            sp--;
            st[sp - 1] = st[sp - 1] != st[sp];
            break;
        case EXO_LT:
            sp--;
            st[sp - 1] = st[sp - 1] < st[sp];
            break;
        case EXO_LE:
            sp--;
            st[sp - 1] = st[sp - 1] <= st[sp];
            break;
        case EXO_GT:
            sp--;
            st[sp - 1] = st[sp - 1] > st[sp];
            break;
        case EXO_GE:
            sp--;
            st[sp - 1] = st[sp - 1] >= st[sp];
            break;
        case EXO_IN:
            sp--;
            st[sp - 1] = st[sp - 1] >= 0 && st[sp - 1] < 64 && (((uint64_t)st[sp] >> st[sp - 1]) & 1);
            break;
        case EXO_ADD: case EXO_SUB: case EXO_MUL: case EXO_DIV: case EXO_MOD: {
            static const ExOp map[] = {
                [EXO_ADD] = OP_ADD, [EXO_SUB] = OP_SUB, [EXO_MUL] = OP_MUL,
                [EXO_DIV] = OP_DIV, [EXO_MOD] = OP_MOD };
            sp--;
            st[sp - 1] = fold_bin(map[op], st[sp - 1], st[sp]);
            break;
        }
        case EXO_NEG:
            st[sp - 1] = (int64_t)(0 - (uint64_t)st[sp - 1]);
            break;
        case EXO_NOT:
            st[sp - 1] = !st[sp - 1];
            break;
        case EXO_SETADD: {
            sp--;
            int64_t v = st[sp];
            if (v >= 0 && v < 64)
                st[sp - 1] = (int64_t)((uint64_t)st[sp - 1] | ((uint64_t)1 << v));
            break;
        }
        case EXO_JFK:
            if (!st[sp - 1]) {
                pc = e->code + *pc;
            } else {
                sp--;
                pc++;
            }
            break;
        case EXO_JTK:
            if (st[sp - 1]) {
                pc = e->code + *pc;
            } else {
                sp--;
                pc++;
            }
            break;
        case EXO_JFP:
            sp--;
            if (!st[sp])
                pc = e->code + *pc;
            else
                pc++;
            break;
        case EXO_JMP:
            pc = e->code + *pc;
            break;
        case EXO_POP:
            sp--;
            break;
        case EXO_VCOUNT:
            st[sp++] = hole_count(cx, var_value(cx, *pc++));
            break;
        case EXO_VOWNER: {
            int64_t h = var_value(cx, *pc++);
            st[sp++] = h >= 0 && h < nh ? pos_owner(cx->pos, (int)h)
                     : (h >= MAX_HOLES && h < MAX_HOLES + 2) ? h - MAX_HOLES : -1;
            break;
        }
        case EXO_VPSTORE:
            st[sp++] = cx->pos->store[var_value(cx, *pc++) & 1];
            break;
        case EXO_KPSTORE:
            st[sp++] = cx->pos->store[*pc++ & 1];
            break;
        case EXO_VSEEDS:
            st[sp++] = set_seeds(cx, (uint64_t)var_value(cx, *pc++));
            break;
        case EXO_VROWSEEDS:
        case EXO_KROWSEEDS: {
            int64_t pl = op == EXO_VROWSEEDS ? var_value(cx, *pc++) : *pc++;
            const uint16_t *c = cx->pos->count + (pl & 1) * wd;
            int64_t acc = 0;
            for (int i = 0; i < wd; i++)
                acc += c[i];
            st[sp++] = acc;
            break;
        }
        case EXO_EQK:
            st[sp - 1] = st[sp - 1] == *pc++;
            break;
        case EXO_NEK:
            st[sp - 1] = st[sp - 1] != *pc++;
            break;
        case EXO_LTK:
            st[sp - 1] = st[sp - 1] < *pc++;
            break;
        case EXO_LEK:
            st[sp - 1] = st[sp - 1] <= *pc++;
            break;
        case EXO_GTK:
            st[sp - 1] = st[sp - 1] > *pc++;
            break;
        case EXO_GEK:
            st[sp - 1] = st[sp - 1] >= *pc++;
            break;
        case EXO_INK: {
            uint64_t m = (uint64_t)(uint32_t)pc[0] | ((uint64_t)(uint32_t)pc[1] << 32);
            pc += 2;
            st[sp - 1] = st[sp - 1] >= 0 && st[sp - 1] < 64 && ((m >> st[sp - 1]) & 1);
            break;
        }
        case EXO_EQV:
            st[sp - 1] = st[sp - 1] == var_value(cx, *pc++);
            break;
        case EXO_NEV:
            st[sp - 1] = st[sp - 1] != var_value(cx, *pc++);
            break;
        case EXO_END:
        default:
            return sp > 0 ? st[sp - 1] : 0;
        }
    }
}
