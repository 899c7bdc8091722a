/* exeval.c: running compiled expressions (see expr.h, opcodes.h).
 *
 * ex_run executes a program on an int64 stack of at most EX_MAX_DEPTH
 * slots; ex_test_form tests a normal form's atoms directly. Both read
 * positions through the same few helpers below, and compare through
 * ex_cmp, so the two cannot disagree on what a test means. */
#include <assert.h>

#include "exint.h"
#include "rules.h"

/* The holes 0..n-1 as a set. */
static inline uint64_t all_mask(int n)
{
    return n >= 64 ? ~(uint64_t)0 : (((uint64_t)1 << n) - 1);
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
    return h >= MAX_HOLES && h < MAX_HOLES + 2 ? h - MAX_HOLES : -1;
}

/* The number of hole h (1..), 0 for no hole or a store. */
static inline int64_t hole_number(const ExCtx *cx, int64_t h)
{
    return h >= 0 && h < cx->rules->nholes ? h + 1 : 0;
}

/* The value of context name `v` (ExVar). */
static inline int64_t var_value(const ExCtx *cx, int v)
{
    if (v < EXV_BOARD)
        return cx->v[v];
    return (int64_t)(all_mask(cx->rules->nholes) & ~cx->pos->out_of_play);
}

/* Seeds in the holes of a set. */
static inline int64_t set_seeds(const ExCtx *cx, uint64_t m)
{
    int64_t acc = 0;
    for (m &= all_mask(cx->rules->nholes); m; m &= m - 1)
        acc += cx->pos->count[__builtin_ctzll(m)];
    return acc;
}

/* Seeds in the row of player p. */
static inline int64_t row_seeds(const ExCtx *cx, int64_t p)
{
    const int wd = cx->rules->width;
    const uint16_t *c = cx->pos->count + (p & 1) * wd;
    int64_t acc = 0;
    for (int i = 0; i < wd; i++)
        acc += c[i];
    return acc;
}

/* Non-empty holes, most or fewest seeds in a hole, of a set (op: EXO_*). */
static int64_t set_stat(const ExCtx *cx, int op, uint64_t m)
{
    const uint16_t *cnt = cx->pos->count;
    int64_t acc = 0;
    m &= all_mask(cx->rules->nholes);
    if (op == EXO_SMIN && m)
        acc = INT64_MAX;
    for (; m; m &= m - 1) {
        int64_t v = cnt[__builtin_ctzll(m)];
        if (op == EXO_NONEMPTY)
            acc += v > 0;
        else if (op == EXO_SMAX ? v > acc : v < acc)
            acc = v;
    }
    return acc;
}

/* ---- normal forms --------------------------------------------------------- */

/* The eight comparisons of a subject `x` with `y`, as cases of the switch
 * in ex_test_form on subject * 8 + comparison. */
#define TESTS(S, x)                                                      \
    case S * 8 + CMP_EQ: ok = (x) == y; break;                           \
    case S * 8 + CMP_NE: ok = (x) != y; break;                           \
    case S * 8 + CMP_LT: ok = (x) < y; break;                            \
    case S * 8 + CMP_LE: ok = (x) <= y; break;                           \
    case S * 8 + CMP_GT: ok = (x) > y; break;                            \
    case S * 8 + CMP_GE: ok = (x) >= y; break;                           \
    case S * 8 + CMP_IN: ok = ex_in((x), (uint64_t)y); break;            \
    case S * 8 + CMP_NOTIN: ok = !ex_in((x), (uint64_t)y); break;

