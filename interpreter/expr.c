/* expr.c: the vocabulary of the expression language and the compiler's
 * driver: parse (grammar/), check and fold (excheck.c), normal form
 * (exnorm.c), code (exemit.c). See expr.h. */
#include "expr.h"

#include <stdio.h>
#include <string.h>

#include "exint.h"
#include "expr.tab.h"
#include "expr.lex.h"

const ExOpInfo ex_op_info[EXO_COUNT_] = {
#define X(name, imm, pop, push, doc) { #name, imm, pop, push, doc },
    EX_OPS(X)
#undef X
};

/* ---- vocabulary --------------------------------------------------------- */

const VarDef ex_vars[] = {
    { "mover",    EXV_MOVER,    T_PLAYER, CX_STATE },
    { "opponent", EXV_OPPONENT, T_PLAYER, CX_STATE },
    { "starter",  EXV_STARTER,  T_PLAYER, CX_STATE },
    { "round",    EXV_ROUND,    T_INT,    CX_STATE },
    { "board",    EXV_BOARD,    T_HOLES,  CX_STATE },
    { "sown",     EXV_SOWN,     T_HOLES,  CX_REACHED },
    { "hole",     EXV_HOLE,     T_HOLE,   CX_HOLE },
    { "origin",   EXV_ORIGIN,   T_HOLE,   CX_ORIGIN },
    { "start",    EXV_START,    T_HOLE,   CX_START },
    { "last",     EXV_LAST,     T_HOLE,   CX_LAST },
    { "hand",     EXV_HAND,     T_INT,    CX_HAND },
    { "captured", EXV_CAPTURED, T_INT,    CX_CAPTURED },
    { "player",   EXV_PLAYER,   T_PLAYER, CX_PLAYER },
    { "plies",    EXV_PLIES,    T_INT,    CX_STATE },
    { "step",     EXV_STEP,     T_BOOL,   CX_START },
    { "placed",   EXV_PLACED,   T_BOOL,   CX_START },
    { "clockwise", EXV_CLOCKWISE, T_BOOL, CX_DIR },
    { "stored",   EXV_STORED,   T_INT,    CX_START },
    { "selected", EXV_SELECTED, T_BOOL,   CX_START },
    { "choice",   EXV_CHOICE,   T_BOOL,   CX_START },
    { "stone",    EXV_STONE,    T_INT,    CX_HAND },
    { "extra",    EXV_EXTRA,    T_BOOL,   CX_STATE },
    { "dropped",  EXV_DROPPED,  T_INT,    CX_LAST },
    { "trail",    EXV_TRAIL,    T_HOLES,  CX_TRAIL },
};
const int ex_nvars = (int)(sizeof ex_vars / sizeof *ex_vars);

const FnDef ex_fns[] = {
    { "row",      EXO_ROW,      T_PLAYER, T_VOID, T_HOLES,  0 },
    { "owned",    EXO_OWNED,    T_PLAYER, T_VOID, T_HOLES,  CX_STATE },
    { "other",    EXO_OTHER,    T_PLAYER, T_VOID, T_PLAYER, 0 },
    { "player",   EXO_PLAYERK,  T_INT,    T_VOID, T_PLAYER, 0 },
    { "opposite", EXO_OPPOSITE, T_HOLE,   T_VOID, T_HOLE,   0 },
    { "inner",    EXO_INNER,    T_HOLE,   T_VOID, T_HOLE,   0 },
    { "outer",    EXO_OUTER,    T_HOLE,   T_VOID, T_HOLE,   0 },
    { "next",     EXO_NEXT,     T_HOLE,   T_VOID, T_HOLE,   CX_DIR | CX_STATE },
    { "prev",     EXO_PREV,     T_HOLE,   T_VOID, T_HOLE,   CX_DIR | CX_STATE },
    { "store",    EXO_STOREOF,  T_PLAYER, T_VOID, T_HOLE,   0 },
    { "hole",     EXO_HOLENUM,  T_INT,    T_VOID, T_HOLE,   0 },
    { "hole",     EXO_HOLEAT,   T_INT,    T_INT,  T_HOLE,   0 },
    { "seeds",    EXO_SEEDS,    T_HOLES,  T_VOID, T_INT,    CX_STATE },
    { "first",    EXO_FIRST,    T_HOLES,  T_VOID, T_HOLE,   0 },
    { "last",     EXO_LASTOF,   T_HOLES,  T_VOID, T_HOLE,   0 },
    { "size",     EXO_SIZE,     T_HOLES,  T_VOID, T_INT,    0 },
    { "nonempty", EXO_NONEMPTY, T_HOLES,  T_VOID, T_INT,    CX_STATE },
    { "max",      EXO_SMAX,     T_HOLES,  T_VOID, T_INT,    CX_STATE },
    { "min",      EXO_SMIN,     T_HOLES,  T_VOID, T_INT,    CX_STATE },
    { "max",      EXO_IMAX,     T_INT,    T_INT,  T_INT,    0 },
    { "min",      EXO_IMIN,     T_INT,    T_INT,  T_INT,    0 },
    { "reached",  EXO_REACHED,  T_HOLES,  T_VOID, T_BOOL,   CX_REACHED },
    { "around",   EXO_AROUND,   T_HOLE,   T_VOID, T_HOLES,  0 },
    { "ahead",    EXO_AHEAD,    T_HOLE,   T_INT,  T_HOLE,   CX_DIR },
};
const int ex_nfns = (int)(sizeof ex_fns / sizeof *ex_fns);

