/* exnorm.c: the normal form of conditions (expr.h, ExForm).
 *
 * nf_build turns a checked tree that is a conjunction or a disjunction of
 * simple tests into a list of atoms, each in one canonical spelling, so
 * that whatever recognises shapes (plan.c, nf_filter) sees equivalent
 * conditions alike. Anything else gets EXF_OTHER. */
#include <string.h>

#include "exint.h"

typedef struct Nf {
    const Tab *t;
    ExForm *f;
    int ok;
} Nf;

/* The context name `n` stands for (not folded), or -1. */
static int name_var(const Tab *t, const ExNode *n)
{
    while (n->kind == N_ARG)
        n = n->a;
    const AnnSlot *s = tab_get(t, n);
    if (n->kind != N_NAME || !s || s->ann.is_const || s->fn < 0 || s->fn >= EXV_COUNT)
        return -1;
    return s->fn;
}

/* A constant player `n` folds to (south, north, an option...), or -1. */
static int const_player(const Tab *t, const ExNode *n)
{
    const AnnSlot *s = tab_get(t, n);
    return s && s->ann.is_const && s->ann.type == T_PLAYER ? (int)(s->ann.value & 1) : -1;
}

/* Fills a's subject and var for a player-valued node (a name or a
 * constant); 0 if it is neither. */
static int player_of(const Tab *t, const ExNode *n, ExAtom *a)
{
    int v = name_var(t, n), k = const_player(t, n);
    if (v >= 0) {
        a->var = (uint8_t)v;
        return 1;
    }
    if (k >= 0) {
        a->var = (uint8_t)k;
        a->player = 1;
        return 1;
    }
    return 0;
}

/* Reads `n` as a subject (a value read through a context name); 0 if it
 * is not one. */
static int subject(const Tab *t, const ExNode *n, ExAtom *a)
{
    while (n->kind == N_ARG)
        n = n->a;
    const AnnSlot *s = tab_get(t, n);
    if (!s || s->ann.is_const)
        return 0;
    int v;
    if ((v = name_var(t, n)) >= 0) {
        if (v >= EXV_BOARD)
            return 0;   /* a value the context computes (`stored`): not read directly */
        a->subj = EXS_VALUE;
        a->var = (uint8_t)v;
        return s->ann.type == T_INT || s->ann.type == T_PLAYER || s->ann.type == T_HOLE;
    }
    if (n->kind == N_PROP && s->fn >= 0 && s->fn < ex_nprops) {
        int op = ex_props[s->fn].op;
        static const struct { int op; ExSubj subj; } hole_props[] = {
            { EXO_COUNT, EXS_COUNT }, { EXO_OWNER, EXS_OWNER }, { EXO_NUMBER, EXS_NUMBER },
            { EXO_INDEX, EXS_INDEX } };
        for (size_t i = 0; i < sizeof hole_props / sizeof *hole_props; i++)
            if (op == hole_props[i].op && (v = name_var(t, n->a)) >= 0) {
                a->subj = (uint8_t)hole_props[i].subj;
                a->var = (uint8_t)v;
                return 1;
            }
        if (op == EXO_PSTORE && player_of(t, n->a, a)) {
            a->subj = EXS_STORE;
            return 1;
        }
        return 0;
    }
    if (n->kind == N_CALL && s->fn >= 0 && s->fn < ex_nfns && ex_fns[s->fn].op == EXO_SEEDS) {
        const ExNode *arg = n->a->a;
        const AnnSlot *sa = tab_get(t, arg);
        if ((v = name_var(t, arg)) >= 0) {
            a->subj = EXS_SET_SEEDS;
            a->var = (uint8_t)v;
            return 1;
        }
        /* seeds(row(P)) and seeds(P.row) */
        int is_row = sa && !sa->ann.is_const &&
                     ((arg->kind == N_CALL && sa->fn >= 0 && sa->fn < ex_nfns &&
                       ex_fns[sa->fn].op == EXO_ROW) ||
                      (arg->kind == N_PROP && sa->fn >= 0 && sa->fn < ex_nprops &&
                       ex_props[sa->fn].op == EXO_ROW));
        if (is_row && player_of(t, arg->kind == N_CALL ? arg->a->a : arg->a, a)) {
            a->subj = EXS_ROW_SEEDS;
            return 1;
        }
    }
    return 0;
}

/* Reads `n` as what a subject is compared with: a constant that fits the
 * atom, or a context name. */
static int rhs(const Tab *t, const ExNode *n, ExAtom *a)
{
    const AnnSlot *s = tab_get(t, n);
    int v = name_var(t, n);
    if (v >= 0) {
        a->rhs = (uint8_t)v;
        return 1;
    }
    if (!s || !s->ann.is_const)
        return 0;
    a->rhs = EX_NO_VAR;
    if (s->ann.type == T_INTS || s->ann.type == T_HOLES) {
        a->set = (uint64_t)s->ann.value;
        return 1;
    }
    if (s->ann.value < INT32_MIN || s->ann.value > INT32_MAX)
        return 0;
    a->k = (int32_t)s->ann.value;
    return 1;
}

