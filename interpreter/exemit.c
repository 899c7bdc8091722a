/* exemit.c: code generation for expressions (operations: opcodes.h).
 *
 * em_program writes a stack program for a checked tree. Folded nodes
 * become constants. Unless `plain`, common shapes get one fused
 * instruction (a context hole's count, a comparison with a constant):
 * the choice is made here, from the tree and its annotations, never by
 * reading emitted code back. The stack depth is tracked from the
 * operations' stack effects in opcodes.h, and its cost (EX_MAX_COST):
 * each word, counted 64 times over for each filter it is inside. */
#include <string.h>

#include "exint.h"

typedef struct Em {
    const Tab *t;
    int plain;
    int32_t *code;
    int len, cap;
    int depth, max;
    int overflow;
    int filters;             /* filters the words written now are inside */
    uint64_t cost;
    int nlets;               /* the enclosing `let`s: the stack slot of each value */
    int let_slot[EX_MAX_LETS];
} Em;

/* Writes one word, and counts it once for each time it may run: 64 times
 * for each filter around it (past 2^42, the count only says "too much"). */
static void word(Em *e, int32_t v)
{
    e->cost += e->filters < 7 ? (uint64_t)1 << (6 * e->filters) : (uint64_t)1 << 42;
    if (e->len >= e->cap) {
        e->overflow = 1;
        return;
    }
    e->code[e->len++] = v;
}

/* Writes operation `op` with its immediate words (as many as opcodes.h
 * says: a, then b) and applies its stack effect. */
static void op2(Em *e, int op, int32_t a, int32_t b)
{
    const ExOpInfo *in = &ex_op_info[op];
    word(e, op);
    if (in->imm > 0)
        word(e, a);
    if (in->imm > 1)
        word(e, b);
    e->depth += in->push - in->pop;
    if (e->depth > e->max)
        e->max = e->depth;
}

/* Writes an operation that takes no immediate word. */
static void op0(Em *e, int op)
{
    op2(e, op, 0, 0);
}

/* Writes an operation that takes one immediate word, `a`. */
static void op1(Em *e, int op, int32_t a)
{
    op2(e, op, a, 0);
}

/* A jump whose target is patched later: returns where its operand is. */
static int jump(Em *e, int op)
{
    op1(e, op, 0);
    return e->len - 1;
}

/* Points the jump operand at `at` (from jump) to the next word written. */
static void patch(Em *e, int at)
{
    if (at < e->cap && !e->overflow)
        e->code[at] = e->len;
}

/* Pushes the constant `v`: one word when it fits in 32 bits, else two (a
 * set of numbers, `set`, as an unsigned mask). */
static void konst(Em *e, int64_t v, int set)
{
    if (v >= INT32_MIN && v <= INT32_MAX && !(set && v < 0))
        op1(e, EXO_PUSH, (int32_t)v);
    else
        op2(e, set ? EXO_PUSHSET : EXO_PUSH64, (int32_t)(uint32_t)((uint64_t)v & 0xffffffffu),
            (int32_t)(uint32_t)((uint64_t)v >> 32));
}

/* The annotation of `n`, looking through argument nodes; NULL if none. */
static const AnnSlot *ann(const Em *e, const ExNode *n)
{
    while (n->kind == N_ARG)
        n = n->a;
    return tab_get(e->t, n);
}

/* The context value a bare name stands for, or -1. */
static int name_of(const Em *e, const ExNode *n)
{
    while (n->kind == N_ARG)
        n = n->a;
    const AnnSlot *s = tab_get(e->t, n);
    return n->kind == N_NAME && s && !s->ann.is_const && s->fn >= 0 && s->fn < EXV_COUNT ? s->fn : -1;
}

static void emit(Em *e, const ExNode *n);

/* seeds(name), seeds(row(P)) as one instruction; 0 if not that shape. */
static int fused_seeds(Em *e, const ExNode *arg)
{
    int v = name_of(e, arg);
    if (v >= 0) {
        op1(e, EXO_VSEEDS, v);
        return 1;
    }
    const AnnSlot *sr = ann(e, arg);
    if (arg->kind != N_CALL || !sr || sr->ann.is_const || sr->fn < 0 || ex_fns[sr->fn].op != EXO_ROW)
        return 0;
    const ExNode *p = arg->a->a;
    const AnnSlot *sp = ann(e, p);
    if (sp && sp->ann.is_const) {
        op1(e, EXO_KROWSEEDS, (int32_t)(sp->ann.value & 1));
        return 1;
    }
    if ((v = name_of(e, p)) >= 0) {
        op1(e, EXO_VROWSEEDS, v);
        return 1;
    }
    return 0;
}

