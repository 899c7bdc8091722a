/* exeval.c: running compiled expressions (see expr.h, opcodes.h).
 *
 * ex_run executes a program on a stack of ExVal of at most EX_MAX_DEPTH
 * slots; ex_test_form tests a normal form's atoms directly. Both read
 * positions through the same few helpers below, and compare through
 * ex_cmp, so the two cannot disagree on what a test means. */
#include <assert.h>

#include "exint.h"
#include "rules.h"

/* Is the value h a store? */
static inline int is_store_val(int64_t h)
{
    return h >= STORE_HOLE(0) && h < STORE_HOLE(MAX_PLAYERS);
}

/* Seeds in hole (or store) h; 0 for anything else. */
static inline int64_t hole_count(const ExCtx *cx, int64_t h)
{
    if (h >= 0 && h < cx->rules->nholes)
        return cx->pos->count[h];
    if (h == STORE_HOLE(0) || h == STORE_HOLE(1))
        return cx->pos->store[h - MAX_HOLES];
    return 0;
}

/* The owner of h: a hole's owner, a store's player, -1 for no hole. */
static inline int64_t hole_owner(const ExCtx *cx, int64_t h)
{
    if (h >= 0 && h < cx->rules->nholes)
        return pos_owner(cx->pos, (int)h);
    return h >= MAX_HOLES && h < MAX_HOLES + cx->rules->players ? h - MAX_HOLES : -1;
}

/* The number of hole h (1..), 0 for no hole or a store. */
static inline int64_t hole_number(const ExCtx *cx, int64_t h)
{
    return h >= 0 && h < cx->rules->nholes ? h + 1 : 0;
}

/* Hole h's place in its row, 1..width (`index`); 0 for no hole. */
static inline int64_t hole_index(const ExCtx *cx, int64_t h)
{
    return h >= 0 && h < cx->rules->nholes ? cx->rules->geo.index[h] : 0;
}

/* The value of context name `v` (ExVar). */
static inline ExVal var_value(const ExCtx *cx, int v)
{
    if (v < EXV_BOARD)
        return cx->v[v];
    if (v == EXV_SOWN)
        return (ExVal)cx->reached;
    if (v == EXV_PLACED)
        return (cx->pos->last_move & LM_PLACED) != 0;
    if (v == EXV_STORED)
        return (cx->pos->last_move >> LM_STORED_SHIFT) & 7;
    if (v == EXV_SELECTED)
        return (cx->pos->last_move & LM_SELECTED) != 0;
    if (v == EXV_CHOICE)
        return (cx->pos->last_move & LM_CHOSEN) != 0;
    if (v == EXV_CLOCKWISE)
        return cx->dir == DIR_CW;
    if (v == EXV_STONE)
        return cx->stone;
    if (v == EXV_EXTRA)
        return (cx->pos->last_move & LM_EXTRA) != 0;
    if (v == EXV_DROPPED)
        return cx->dropped;
    if (v == EXV_TRAIL)
        return (ExVal)cx->trail;
    return (ExVal)(mask_n(cx->rules->nholes) & ~cx->pos->out_of_play);
}

/* Seeds in the holes of a set. */
static inline int64_t set_seeds(const ExCtx *cx, Mask m)
{
    int64_t acc = 0;
    for (m &= mask_n(cx->rules->nholes); m; m &= m - 1)
        acc += cx->pos->count[ctz_mask(m)];
    return acc;
}

/* Seeds in the row (side) of player p: a run of holes, or a set. */
static inline int64_t row_seeds(const ExCtx *cx, int64_t p)
{
    const Geometry *g = &cx->rules->geo;
    const int len = g->side_len[p & cx->rules->pl_mask];
    if (!len)
        return set_seeds(cx, g->side_mask[p & cx->rules->pl_mask]);
    const uint16_t *c = cx->pos->count + g->side_first[p & cx->rules->pl_mask];
    int64_t acc = 0;
    for (int i = 0; i < len; i++)
        acc += c[i];
    return acc;
}