const PropDef ex_props[] = {
    { "count",    EXO_COUNT,   T_HOLE,   T_INT,    CX_STATE },
    { "owner",    EXO_OWNER,   T_HOLE,   T_PLAYER, CX_STATE },
    { "row",      EXO_ROWOF,   T_HOLE,   T_PLAYER, 0 },
    { "index",    EXO_INDEX,   T_HOLE,   T_INT,    0 },
    { "rank",     EXO_RANK,    T_HOLE,   T_INT,    0 },
    { "column",   EXO_COLUMN,  T_HOLE,   T_INT,    0 },
    { "depth",    EXO_DEPTH,   T_HOLE,   T_INT,    0 },
    { "number",   EXO_NUMBER,  T_HOLE,   T_INT,    0 },
    { "out",      EXO_OUT,     T_HOLE,   T_BOOL,   CX_STATE },
    { "stones",   EXO_STONES,  T_HOLE,   T_INT,    CX_STATE },
    { "store",    EXO_ISSTORE, T_HOLE,   T_BOOL,   0 },
    { "store",    EXO_PSTORE,  T_PLAYER, T_INT,    CX_STATE },
    { "total",    EXO_PTOTAL,  T_PLAYER, T_INT,    CX_STATE },
    { "sowed",    EXO_PSOWED,  T_PLAYER, T_BOOL,   CX_STATE },
    { "reserve",  EXO_PRESERVE, T_PLAYER, T_INT,   CX_STATE },
    { "cw",       EXO_PCW,     T_PLAYER, T_BOOL,   CX_STATE },
    { "took",     EXO_PTOOK,   T_PLAYER, T_BOOL,   CX_STATE },
    { "debt",     EXO_PDEBT,   T_PLAYER, T_INT,    CX_STATE },
    { "row",      EXO_ROW,     T_PLAYER, T_HOLES,  0 },
    { "owned",    EXO_OWNED,   T_PLAYER, T_HOLES,  CX_STATE },
    { "opponent", EXO_OTHER,   T_PLAYER, T_PLAYER, 0 },
};
const int ex_nprops = (int)(sizeof ex_props / sizeof *ex_props);

/* The scanner's keywords (grammar/expr.l) and the two player names. */
static const char *const keywords[] = { "true", "false", "and", "or", "not", "in", "if", "then",
    "else", "where", "let", "south", "north", NULL };

int ex_keyword(const char *name)
{
    for (int i = 0; keywords[i]; i++)
        if (!strcmp(keywords[i], name))
            return 1;
    return 0;
}

int ex_reserved(const char *name)
{
    if (ex_keyword(name))
        return 1;
    for (int i = 0; i < ex_nvars; i++)
        if (!strcmp(ex_vars[i].name, name))
            return 1;
    return 0;
}

/* Whether objects of type `on` have a property `name`. */
static int property_of(ExType on, const char *name)
{
    for (int i = 0; i < ex_nprops; i++)
        if (ex_props[i].on == on && !strcmp(ex_props[i].name, name))
            return 1;
    return 0;
}