/* A call: its arguments, then its operation; seeds() of a context name
 * or of a row as one instruction unless `plain`. */
static void emit_call(Em *e, const ExNode *n, const AnnSlot *s)
{
    const FnDef *f = &ex_fns[s->fn];
    if (!e->plain && f->op == EXO_SEEDS && fused_seeds(e, n->a->a))
        return;
    for (const ExNode *x = n->a; x; x = x->next)
        emit(e, x->a);
    op0(e, f->op);
}

/* `object.name`: a flag test, or the property's operation (one
 * instruction with a context name or a constant player unless `plain`). */
static void emit_prop(Em *e, const ExNode *n, const AnnSlot *s)
{
    if (s->fn >= FN_SETFLAG) {
        emit(e, n->a);
        op1(e, EXO_SETFLAG, s->fn - FN_SETFLAG);
        return;
    }
    if (s->fn >= FN_FLAG) {
        emit(e, n->a);
        op1(e, EXO_FLAG, s->fn - FN_FLAG);
        return;
    }
    if (s->fn >= FN_COUNTER) {
        emit(e, n->a);
        op1(e, EXO_PCOUNTER, s->fn - FN_COUNTER);
        return;
    }
    int op = ex_props[s->fn].op;
    const AnnSlot *sa = ann(e, n->a);
    int v = name_of(e, n->a);
    if (!e->plain && op == EXO_PSTORE && sa && sa->ann.is_const) {
        op1(e, EXO_KPSTORE, (int32_t)(sa->ann.value & 1));
        return;
    }
    if (!e->plain && v >= 0 && (op == EXO_COUNT || op == EXO_OWNER || op == EXO_PSTORE)) {
        op1(e, op == EXO_COUNT ? EXO_VCOUNT : op == EXO_OWNER ? EXO_VOWNER : EXO_VPSTORE, v);
        return;
    }
    emit(e, n->a);
    op0(e, op);
}

/* `if`: the condition, then each branch with a jump past the other. */
static void emit_if(Em *e, const ExNode *n)
{
    emit(e, n->a);
    int j1 = jump(e, EXO_JFP);
    emit(e, n->b);
    int j2 = jump(e, EXO_JMP);
    e->depth--;   /* the other branch starts without the value */
    patch(e, j1);
    emit(e, n->c);
    patch(e, j2);
}

/* A set literal: the empty set, then each element added to it. */
static void emit_set(Em *e, const ExNode *n)
{
    konst(e, 0, 0);
    for (const ExNode *x = n->a; x; x = x->next) {
        emit(e, x->a);
        op0(e, EXO_SETADD);
    }
}

/* `S where C`: S, then a loop that tests C once per hole of S (the shape
 * is in opcodes.h). The loop leaves the stack as it found it, three values
 * above S's place, and its exit leaves the result alone there. */
static void emit_where(Em *e, const ExNode *n)
{
    emit(e, n->a);
    op0(e, EXO_WHERE);
    e->filters++;   /* the loop runs once per hole, the exit once more */
    int loop = e->len;
    int done = jump(e, EXO_WNEXT);
    emit(e, n->b);
    op1(e, EXO_WKEEP, loop);
    e->filters--;
    e->depth -= 2;   /* the exit: M and H gone, R left */
    patch(e, done);
}

/* A comparison with a constant or a context name as one instruction; 0 if
 * not that shape. */
static int fused_cmp(Em *e, const ExNode *n)
{
    static const int kops[] = { [OP_EQ] = EXO_EQK, [OP_NE] = EXO_NEK, [OP_LT] = EXO_LTK,
        [OP_LE] = EXO_LEK, [OP_GT] = EXO_GTK, [OP_GE] = EXO_GEK };
    const AnnSlot *sb = ann(e, n->b);
    if (!sb)
        return 0;
    int64_t k = sb->ann.value;
    int v = name_of(e, n->b);
    if (sb->ann.is_const && (n->op == OP_IN || n->op == OP_NOTIN)) {
        emit(e, n->a);
        op2(e, EXO_INK, (int32_t)(uint32_t)((uint64_t)k & 0xffffffffu), (int32_t)(uint32_t)((uint64_t)k >> 32));
        if (n->op == OP_NOTIN)
            op0(e, EXO_NOT);
        return 1;
    }
    if (sb->ann.is_const && n->op <= OP_GE && k >= INT32_MIN && k <= INT32_MAX) {
        emit(e, n->a);
        op1(e, kops[n->op], (int32_t)k);
        return 1;
    }
    if (v >= 0 && (n->op == OP_EQ || n->op == OP_NE)) {
        emit(e, n->a);
        op1(e, n->op == OP_EQ ? EXO_EQV : EXO_NEV, v);
        return 1;
    }
    return 0;
}