/* Non-empty holes, most or fewest seeds in a hole, of a set (op: EXO_*). */
static int64_t set_stat(const ExCtx *cx, int op, Mask m)
{
    const uint16_t *cnt = cx->pos->count;
    int64_t acc = 0;
    m &= mask_n(cx->rules->nholes);
    if (op == EXO_SMIN && m)
        acc = INT64_MAX;
    for (; m; m &= m - 1) {
        int64_t v = cnt[ctz_mask(m)];
        if (op == EXO_NONEMPTY)
            acc += v > 0;
        else if (op == EXO_SMAX ? v > acc : v < acc)
            acc = v;
    }
    return acc;
}

/* ---- normal forms --------------------------------------------------------- */

/* The subjects an atom reads (ExSubj), through the context value `var`
 * or, where marked K, the constant player `var`. */
#define S_VALUE(a, cx) ((int64_t)(cx)->v[(a)->var])
#define S_NUMBER(a, cx) hole_number(cx, (cx)->v[(a)->var])
#define S_INDEX(a, cx) hole_index(cx, (cx)->v[(a)->var])
#define S_COUNT(a, cx) hole_count(cx, (cx)->v[(a)->var])
#define S_OWNER(a, cx) hole_owner(cx, (cx)->v[(a)->var])
#define S_SETSEEDS(a, cx) set_seeds(cx, (Mask)var_value(cx, (a)->var))
#define S_ROWSEEDS(a, cx) row_seeds(cx, (cx)->v[(a)->var])
#define S_ROWSEEDSK(a, cx) row_seeds(cx, (a)->var)
#define S_STORE(a, cx) ((int64_t)(cx)->pos->store[(cx)->v[(a)->var] & cx->rules->pl_mask])
#define S_STOREK(a, cx) ((int64_t)(cx)->pos->store[(a)->var & cx->rules->pl_mask])

/* A test function for subject S and comparison C, against the constant
 * (`arg`) or, with the suffix V, the context value `rhs`. */