int ex_hole_property(const char *name)
{
    return property_of(T_HOLE, name);
}

int ex_player_property(const char *name)
{
    return property_of(T_PLAYER, name);
}

/* A type as messages name it ("number", "hole set"...), or "?". */
const char *ex_type_name(ExType t)
{
    static const char *const names[T_COUNT] = {
        "nothing", "number", "boolean", "hole", "player", "hole set",
        "number set", "string"
    };
    return (unsigned)t < T_COUNT ? names[t] : "?";
}

/* ---- meaning shared by folding and evaluation ---------------------------- */

ExCmp ex_cmp_of(ExOp op)
{
    switch (op) {
    case OP_EQ: return CMP_EQ;
    case OP_NE: return CMP_NE;
    case OP_LT: return CMP_LT;
    case OP_LE: return CMP_LE;
    case OP_GT: return CMP_GT;
    case OP_GE: return CMP_GE;
    case OP_IN: return CMP_IN;
    default: return CMP_NOTIN;
    }
}

const AnnSlot *tab_get(const Tab *t, const ExNode *n)
{
    for (int i = t->n - 1; i >= 0; i--)
        if (t->slots[i].node == n)
            return &t->slots[i];
    return NULL;
}

/* ---- the driver ---------------------------------------------------------- */

/* Parses `src` into ps->root; 1, or 0 after reporting the syntax error. */
static int parse(ExParse *ps, const ExScope *scope, Diags *dg, const ExLocMap *lm, SrcLoc at0)
{
    yyscan_t scanner;
    if (ex_yylex_init_extra(ps, &scanner) != 0) {
        dg_error(dg, at0, "out of memory");
        return 0;
    }
    YY_BUFFER_STATE buf = ex_yy_scan_bytes(ps->src, ps->len, scanner);
    int rc = buf ? ex_yyparse(scanner, ps) : 2;
    if (buf)
        ex_yy_delete_buffer(buf, scanner);
    ex_yylex_destroy(scanner);
    if (rc == 0 && !ps->nerr && ps->root)
        return 1;
    if (ps->err[0])
        dg_error(dg, lm ? lm->map(lm->self, ps->err_off) : at0, "%s%s%s", ps->err,
                 scope->where ? " " : "", scope->where ? scope->where : "");
    else if (rc == 2)
        dg_error(dg, at0, "expression too complex (parser stack exhausted)");
    else
        dg_error(dg, at0, "empty expression");
    return 0;
}

/* Writes the program of the checked tree into `out` (in `ar`); 1 or 0.
 * The limits apply to the program with fused instructions, so that a
 * file loads the same in the reference mode (`plain`), whose program may
 * be up to twice as long (and as costly) and need one stack slot more. */
static int generate(Arena *ar, Arena *tmp, const Tab *t, const ExNode *root, int plain, Diags *dg,
                    SrcLoc at0, Expr *out)
{
    int32_t *code = ar_alloc(tmp, (size_t)2 * EX_MAX_CODE * sizeof *code);
    if (!code) {
        dg_error(dg, at0, "out of memory");
        return 0;
    }
    uint64_t cost = 0;
    int depth = 0, len = em_program(t, root, 0, code, EX_MAX_CODE, &depth, &cost);
    if (len < 0) {
        dg_error(dg, at0, "expression too complex (more than %d operations)", EX_MAX_CODE);
        return 0;
    }
    if (cost > EX_MAX_COST) {
        dg_error(dg, at0, "expression too costly to evaluate (more than %d steps; a filter repeats its "
                 "condition for each hole of its set, counted as 64)", EX_MAX_COST);
        return 0;
    }
    if (depth > EX_MAX_DEPTH) {
        dg_error(dg, at0, "expression too deeply nested for the evaluator (needs %d stack slots; at most %d)",
                 depth, EX_MAX_DEPTH);
        return 0;
    }
    if (plain && ((len = em_program(t, root, 1, code, 2 * EX_MAX_CODE, &depth, &cost)) < 0 ||
                  depth > EX_MAX_DEPTH + 1 || cost > 2 * (uint64_t)EX_MAX_COST)) {
        dg_error(dg, at0, "expression too complex for the reference mode");
        return 0;
    }
    int32_t *kept = ar_alloc(ar, (size_t)len * sizeof *kept);
    if (!kept) {
        dg_error(dg, at0, "out of memory");
        return 0;
    }
    memcpy(kept, code, (size_t)len * sizeof *kept);
    out->code = kept;
    out->len = len;
    out->depth = (int16_t)depth;
    return 1;
}