/* A binary operator: only the side that decides it when the checker
 * found one, `and`/`or` short-circuited, a fused comparison where one
 * fits, else both operands and the operation. */
static void emit_bin(Em *e, const ExNode *n, const AnnSlot *s)
{
    static const int ops[] = { [OP_ADD] = EXO_ADD, [OP_SUB] = EXO_SUB, [OP_MUL] = EXO_MUL,
        [OP_DIV] = EXO_DIV, [OP_MOD] = EXO_MOD, [OP_EQ] = EXO_EQ, [OP_NE] = EXO_NE,
        [OP_LT] = EXO_LT, [OP_LE] = EXO_LE, [OP_GT] = EXO_GT, [OP_GE] = EXO_GE,
        [OP_IN] = EXO_IN, [OP_NOTIN] = EXO_IN };
    if (s->fn == FN_RIGHT || s->fn == FN_LEFT) {
        emit(e, s->fn == FN_RIGHT ? n->b : n->a);
        return;
    }
    if (n->op == OP_AND || n->op == OP_OR) {
        emit(e, n->a);
        int j = jump(e, n->op == OP_AND ? EXO_JFK : EXO_JTK);
        emit(e, n->b);
        patch(e, j);
        return;
    }
    if (n->op >= OP_EQ && !e->plain && fused_cmp(e, n))
        return;
    emit(e, n->a);
    emit(e, n->b);
    op0(e, ops[n->op]);
    if (n->op == OP_NOTIN)
        op0(e, EXO_NOT);
}

/* `let x = V in E`: V stays on the stack while E runs (x reads it with
 * LOCAL), then NIP drops it from under E's value. */
static void emit_let(Em *e, const ExNode *n)
{
    emit(e, n->a);
    if (e->nlets >= EX_MAX_LETS) {
        e->overflow = 1;
        return;
    }
    e->let_slot[e->nlets++] = e->depth - 1;
    emit(e, n->b);
    e->nlets--;
    op0(e, EXO_NIP);
}

/* Writes the code of node `n`. */
static void emit(Em *e, const ExNode *n)
{
    const AnnSlot *s = tab_get(e->t, n);
    if (!s) {
        e->overflow = 1;
        return;
    }
    if (s->ann.is_const) {
        konst(e, s->ann.value, s->ann.type == T_INTS || s->ann.type == T_HOLES);
        return;
    }
    switch (n->kind) {
    case N_NAME:
        if (s->fn >= FN_LOCAL && s->fn - FN_LOCAL < e->nlets)
            op1(e, EXO_LOCAL, e->let_slot[s->fn - FN_LOCAL]);
        else
            op1(e, EXO_VAR, s->fn);
        return;
    case N_CALL: emit_call(e, n, s); return;
    case N_PROP: emit_prop(e, n, s); return;
    case N_NOT: emit(e, n->a); op0(e, EXO_NOT); return;
    case N_NEG: emit(e, n->a); op0(e, EXO_NEG); return;
    case N_IF: emit_if(e, n); return;
    case N_SET: emit_set(e, n); return;
    case N_BIN: emit_bin(e, n, s); return;
    case N_ARG: emit(e, n->a); return;
    case N_WHERE: emit_where(e, n); return;
    case N_LET: emit_let(e, n); return;
    default: e->overflow = 1; return;
    }
}

int em_program(const Tab *t, const ExNode *root, int plain, int32_t *code, int cap, int *depth,
               uint64_t *cost)
{
    Em e = { t, plain, code, 0, cap, 0, 0, 0, 0, 0, 0, { 0 } };
    emit(&e, root);
    op0(&e, EXO_END);
    *depth = e.max;
    *cost = e.cost;
    return e.overflow ? -1 : e.len;
}