#define TEST(S, C, RHS, SUF)                                              \
    static int t_##S##_##C##SUF(const ExAtom *a, const ExCtx *cx)        \
    {                                                                     \
        return ex_cmp(CMP_##C, S_##S(a, cx), RHS);                        \
    }
/* The tests of membership in a constant set (of numbers: 0..63). */
#define TESTIN(S)                                                         \
    static int t_##S##_INK(const ExAtom *a, const ExCtx *cx)              \
    {                                                                     \
        return ex_in64(S_##S(a, cx), a->set);                             \
    }                                                                     \
    static int t_##S##_NOTINK(const ExAtom *a, const ExCtx *cx)           \
    {                                                                     \
        return !ex_in64(S_##S(a, cx), a->set);                            \
    }
#define TESTS(S)                                                          \
    TEST(S, EQ, a->arg, K) TEST(S, NE, a->arg, K) TEST(S, LT, a->arg, K)  \
    TEST(S, LE, a->arg, K) TEST(S, GT, a->arg, K) TEST(S, GE, a->arg, K)  \
    TESTIN(S)                                                             \
    TEST(S, EQ, var_value(cx, a->rhs), V) TEST(S, NE, var_value(cx, a->rhs), V) \
    TEST(S, LT, var_value(cx, a->rhs), V) TEST(S, LE, var_value(cx, a->rhs), V) \
    TEST(S, GT, var_value(cx, a->rhs), V) TEST(S, GE, var_value(cx, a->rhs), V) \
    TEST(S, IN, var_value(cx, a->rhs), V) TEST(S, NOTIN, var_value(cx, a->rhs), V)
TESTS(VALUE)
TESTS(NUMBER)
TESTS(COUNT)
TESTS(OWNER)
TESTS(SETSEEDS)
TESTS(ROWSEEDS)
TESTS(ROWSEEDSK)
TESTS(STORE)
TESTS(INDEX)
TESTS(STOREK)
#define ROW(S)                                                                        \
    { t_##S##_EQK, t_##S##_NEK, t_##S##_LTK, t_##S##_LEK, t_##S##_GTK, t_##S##_GEK,    \
      t_##S##_INK, t_##S##_NOTINK, t_##S##_EQV, t_##S##_NEV, t_##S##_LTV, t_##S##_LEV, \
      t_##S##_GTV, t_##S##_GEV, t_##S##_INV, t_##S##_NOTINV }

/* A row with no seed (`seeds(row(P)) == 0`, and `>= 1` its negation):
 * the counts or-ed together, a count at a time (no branch on the counts,
 * and no wide read of counts written a moment ago one by one). */
static inline int row_empty(const ExCtx *cx, int64_t p)
{
    const Geometry *g = &cx->rules->geo;
    const int len = g->side_len[p & cx->rules->pl_mask];
    if (!len)
        return set_seeds(cx, g->side_mask[p & cx->rules->pl_mask]) == 0;
    const uint16_t *c = cx->pos->count + g->side_first[p & cx->rules->pl_mask];
    unsigned any = 0;
    for (int i = 0; i < len; i++)
        any |= c[i];
    return !any;
}

/* The tests of an empty (or sown) row, of a context player or a constant one. */
static int t_ROW_EMPTY(const ExAtom *a, const ExCtx *cx) { return row_empty(cx, cx->v[a->var]); }
static int t_ROW_EMPTYK(const ExAtom *a, const ExCtx *cx) { return row_empty(cx, a->var); }
static int t_ROW_SOWN(const ExAtom *a, const ExCtx *cx) { return !row_empty(cx, cx->v[a->var]); }
static int t_ROW_SOWNK(const ExAtom *a, const ExCtx *cx) { return !row_empty(cx, a->var); }

ExTest ex_atom_test(const ExAtom *a)
{
    if (a->subj == EXS_ROW_SEEDS && a->rhs == EX_NO_VAR &&
        ((a->op == CMP_EQ && a->arg == 0) || (a->op == CMP_GE && a->arg == 1)))
        return a->op == CMP_EQ ? (a->player ? t_ROW_EMPTYK : t_ROW_EMPTY)
                               : (a->player ? t_ROW_SOWNK : t_ROW_SOWN);
    /* [subject][comparison + 8 if against a context value]; the K rows
     * for a constant player */
    static const ExTest table[][16] = { ROW(VALUE), ROW(NUMBER), ROW(COUNT), ROW(OWNER), ROW(SETSEEDS),
                                        ROW(ROWSEEDS), ROW(STORE), ROW(INDEX), ROW(ROWSEEDSK), ROW(STOREK) };
    int row = a->subj;
    if (a->player)
        row = a->subj == EXS_ROW_SEEDS ? EXS_INDEX + 1 : EXS_INDEX + 2;
    assert(row >= 0 && row <= EXS_INDEX + 2 && a->op <= CMP_NOTIN);
    return table[row][a->op + (a->rhs != EX_NO_VAR ? 8 : 0)];
}

#undef TEST
#undef TESTIN
#undef TESTS
#undef ROW

ExVal ex_compute(const Expr *e, const ExCtx *cx)
{
    if (e->is_const)
        return e->type == T_INTS || e->type == T_HOLES ? (ExVal)(uint64_t)e->value : e->value;
    if (e->direct)
        return e->form.kind == EXF_NAME ? var_value(cx, e->form.name) : ex_test_form(&e->form, cx);
    return ex_run(e, cx);
}

/* ---- programs -------------------------------------------------------------- */

/* The 64-bit immediate at pc (two words). */
static inline uint64_t imm64(const int32_t *pc)
{
    return (uint64_t)(uint32_t)pc[0] | ((uint64_t)(uint32_t)pc[1] << 32);
}

/* The dispatch switch: one case an operation of opcodes.h. */
ExVal ex_run(const Expr *e, const ExCtx *cx)
{
    /* the stack: its top in `top` (a register), the n - 1 values below
     * it in st[1..n-1] */
    ExVal st[EX_MAX_DEPTH + 2], top = 0;
    int n = 0;
    /* a filter names each hole in turn: from its first WHERE on, cx
     * points to this copy of the caller's context, whose `hole` the
     * filter sets (written here, read through cx) */
    ExCtx fcx;
    const int32_t *pc = e->code;
    const int nh = cx->rules->nholes;
    const Geometry *g = &cx->rules->geo;
#define TOP top
#define PUSH(x) do { ExVal v_ = (x); st[n++] = top; top = v_; } while (0)
#define POP() (top = st[--n])
#define BINARY(expr) do { ExVal b = top, a = st[--n]; (void)a; (void)b; top = (expr); } while (0)
/* a number of the stack (numbers stay within 64 bits) */
#define NUM(x) ((int64_t)(x))
    for (;;) {
        int op = *pc++;
        switch (op) {
        case EXO_PUSH: PUSH(*pc++); break;
        case EXO_PUSH64: PUSH((int64_t)imm64(pc)); pc += 2; break;
        case EXO_PUSHSET: PUSH((ExVal)imm64(pc)); pc += 2; break;
        case EXO_VAR: PUSH(var_value(cx, *pc++)); break;
        case EXO_LOCAL: {
            /* the k-th value (from 0) is st[k + 1], or the top itself */
            int k = *pc++;
            PUSH(k + 1 == n ? top : st[k + 1]);
            break;
        }
        case EXO_NIP: --n; break;
        case EXO_COUNT: TOP = hole_count(cx, TOP); break;
        case EXO_OWNER: TOP = hole_owner(cx, TOP); break;
        case EXO_ROWOF:
            TOP = TOP >= 0 && TOP < nh ? g->side[TOP] : (TOP >= MAX_HOLES && TOP < MAX_HOLES + cx->rules->players) ? TOP - MAX_HOLES : -1;
            break;
        case EXO_INDEX: TOP = hole_index(cx, TOP); break;
        case EXO_RANK: TOP = TOP >= 0 && TOP < nh ? g->rank[TOP] + 1 : 0; break;
        case EXO_COLUMN: TOP = TOP >= 0 && TOP < nh ? g->column[TOP] + 1 : 0; break;
        case EXO_DEPTH: TOP = TOP >= 0 && TOP < nh ? g->depth[TOP] : 0; break;
        case EXO_NUMBER: TOP = hole_number(cx, TOP); break;
        case EXO_OUT: TOP = TOP >= 0 && TOP < nh ? (ExVal)has_hole(cx->pos->out_of_play, (int)TOP) : 0; break;
        case EXO_STONES:   /* (a store: the stones lying in it, board.store-stones) */
            TOP = (TOP >= 0 && TOP < nh) || is_store_val(TOP) ? hole_stones(cx->rules, cx->pos, (int)TOP) : 0;
            break;
        case EXO_ISSTORE: TOP = TOP >= MAX_HOLES; break;
        case EXO_SETFLAG: TOP = (ExVal)((Mask)TOP & cx->pos->flags[*pc++]); break;
        case EXO_FIRST: {
            Mask m = (Mask)TOP & mask_n(nh);
            TOP = m ? ctz_mask(m) : NO_HOLE;
            break;
        }
        case EXO_LASTOF: {
            Mask m = (Mask)TOP & mask_n(nh);
            TOP = m ? msb_mask(m) : NO_HOLE;
            break;
        }
        case EXO_FLAG: {
            int f = *pc++;
            TOP = TOP >= 0 && TOP < nh ? (ExVal)has_hole(cx->pos->flags[f], (int)TOP)
                  : is_store_val(TOP) ? (ExVal)((store_stones_at(cx->rules, cx->pos, (int)TOP) >> f) & 1) : 0;
            break;
        }
        case EXO_PSTORE: TOP = cx->pos->store[TOP & cx->rules->pl_mask]; break;
        case EXO_PCOUNTER: TOP = cx->pos->counter[TOP & cx->rules->pl_mask][*pc++]; break;
        case EXO_PTOTAL: TOP = cx->pos->total[TOP & cx->rules->pl_mask]; break;
        case EXO_PSOWED: TOP = (cx->pos->sowed >> (2 * (TOP & cx->rules->pl_mask))) & 1; break;
        case EXO_PRESERVE: TOP = cx->pos->reserve[TOP & cx->rules->pl_mask]; break;
        case EXO_PCW: TOP = (cx->pos->sowed >> (2 * (TOP & cx->rules->pl_mask) + 1)) & 1; break;
        case EXO_PTOOK: TOP = (cx->pos->last_move >> (TOP & cx->rules->pl_mask)) & 1; break;
        case EXO_PDEBT: TOP = cx->pos->debt[TOP & cx->rules->pl_mask]; break;
        case EXO_OTHER: TOP = next_player(cx->rules, cx->pos, (int)(TOP & cx->rules->pl_mask)); break;
        case EXO_PLAYERK: TOP = TOP >= 1 && TOP <= cx->rules->players ? TOP - 1 : -1; break;
        case EXO_ROW: TOP = (ExVal)g->side_mask[TOP & cx->rules->pl_mask]; break;
        case EXO_OWNED: {
            TOP = (ExVal)owned_mask(cx->rules, cx->pos, (int)(TOP & cx->rules->pl_mask));
            break;
        }
        case EXO_OPPOSITE: TOP = TOP >= 0 && TOP < nh ? g->opposite[TOP] : TOP; break;
        case EXO_INNER: TOP = TOP >= 0 && TOP < nh ? g->inner[TOP] : NO_HOLE; break;
        case EXO_OUTER: TOP = TOP >= 0 && TOP < nh ? g->outer[TOP] : NO_HOLE; break;
        case EXO_NEXT:
        case EXO_PREV: {
            if (cx->rules->stores_hold && ((TOP >= 0 && TOP < nh) || is_store_val(TOP))) {
                /* stores that hold large stones are places of the track */
                const int dir = (int)((cx->dir & 1) ^ (op == EXO_PREV));
                TOP = bd_place_step(cx->rules, cx->pos, (int)TOP, dir, cx->mover & cx->rules->pl_mask);
            } else if (TOP >= 0 && TOP < nh) {
                /* on along the track, passing over holes out of play (h
                 * itself if it is the only one in play, no hole if none is) */
                const int8_t *nx = (op == EXO_NEXT ? g->next : g->back)[cx->mover & cx->rules->pl_mask][cx->dir & 1];
                const Mask out = cx->pos->out_of_play;
                int t = nx[TOP];
                for (int i = 0; i < nh && t >= 0 && has_hole(out, t); i++)
                    t = nx[t];
                TOP = t >= 0 && has_hole(out, t) ? NO_HOLE : t;
            }
            break;
        }
        case EXO_STOREOF: TOP = STORE_HOLE(TOP & cx->rules->pl_mask); break;
        case EXO_HOLENUM: TOP = TOP >= 1 && TOP <= nh ? TOP - 1 : NO_HOLE; break;
        case EXO_HOLEAT:
            BINARY(a >= 1 && a <= cx->rules->rows && b >= 1 && b <= cx->rules->width ? g->at[a - 1][b - 1]
                                                                                      : NO_HOLE);
            break;
        case EXO_AROUND: TOP = TOP >= 0 && TOP < nh ? (ExVal)geo_around(g, cx->rules->rows, cx->rules->width, (int)TOP) : 0;
            break;
        case EXO_AHEAD:
            BINARY(a >= 0 && a < nh ? geo_ahead(g, cx->rules->rows, cx->rules->width, (int)a, cx->heading, NUM(b))
                                    : NO_HOLE);
            break;
        case EXO_SEEDS: TOP = set_seeds(cx, (Mask)TOP); break;
        case EXO_SIZE: TOP = popcount_mask((Mask)TOP & mask_n(nh)); break;
        case EXO_NONEMPTY:
        case EXO_SMAX:
        case EXO_SMIN: TOP = set_stat(cx, op, (Mask)TOP); break;
        case EXO_REACHED: TOP = ((Mask)TOP & cx->reached) != 0; break;
        case EXO_IMAX: BINARY(a > b ? a : b); break;
        case EXO_IMIN: BINARY(a < b ? a : b); break;
        case EXO_ADD: BINARY(ex_arith(OP_ADD, NUM(a), NUM(b))); break;
        case EXO_SUB: BINARY(ex_arith(OP_SUB, NUM(a), NUM(b))); break;
        case EXO_MUL: BINARY(ex_arith(OP_MUL, NUM(a), NUM(b))); break;
        case EXO_DIV: BINARY(ex_arith(OP_DIV, NUM(a), NUM(b))); break;
        case EXO_MOD: BINARY(ex_arith(OP_MOD, NUM(a), NUM(b))); break;
        case EXO_NEG: TOP = (int64_t)(0 - (uint64_t)NUM(TOP)); break;
        case EXO_EQ: BINARY(ex_cmp(CMP_EQ, a, b)); break;
        case EXO_NE: BINARY(ex_cmp(CMP_NE, a, b)); break;
        case EXO_LT: BINARY(ex_cmp(CMP_LT, a, b)); break;
        case EXO_LE: BINARY(ex_cmp(CMP_LE, a, b)); break;
        case EXO_GT: BINARY(ex_cmp(CMP_GT, a, b)); break;
        case EXO_GE: BINARY(ex_cmp(CMP_GE, a, b)); break;
        case EXO_IN: BINARY(ex_cmp(CMP_IN, a, b)); break;
        case EXO_NOT: TOP = !TOP; break;
        case EXO_SETADD: BINARY(b >= 0 && b < MAX_HOLES ? (ExVal)((Mask)a | ((Mask)1 << b)) : a); break;
        case EXO_JFK:
            if (!TOP) {
                pc = e->code + *pc;
            } else {
                POP();
                pc++;
            }
            break;
        case EXO_JTK:
            if (TOP) {
                pc = e->code + *pc;
            } else {
                POP();
                pc++;
            }
            break;
        case EXO_JFP: {
            ExVal v = top;
            POP();
            pc = v ? pc + 1 : e->code + *pc;
            break;
        }
        case EXO_JMP: pc = e->code + *pc; break;
        case EXO_WHERE: {
            /* S -> R M H */
            if (cx != &fcx) {
                fcx = *cx;
                cx = &fcx;
            }
            Mask m = (Mask)TOP & mask_n(nh);
            TOP = 0;
            PUSH((ExVal)m);
            PUSH(cx->hole);
            break;
        }
        case EXO_WNEXT: {
            /* top: H; st[n - 1]: M; st[n - 2]: R */
            Mask m = (Mask)st[n - 1];
            if (m) {
                fcx.hole = ctz_mask(m);
                st[n - 1] = (ExVal)(m & (m - 1));
                pc++;
            } else {
                fcx.hole = (int)TOP;
                POP();
                POP();
                pc = e->code + *pc;
            }
            break;
        }
        case EXO_WKEEP: {
            /* top: the condition's value; st[n - 1]: H; st[n - 2]: M;
             * st[n - 3]: R */
            if (TOP)
                st[n - 3] = (ExVal)((Mask)st[n - 3] | (Mask)1 << cx->hole);
            POP();
            pc = e->code + *pc;
            break;
        }
        case EXO_VCOUNT: PUSH(hole_count(cx, var_value(cx, *pc++))); break;
        case EXO_VOWNER: PUSH(hole_owner(cx, var_value(cx, *pc++))); break;
        case EXO_VPSTORE: PUSH(cx->pos->store[var_value(cx, *pc++) & cx->rules->pl_mask]); break;
        case EXO_KPSTORE: PUSH(cx->pos->store[*pc++ & cx->rules->pl_mask]); break;
        case EXO_VROWSEEDS: PUSH(row_seeds(cx, var_value(cx, *pc++))); break;
        case EXO_KROWSEEDS: PUSH(row_seeds(cx, *pc++)); break;
        case EXO_VSEEDS: PUSH(set_seeds(cx, (Mask)var_value(cx, *pc++))); break;
        case EXO_EQK: TOP = ex_cmp(CMP_EQ, TOP, *pc++); break;
        case EXO_NEK: TOP = ex_cmp(CMP_NE, TOP, *pc++); break;
        case EXO_LTK: TOP = ex_cmp(CMP_LT, TOP, *pc++); break;
        case EXO_LEK: TOP = ex_cmp(CMP_LE, TOP, *pc++); break;
        case EXO_GTK: TOP = ex_cmp(CMP_GT, TOP, *pc++); break;
        case EXO_GEK: TOP = ex_cmp(CMP_GE, TOP, *pc++); break;
        case EXO_INK: TOP = ex_in64(NUM(TOP), imm64(pc)); pc += 2; break;
        case EXO_EQV: TOP = ex_cmp(CMP_EQ, TOP, var_value(cx, *pc++)); break;
        case EXO_NEV: TOP = ex_cmp(CMP_NE, TOP, var_value(cx, *pc++)); break;
        case EXO_END: return n > 0 ? top : 0;
        default:
            assert(!"unknown operation in an expression program");
            return 0;
        }
    }
#undef TOP
#undef PUSH
#undef POP
#undef BINARY
#undef NUM
}