int ex_test_form(const ExForm *f, const ExCtx *cx)
{
    const int any = f->kind == EXF_OR;
    for (int i = 0; i < f->n; i++) {
        const ExAtom *a = &f->atoms[i];
        /* what the subject reads through: a context value (the board's
         * set is the only one past v[]), or a constant player */
        const int64_t v = a->player ? a->var : a->var < EXV_BOARD ? cx->v[a->var] : 0;
        const int64_t y = a->rhs != EX_NO_VAR ? cx->v[a->rhs] : a->arg;
        int ok;
        switch (a->subj * 8 + a->op) {
            TESTS(EXS_VALUE, v)
            TESTS(EXS_NUMBER, hole_number(cx, v))
            TESTS(EXS_COUNT, hole_count(cx, v))
            TESTS(EXS_OWNER, hole_owner(cx, v))
            TESTS(EXS_SET_SEEDS, set_seeds(cx, (uint64_t)var_value(cx, a->var)))
            TESTS(EXS_ROW_SEEDS, row_seeds(cx, v))
            TESTS(EXS_STORE, cx->pos->store[v & 1])
        default:
            assert(!"an atom of an unknown shape");
            ok = 0;
        }
        if (ok == any)
            return any;   /* `and`: the first false; `or`: the first true */
    }
    return !any;
}

#undef TESTS