/* A subject that is never negative. */
static int nonneg(const ExAtom *a)
{
    switch (a->subj) {
    case EXS_COUNT: case EXS_NUMBER: case EXS_SET_SEEDS: case EXS_ROW_SEEDS: case EXS_STORE: case EXS_INDEX:
        return 1;
    case EXS_VALUE:
        return a->var == EXV_HAND || a->var == EXV_CAPTURED || a->var == EXV_ROUND;
    default:
        return 0;
    }
}

/* A context name that always stands for a hole of the board. */
static int board_hole(int var)
{
    return var == EXV_HOLE || var == EXV_ORIGIN || var == EXV_START;
}

/* `not` applied to a comparison. */
static ExCmp negate(ExCmp op)
{
    static const ExCmp inv[] = { [CMP_EQ] = CMP_NE, [CMP_NE] = CMP_EQ, [CMP_LT] = CMP_GE,
        [CMP_LE] = CMP_GT, [CMP_GT] = CMP_LE, [CMP_GE] = CMP_LT, [CMP_IN] = CMP_NOTIN,
        [CMP_NOTIN] = CMP_IN };
    return inv[op];
}

/* The comparison with its sides swapped (`k < x` is `x > k`). */
static ExCmp mirror(ExCmp op)
{
    static const ExCmp m[] = { [CMP_EQ] = CMP_EQ, [CMP_NE] = CMP_NE, [CMP_LT] = CMP_GT,
        [CMP_LE] = CMP_GE, [CMP_GT] = CMP_LT, [CMP_GE] = CMP_LE, [CMP_IN] = CMP_IN,
        [CMP_NOTIN] = CMP_NOTIN };
    return m[op];
}

/* The canonical spelling of an atom compared with a constant. */
static void canonical(ExAtom *a)
{
    if (a->rhs != EX_NO_VAR)
        return;
    if ((a->op == CMP_IN || a->op == CMP_NOTIN) && a->set && !(a->set & (a->set - 1))) {
        a->k = __builtin_ctzll(a->set);   /* in a one-element set */
        a->op = a->op == CMP_IN ? CMP_EQ : CMP_NE;
        a->set = 0;
    }
    if (a->op == CMP_LT && a->k > INT32_MIN) {
        a->op = CMP_LE;
        a->k--;
    } else if (a->op == CMP_GT && a->k < INT32_MAX) {
        a->op = CMP_GE;
        a->k++;
    }
    if (nonneg(a) && a->k == 0 && a->op == CMP_NE)
        a->op = CMP_GE, a->k = 1;
    else if (nonneg(a) && a->k == 0 && a->op == CMP_LE)
        a->op = CMP_EQ;
}

/* Two context names compared: `X.number == Y.number` of a board hole is
 * `X == Y`; the smaller name stands on the left. */
static int name_pair(const Tab *t, const ExNode *l, const ExNode *r, ExCmp op, ExAtom *a)
{
    ExAtom x = { 0 }, y = { 0 };
    if (!subject(t, l, &x) || !subject(t, r, &y) || x.player || y.player || (op != CMP_EQ && op != CMP_NE))
        return 0;
    int numbers = x.subj == EXS_NUMBER && y.subj == EXS_NUMBER && (board_hole(x.var) || board_hole(y.var));
    if (!numbers && (x.subj != EXS_VALUE || y.subj != EXS_VALUE))
        return 0;
    a->subj = EXS_VALUE;
    a->op = (uint8_t)op;
    a->var = x.var < y.var ? x.var : y.var;
    a->rhs = x.var < y.var ? y.var : x.var;
    return 1;
}

/* The atom of a comparison node (`neg`: under a `not`); 0 if none. */
static int atom_of(const Tab *t, const ExNode *n, int neg, ExAtom *a)
{
    memset(a, 0, sizeof *a);
    if (n->kind != N_BIN || n->op < OP_EQ || n->op > OP_NOTIN)
        return 0;
    ExCmp op = ex_cmp_of(n->op);
    if (neg)
        op = negate(op);
    if (name_pair(t, n->a, n->b, op, a))
        return 1;
    memset(a, 0, sizeof *a);
    if (subject(t, n->a, a) && rhs(t, n->b, a)) {
        a->op = (uint8_t)op;
    } else {
        memset(a, 0, sizeof *a);
        if (op == CMP_IN || op == CMP_NOTIN || !subject(t, n->b, a) || !rhs(t, n->a, a))
            return 0;
        a->op = (uint8_t)mirror(op);
    }
    canonical(a);
    return 1;
}

/* Adds an atom, once. */
static void add(Nf *s, ExAtom *a)
{
    a->arg = a->op == CMP_IN || a->op == CMP_NOTIN ? (int64_t)a->set : a->k;
    a->test = ex_atom_test(a);
    for (int i = 0; i < s->f->n; i++)
        if (!memcmp(&s->f->atoms[i], a, sizeof *a))
            return;
    if (s->f->n == EX_MAX_ATOMS) {
        s->ok = 0;
        return;
    }
    s->f->atoms[s->f->n++] = *a;
}