/* Does `n` hold only when `last` is a store (`last.store`,
 * `last == store(p)`, and such tests joined by `and`, or all the sides
 * of an `or`)? */
static int needs_last_store(const ExNode *n)
{
    if (n->kind == N_PROP)
        return !strcmp(n->name, "store") && n->a->kind == N_NAME && !strcmp(n->a->name, "last");
    if (n->kind != N_BIN)
        return 0;
    if (n->op == OP_AND)
        return needs_last_store(n->a) || needs_last_store(n->b);
    if (n->op == OP_OR)
        return needs_last_store(n->a) && needs_last_store(n->b);
    if (n->op != OP_EQ)
        return 0;
    for (int i = 0; i < 2; i++) {
        const ExNode *x = i ? n->b : n->a, *y = i ? n->a : n->b;
        if (x->kind == N_NAME && !strcmp(x->name, "last") && y->kind == N_CALL && !strcmp(y->name, "store"))
            return 1;
    }
    return 0;
}

/* Checks, normalises and generates; 1, or 0 after reporting. */
static int compile_tree(Arena *ar, Arena *tmp, ExParse *ps, ExType wanted, const ExScope *outer,
                        Diags *dg, const ExLocMap *lm, SrcLoc at0, Expr *out)
{
    Tab t = { NULL, 0, 0, tmp };
    Ann a;
    uint32_t uses = 0, options = 0;
    ExScope sc = *outer;   /* the options this expression reads */
    sc.options_used = &options;
    const ExScope *scope = &sc;
    int checked = ck_tree(&t, ps->root, scope, dg, lm, &a, &uses);
    if (outer->options_used)
        *outer->options_used |= options;
    if (!checked)
        return 0;
    out->facts = (uint8_t)((options ? EXF_OPTIONS : 0) | (needs_last_store(ps->root) ? EXF_LAST_STORE : 0));
    /* where the expression starts, found only for a message */
    int bad = (wanted != T_VOID && a.type != wanted) || a.type == T_STRING;
    SrcLoc at = bad && lm ? lm->map(lm->self, ps->root->at.start) : at0;
    if (wanted != T_VOID && a.type != wanted) {
        dg_error(dg, at, "expected a %s here, but this is a %s%s%s", ex_type_name(wanted),
                 ex_type_name(a.type), scope->where ? " " : "", scope->where ? scope->where : "");
        return 0;
    }
    if (a.type == T_STRING) {
        dg_error(dg, at, "a string is only useful compared with an option%s%s",
                 scope->where ? " " : "", scope->where ? scope->where : "");
        return 0;
    }
    out->type = (uint8_t)a.type;
    out->uses = uses;
    if (a.is_const) {
        out->is_const = 1;
        out->value = a.value;
    } else {
        nf_build(&t, ps->root, &out->form);
    }
    return generate(ar, tmp, &t, ps->root, scope->plain, dg, at0, out);
}

int ex_compile(Arena *ar, const char *src, int len, ExType wanted,
               const ExScope *scope, Diags *dg, const ExLocMap *lm, Expr *out)
{
    memset(out, 0, sizeof *out);
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
    /* a private arena for the tree and its annotations */
    Arena tmp;
    ar_init(&tmp, 8u << 20);
    ExParse ps;
    memset(&ps, 0, sizeof ps);
    ps.ar = &tmp;
    ps.src = src;
    ps.len = len;
    int ok = parse(&ps, scope, dg, lm, at0) &&
             compile_tree(ar, &tmp, &ps, wanted, scope, dg, lm, at0, out);
    if (ok) {
        int tl = len;
        while (tl > 0 && (src[tl - 1] == '\n' || src[tl - 1] == ' '))
            tl--;
        out->src = ar_strndup(ar, src, (size_t)tl);
    }
    ar_free(&tmp);
    if (!ok) {
        memset(out, 0, sizeof *out);
        out->loc = at0;
    }
    return ok;
}