int64_t ex_eval(const Expr *e, const ExCtx *cx)
{
    if (e->is_const)
        return e->value;
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
int64_t ex_run(const Expr *e, const ExCtx *cx)
{
    int64_t st[EX_MAX_DEPTH + 2];
    int sp = 0;
    const int32_t *pc = e->code;
    const int nh = cx->rules->nholes, wd = cx->rules->width;
#define TOP st[sp - 1]
#define BINARY(expr) do { sp--; int64_t a = st[sp - 1], b = st[sp]; (void)a; (void)b; st[sp - 1] = (expr); } while (0)
    for (;;) {
        int op = *pc++;
        switch (op) {
        case EXO_PUSH: st[sp++] = *pc++; break;
        case EXO_PUSH64: st[sp++] = (int64_t)imm64(pc); pc += 2; break;
        case EXO_VAR: st[sp++] = var_value(cx, *pc++); break;
        case EXO_COUNT: TOP = hole_count(cx, TOP); break;
        case EXO_OWNER: TOP = hole_owner(cx, TOP); break;
        case EXO_ROWOF:
            TOP = TOP >= 0 && TOP < nh ? TOP / wd : (TOP >= MAX_HOLES && TOP < MAX_HOLES + 2) ? TOP - MAX_HOLES : -1;
            break;
        case EXO_INDEX: TOP = TOP >= 0 && TOP < nh ? TOP % wd + 1 : 0; break;
        case EXO_NUMBER: TOP = hole_number(cx, TOP); break;
        case EXO_OUT: TOP = TOP >= 0 && TOP < nh ? (int64_t)((cx->pos->out_of_play >> TOP) & 1) : 0; break;
        case EXO_ISSTORE: TOP = TOP >= MAX_HOLES; break;
        case EXO_FLAG: {
            int f = *pc++;
            TOP = TOP >= 0 && TOP < nh ? (int64_t)((cx->pos->flags[f] >> TOP) & 1) : 0;
            break;
        }
        case EXO_PSTORE: TOP = cx->pos->store[TOP & 1]; break;
        case EXO_PTOTAL: TOP = cx->pos->total[TOP & 1]; break;
        case EXO_OTHER: TOP = !TOP; break;
        case EXO_ROW: TOP = (int64_t)(all_mask(wd) << ((TOP & 1) * wd)); break;
        case EXO_OWNED: {
            uint64_t own = cx->pos->north_owned;
            TOP = (int64_t)((TOP ? own : ~own) & all_mask(nh));
            break;
        }
        case EXO_OPPOSITE: TOP = TOP >= 0 && TOP < nh ? nh - 1 - TOP : TOP; break;
        case EXO_NEXT:
        case EXO_PREV: {
            int step = (op == EXO_NEXT) == (cx->dir == DIR_CCW) ? 1 : nh - 1;
            TOP = TOP >= 0 && TOP < nh ? (TOP + step) % nh : TOP;
            break;
        }
        case EXO_STOREOF: TOP = STORE_HOLE(TOP & 1); break;
        case EXO_HOLENUM: TOP = TOP >= 1 && TOP <= nh ? TOP - 1 : NO_HOLE; break;
        case EXO_SEEDS: TOP = set_seeds(cx, (uint64_t)TOP); break;
        case EXO_SIZE: TOP = __builtin_popcountll((uint64_t)TOP & all_mask(nh)); break;
        case EXO_NONEMPTY:
        case EXO_SMAX:
        case EXO_SMIN: TOP = set_stat(cx, op, (uint64_t)TOP); break;
        case EXO_REACHED: TOP = ((uint64_t)TOP & cx->reached) != 0; break;
        case EXO_IMAX: BINARY(a > b ? a : b); break;
        case EXO_IMIN: BINARY(a < b ? a : b); break;
        case EXO_ADD: BINARY(ex_arith(OP_ADD, a, b)); break;
        case EXO_SUB: BINARY(ex_arith(OP_SUB, a, b)); break;
        case EXO_MUL: BINARY(ex_arith(OP_MUL, a, b)); break;
        case EXO_DIV: BINARY(ex_arith(OP_DIV, a, b)); break;
        case EXO_MOD: BINARY(ex_arith(OP_MOD, a, b)); break;
        case EXO_NEG: TOP = (int64_t)(0 - (uint64_t)TOP); break;
        case EXO_EQ: BINARY(ex_cmp(CMP_EQ, a, b)); break;
        case EXO_NE: BINARY(ex_cmp(CMP_NE, a, b)); break;
        case EXO_LT: BINARY(ex_cmp(CMP_LT, a, b)); break;
        case EXO_LE: BINARY(ex_cmp(CMP_LE, a, b)); break;
        case EXO_GT: BINARY(ex_cmp(CMP_GT, a, b)); break;
        case EXO_GE: BINARY(ex_cmp(CMP_GE, a, b)); break;
        case EXO_IN: BINARY(ex_cmp(CMP_IN, a, b)); break;
        case EXO_NOT: TOP = !TOP; break;
        case EXO_SETADD: BINARY(b >= 0 && b < 64 ? (int64_t)((uint64_t)a | ((uint64_t)1 << b)) : a); break;
        case EXO_JFK:
            if (!TOP) {
                pc = e->code + *pc;
            } else {
                sp--;
                pc++;
            }
            break;
        case EXO_JTK:
            if (TOP) {
                pc = e->code + *pc;
            } else {
                sp--;
                pc++;
            }
            break;
        case EXO_JFP:
            sp--;
            pc = st[sp] ? pc + 1 : e->code + *pc;
            break;
        case EXO_JMP: pc = e->code + *pc; break;
        case EXO_VCOUNT: st[sp++] = hole_count(cx, var_value(cx, *pc++)); break;
        case EXO_VOWNER: st[sp++] = hole_owner(cx, var_value(cx, *pc++)); break;
        case EXO_VPSTORE: st[sp++] = cx->pos->store[var_value(cx, *pc++) & 1]; break;
        case EXO_KPSTORE: st[sp++] = cx->pos->store[*pc++ & 1]; break;
        case EXO_VROWSEEDS: st[sp++] = row_seeds(cx, var_value(cx, *pc++)); break;
        case EXO_KROWSEEDS: st[sp++] = row_seeds(cx, *pc++); break;
        case EXO_VSEEDS: st[sp++] = set_seeds(cx, (uint64_t)var_value(cx, *pc++)); break;
        case EXO_EQK: TOP = ex_cmp(CMP_EQ, TOP, *pc++); break;
        case EXO_NEK: TOP = ex_cmp(CMP_NE, TOP, *pc++); break;
        case EXO_LTK: TOP = ex_cmp(CMP_LT, TOP, *pc++); break;
        case EXO_LEK: TOP = ex_cmp(CMP_LE, TOP, *pc++); break;
        case EXO_GTK: TOP = ex_cmp(CMP_GT, TOP, *pc++); break;
        case EXO_GEK: TOP = ex_cmp(CMP_GE, TOP, *pc++); break;
        case EXO_INK: TOP = ex_cmp(CMP_IN, TOP, (int64_t)imm64(pc)); pc += 2; break;
        case EXO_EQV: TOP = ex_cmp(CMP_EQ, TOP, var_value(cx, *pc++)); break;
        case EXO_NEV: TOP = ex_cmp(CMP_NE, TOP, var_value(cx, *pc++)); break;
        case EXO_END: return sp > 0 ? TOP : 0;
        default:
            assert(!"unknown operation in an expression program");
            return 0;
        }
    }
#undef TOP
#undef BINARY
}