/* The node below the `not`s and the `and`/`or`s the checker reduced to one
 * side; *neg flips with each `not`. */
static const ExNode *strip(const Tab *t, const ExNode *n, int *neg)
{
    for (;;) {
        const AnnSlot *s = tab_get(t, n);
        if (n->kind == N_ARG)
            n = n->a;
        else if (n->kind == N_NOT)
            n = n->a, *neg = !*neg;
        else if (s && n->kind == N_BIN && s->fn == FN_RIGHT)
            n = n->b;
        else if (s && n->kind == N_BIN && s->fn == FN_LEFT)
            n = n->a;
        else
            return n;
    }
}

/* The junction (EXF_AND or EXF_OR) a node is, or 0 if it is none. */
static int junction(const ExNode *n, int neg)
{
    if (n->kind != N_BIN || (n->op != OP_AND && n->op != OP_OR))
        return 0;
    return (n->op == OP_AND) != neg ? EXF_AND : EXF_OR;
}

/* Collects the atoms of `n`, a part of a junction of kind s->f->kind. */
static void walk(Nf *s, const ExNode *n, int neg, int depth)
{
    n = strip(s->t, n, &neg);
    if (depth > 64) {
        s->ok = 0;
        return;
    }
    int j = junction(n, neg);
    if (j) {
        if (j != s->f->kind && s->f->kind == EXF_AND) {
            s->f->rest = 1;   /* an `or` inside `and`: a necessary condition that is not a test */
            return;
        }
        if (j != s->f->kind) {
            s->ok = 0;   /* `and` inside `or` */
            return;
        }
        walk(s, n->a, neg, depth + 1);
        walk(s, n->b, neg, depth + 1);
        return;
    }
    ExAtom a;
    if (atom_of(s->t, n, neg, &a))
        add(s, &a);
    else if (s->f->kind == EXF_AND)
        s->f->rest = 1;   /* a necessary condition that is not a test */
    else
        s->ok = 0;
}

void nf_build(const Tab *t, const ExNode *root, ExForm *out)
{
    memset(out, 0, sizeof *out);
    int neg = 0;
    const ExNode *n = strip(t, root, &neg);
    int v = name_var(t, n);
    if (v >= 0 && !neg) {
        out->kind = EXF_NAME;
        out->name = (uint8_t)v;
        return;
    }
    const AnnSlot *s = tab_get(t, n);
    if (!s || s->ann.type != T_BOOL)
        return;
    int j = junction(n, neg);
    out->kind = (uint8_t)(j ? j : EXF_AND);
    Nf st = { t, out, 1 };
    walk(&st, n, neg, 0);
    if (!st.ok || !out->n)
        memset(out, 0, sizeof *out);
}

/* ---- filters for each-seed rules ----------------------------------------- */

/* Narrows `f` by one comparison with a constant; 0 if the comparison's
 * truth is not the same for every value of 64 and more (then `big` only
 * says whether it can hold there). */
static int narrow(ExFilter1 *f, const ExAtom *a)
{
    int64_t arg = a->op == CMP_IN || a->op == CMP_NOTIN ? (int64_t)a->set : a->k;
    uint64_t m = 0;
    for (int v = 0; v < 64; v++)
        m |= (uint64_t)ex_cmp((ExCmp)a->op, v, arg) << v;
    int big, uniform;
    switch (a->op) {
    case CMP_EQ: big = a->k >= 64; uniform = a->k < 64; break;
    case CMP_NE: big = 1; uniform = a->k < 64; break;
    case CMP_LT: big = a->k > 64; uniform = a->k <= 64; break;
    case CMP_LE: big = a->k >= 64; uniform = a->k < 64; break;
    case CMP_GT: big = 1; uniform = a->k < 64; break;
    case CMP_GE: big = 1; uniform = a->k <= 64; break;
    case CMP_IN: big = 0; uniform = 1; break;
    default: big = 1; uniform = 1; break;   /* not in a set of 0..63 */
    }
    f->mask &= m;
    f->big &= big;
    return uniform;
}

/* Fills `f` from the normal form of `e` (ExFilter, expr.h): every value
 * allowed unless `e` is a conjunction testing hole.count or hand. */
void nf_filter(const Expr *e, int var, ExFilter *f)
{
    f->count.mask = f->hand.mask = ~(uint64_t)0;
    f->count.big = f->hand.big = 1;
    f->exact = 0;
    const ExForm *fm = &e->form;
    if (!e->code || e->is_const || fm->kind != EXF_AND)
        return;
    int exact = !fm->rest;
    for (int i = 0; i < fm->n; i++) {
        const ExAtom *a = &fm->atoms[i];
        ExFilter1 *t = a->rhs != EX_NO_VAR || a->player ? NULL
                     : a->subj == EXS_COUNT && a->var == var ? &f->count
                     : a->subj == EXS_VALUE && a->var == EXV_HAND ? &f->hand : NULL;
        if (!t || !narrow(t, a))
            exact = 0;
    }
    f->exact = exact;
}
