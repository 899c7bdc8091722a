/* excheck.c: type checking and folding of an expression's syntax tree.
 *
 * ck_tree gives every node a type and, where it is constant, its value
 * (options are constants once a variant is loaded), and records what each
 * name, call and property stands for (exint.h). Errors name the place in
 * the file and go on where they can. */
#include <stdarg.h>
#include <stdio.h>
#include <string.h>

#include "exint.h"

#define CK_MAX_NEST 256   /* nesting the checker follows */

typedef struct Ck {
    const ExScope *sc;
    Diags *dg;
    const ExLocMap *lm;
    int errors;
    uint32_t uses;
    Tab *t;
    /* the names of the enclosing `let`s, outermost first, and their values */
    int nlets;
    const char *let_name[EX_MAX_LETS];
    Ann let_ann[EX_MAX_LETS];
} Ck;

static void err(Ck *c, const ExNode *n, const char *fmt, ...) DG_PRINTF(3, 4);
/* Reports an error at node `n`, naming the key it is written in. */
static void err(Ck *c, const ExNode *n, const char *fmt, ...)
{
    char buf[400];
    va_list ap;
    va_start(ap, fmt);
    vsnprintf(buf, sizeof buf, fmt, ap);
    va_end(ap);
    c->errors++;
    SrcLoc at = c->lm ? c->lm->map(c->lm->self, n->at.start) : (SrcLoc){ 0, 0 };
    if (c->sc->where)
        dg_error(c->dg, at, "%s %s", buf, c->sc->where);
    else
        dg_error(c->dg, at, "%s", buf);
}

/* Records the annotation of `n`; 0 when out of memory. */
static int put(Ck *c, const ExNode *n, const Ann *a, int fn)
{
    Tab *t = c->t;
    if (t->n == t->cap) {
        int cap = t->cap ? t->cap * 2 : 64;
        AnnSlot *s = ar_alloc(t->ar, (size_t)cap * sizeof *s);
        if (!s)
            return 0;
        if (t->n)
            memcpy(s, t->slots, (size_t)t->n * sizeof *s);
        t->slots = s;
        t->cap = cap;
    }
    t->slots[t->n++] = (AnnSlot){ n, *a, fn };
    return 1;
}

/* Where a context name is known, for the message when it is not. */
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
    case CX_REACHED:  return "in `must.keep` and the rules of `captures`";
    case CX_DIR:      return "during a move";
    case CX_TRAIL:    return "in `sowing.steer`";
    default:          return "here";
    }
}

/* Notes that `name` needs the contexts `what`; 0 after an error if the
 * key does not provide every one of them. */
static int need(Ck *c, const ExNode *n, unsigned what, const char *name)
{
    c->uses |= what;
    unsigned missing = what & ~c->sc->ctx;   /* every context it needs */
    if (!missing)
        return 1;
    err(c, n, "`%s` is not available here: it is known only %s", name, ctx_where(missing & -missing));
    return 0;
}

/* 1 if `a` has type `t`; otherwise reports that `what` must be one. */
static int want(Ck *c, const ExNode *n, const Ann *a, ExType t, const char *what)
{
    if (a->type == t || a->type == T_VOID)
        return 1;
    err(c, n, "%s must be a %s, not a %s", what, ex_type_name(t), ex_type_name(a->type));
    return 0;
}

/* An operator as the language writes it, for messages. */
static const char *op_text(ExOp op)
{
    static const char *const t[] = { "?", "+", "-", "*", "/", "%", "==", "!=",
        "<", "<=", ">", ">=", "in", "not in", "and", "or" };
    return (unsigned)op < sizeof t / sizeof *t ? t[op] : "?";
}

/* Appends `s` to the list in buf (n bytes), with ", " between items. */
static void list_add(char *buf, size_t n, const char *s)
{
    strncat(buf, buf[0] ? ", " : "", n - strlen(buf) - 1);
    strncat(buf, s, n - strlen(buf) - 1);
}

static int check(Ck *c, ExNode *n, Ann *out, int depth);

/* ---- names, calls, properties ------------------------------------------- */

/* An option, `south`/`north`, a name a `let` gives, or a context name. */
static int ck_name(Ck *c, ExNode *n, Ann *out)
{
    for (int i = c->nlets - 1; i >= 0; i--)
        if (strcmp(c->let_name[i], n->name) == 0) {
            *out = c->let_ann[i];
            return put(c, n, out, FN_LOCAL + i);
        }
    for (int i = 0; i < c->sc->noptions; i++) {
        const ExOption *o = &c->sc->options[i];
        if (strcmp(o->name, n->name) == 0) {
            if (c->sc->options_used)
                *c->sc->options_used |= 1u << i;
            *out = (Ann){ o->type, 1, o->value, o->type == T_STRING ? o : NULL };
            return put(c, n, out, FN_NONE);
        }
    }
    if (!strcmp(n->name, "south") || !strcmp(n->name, "north")) {
        *out = (Ann){ T_PLAYER, 1, n->name[0] == 'n', NULL };
        return put(c, n, out, FN_NONE);
    }
    for (int i = 0; i < ex_nvars; i++) {
        if (strcmp(ex_vars[i].name, n->name) == 0) {
            if (!need(c, n, ex_vars[i].need, n->name))
                return 0;
            *out = (Ann){ ex_vars[i].type, 0, 0, NULL };
            if (c->sc->vars_used)
                *c->sc->vars_used |= 1u << ex_vars[i].var;
            return put(c, n, out, ex_vars[i].var);
        }
    }
    for (int i = 0; i < c->sc->nbad_options; i++)
        if (!strcmp(c->sc->bad_options[i], n->name))
            return 0;   /* its declaration's error is reported, not each use */
    err(c, n, "unknown name `%s`", n->name);
    return 0;
}

/* The message for a call whose arguments fit no version of its function. */
static void bad_call(Ck *c, const ExNode *n, const Ann *a, int na)
{
    char got[80] = "", exp[200] = "";
    for (int j = 0; j < na && j < 2; j++)
        list_add(got, sizeof got, ex_type_name(a[j].type));
    for (int f = 0; f < ex_nfns; f++) {
        if (strcmp(ex_fns[f].name, n->name) != 0)
            continue;
        char one[64];
        if (ex_fns[f].arg2)
            snprintf(one, sizeof one, "%s(%s, %s)", n->name, ex_type_name(ex_fns[f].arg),
                     ex_type_name(ex_fns[f].arg2));
        else
            snprintf(one, sizeof one, "%s(%s)", n->name, ex_type_name(ex_fns[f].arg));
        strncat(exp, exp[0] ? " or " : "", sizeof exp - strlen(exp) - 1);
        strncat(exp, one, sizeof exp - strlen(exp) - 1);
    }
    err(c, n, "`%s` takes %s, not (%s)", n->name, exp, got);
}

/* Folds a call of function `f` whose arguments are constant. */
static void fold_call(const FnDef *f, const Ann *a, Ann *out, int players)
{
    if (f->op == EXO_OTHER && a[0].is_const && players <= 2) {   /* of more, who is out counts */
        out->is_const = 1;
        out->value = !a[0].value;
    }
    if (f->op == EXO_PLAYERK && a[0].is_const) {
        out->is_const = 1;
        out->value = a[0].value >= 1 && a[0].value <= (players ? players : 2) ? a[0].value - 1 : -1;
    }
    if ((f->op == EXO_IMAX || f->op == EXO_IMIN) && a[0].is_const && a[1].is_const) {
        int64_t x = a[0].value, y = a[1].value;
        out->is_const = 1;
        out->value = f->op == EXO_IMAX ? (x > y ? x : y) : (x < y ? x : y);
    }
}

/* A call: its arguments checked, then the first definition of the name
 * whose arguments match (folded where it can be); otherwise an error
 * naming the functions, or the arguments this one takes. */
static int ck_call(Ck *c, ExNode *n, Ann *out, int depth)
{
    Ann a[2] = { { 0 }, { 0 } };
    int na = 0, ok = 1;
    for (ExNode *x = n->a; x; x = x->next, na++) {
        Ann tmp;
        ok &= check(c, x->a, &tmp, depth + 1);
        if (na < 2)
            a[na] = tmp;
    }
    if (!ok)
        return 0;
    int found = 0;
    for (int f = 0; f < ex_nfns; f++) {
        const FnDef *fd = &ex_fns[f];
        if (strcmp(fd->name, n->name) != 0)
            continue;
        found = 1;
        int want_n = fd->arg2 ? 2 : 1;
        if (na != want_n || a[0].type != fd->arg || (want_n == 2 && a[1].type != fd->arg2))
            continue;
        if (fd->need && !need(c, n, fd->need, n->name))
            return 0;
        if (fd->op == EXO_REACHED && c->sc->vars_used)
            *c->sc->vars_used |= 1u << EXU_REACHED;
        if (fd->op == EXO_AHEAD && c->sc->ahead_at && !c->sc->ahead_at->line && c->lm)
            *c->sc->ahead_at = c->lm->map(c->lm->self, n->at.start);
        *out = (Ann){ fd->ret, 0, 0, NULL };
        fold_call(fd, a, out, c->sc->players);
        return put(c, n, out, f);
    }
    if (!found) {
        err(c, n, "unknown function `%s` (functions: row, owned, other, opposite, inner, outer, next, prev, store, hole, seeds, first, size, nonempty, max, min, reached)", n->name);
        return 0;
    }
    bad_call(c, n, a, na);
    return 0;
}

/* `object.name`: a flag the board declares, or a property of the
 * object's type; otherwise an error listing the properties there are. */
static int ck_prop(Ck *c, ExNode *n, Ann *out, int depth)
{
    Ann a;
    if (!check(c, n->a, &a, depth + 1))
        return 0;
    if (a.type == T_HOLE || a.type == T_HOLES) {
        for (int f = 0; f < c->sc->nflags; f++) {
            if (strcmp(c->sc->flags[f], n->name) == 0) {
                if (!need(c, n, CX_STATE, n->name))
                    return 0;
                *out = (Ann){ a.type == T_HOLE ? T_BOOL : T_HOLES, 0, 0, NULL };
                return put(c, n, out, (a.type == T_HOLE ? FN_FLAG : FN_SETFLAG) + f);
            }
        }
    }
    if (a.type == T_PLAYER) {
        for (int k = 0; k < c->sc->ncounters; k++) {
            if (strcmp(c->sc->counters[k], n->name) == 0) {
                if (!need(c, n, CX_STATE, n->name))
                    return 0;
                *out = (Ann){ T_INT, 0, 0, NULL };
                return put(c, n, out, FN_COUNTER + k);
            }
        }
    }
    for (int p = 0; p < ex_nprops; p++) {
        if (ex_props[p].on == a.type && strcmp(ex_props[p].name, n->name) == 0) {
            if (ex_props[p].need && !need(c, n, ex_props[p].need, n->name))
                return 0;
            if ((ex_props[p].op == EXO_PSOWED || ex_props[p].op == EXO_PCW) && c->sc->vars_used)
                *c->sc->vars_used |= 1u << EXU_SOWED;
            if (ex_props[p].op == EXO_PTOOK && c->sc->vars_used)
                *c->sc->vars_used |= 1u << EXU_TOOK;
            *out = (Ann){ ex_props[p].ret, 0, 0, NULL };
            if (ex_props[p].op == EXO_OTHER && a.is_const && c->sc->players <= 2) {
                out->is_const = 1;
                out->value = !a.value;
            }
            return put(c, n, out, p);
        }
    }
    ExNode at = *n;   /* point at the property name, not the object */
    at.at.start = n->at.end - (int)strlen(n->name);
    if (a.type == T_HOLE)
        err(c, &at, "a hole has no property `%s` (count, owner, row, index, rank, column, depth, number, out, store, or a flag the board declares)", n->name);
    else if (a.type == T_HOLES)
        err(c, &at, "a hole set has no property `%s` (only a flag the board declares: its holes with the flag)", n->name);
    else if (a.type == T_PLAYER)
        err(c, &at, "a player has no property `%s` (store, total, reserve, sowed, cw, took, debt, row, owned, opponent, or a counter the board declares)", n->name);
    else
        err(c, &at, "a %s has no property `%s`", ex_type_name(a.type), n->name);
    return 0;
}

/* ---- operators ---------------------------------------------------------- */

/* `-x` on a number and `not x` on a boolean, folded when x is constant. */
static int ck_unary(Ck *c, ExNode *n, Ann *out, int depth)
{
    Ann a;
    int neg = n->kind == N_NEG;
    if (!check(c, n->a, &a, depth + 1) ||
        !want(c, n->a, &a, neg ? T_INT : T_BOOL, neg ? "the operand of `-`" : "the operand of `not`"))
        return 0;
    if (neg)
        *out = (Ann){ T_INT, a.is_const, (int64_t)(0 - (uint64_t)a.value), NULL };
    else
        *out = (Ann){ T_BOOL, a.is_const, !a.value, NULL };
    return put(c, n, out, FN_NONE);
}

/* `if c then a else b`: a boolean condition and branches of one type,
 * folded when the branch taken is known and constant. */
static int ck_if(Ck *c, ExNode *n, Ann *out, int depth)
{
    Ann a, b, d;
    int ok = check(c, n->a, &a, depth + 1);
    ok &= check(c, n->b, &b, depth + 1);
    ok &= check(c, n->c, &d, depth + 1);
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
    return put(c, n, out, FN_NONE);
}

/* One element of a set literal: its type into *et, its bit into *mask. */
static int ck_element(Ck *c, ExNode *x, ExType *et, uint64_t *mask, int *all_const, int depth)
{
    Ann e;
    if (!check(c, x, &e, depth + 1))
        return 0;
    if (e.type != T_INT && e.type != T_HOLE) {
        err(c, x, "a set holds numbers or holes, not a %s", ex_type_name(e.type));
        return 0;
    }
    if (*et && e.type != *et) {
        err(c, x, "a set cannot mix numbers and holes");
        return 0;
    }
    *et = e.type;
    if (e.type == T_INT && e.is_const && (e.value < 0 || e.value > 63)) {
        err(c, x, "set elements must lie in 0..63 (got %lld)", (long long)e.value);
        return 0;
    }
    if (e.is_const && e.type == T_INT)
        *mask |= (uint64_t)1 << e.value;
    else
        *all_const = 0;
    return 1;
}

/* A set literal `{...}` of numbers or holes; constant when every
 * element is a constant number. */
static int ck_set(Ck *c, ExNode *n, Ann *out, int depth)
{
    ExType et = T_VOID;
    int ok = 1, all_const = 1;
    uint64_t mask = 0;
    for (ExNode *x = n->a; x; x = x->next)
        ok &= ck_element(c, x->a, &et, &mask, &all_const, depth);
    if (!ok)
        return 0;
    *out = (Ann){ et == T_HOLE ? T_HOLES : T_INTS, all_const, (int64_t)mask, NULL };
    return put(c, n, out, FN_NONE);
}

/* `"word" == option`: resolved now, to a constant. */
static int ck_enum_cmp(Ck *c, ExNode *n, const Ann *a, const Ann *b, Ann *out)
{
    const ExOption *o = a->eopt ? a->eopt : b->eopt;
    const ExNode *lit = a->eopt ? n->b : n->a;
    *out = (Ann){ T_BOOL, 1, 0, NULL };
    if (a->eopt && b->eopt) {
        err(c, n, "compare an option that takes words with a quoted word, not with another option");
        return 0;
    }
    if (!o) {
        err(c, n, "strings can only be compared with an option that takes words");
        return 0;
    }
    const char *word = lit->kind == N_STR ? lit->name : NULL;
    if (!word) {
        err(c, lit, "compare the option `%s` with a quoted word", o->name);
        return 0;
    }
    int idx = -1;
    char list[200] = "";
    for (int i = 0; i < o->nvalues; i++) {
        if (strcmp(o->values[i], word) == 0)
            idx = i;
        list_add(list, sizeof list, o->values[i]);
    }
    if (idx < 0) {
        err(c, lit, "option `%s` has no value \"%s\" (its values: %s)", o->name, word, list);
        return 0;
    }
    int eq = o->value == idx;
    out->value = n->op == OP_EQ ? eq : !eq;
    return put(c, n, out, FN_NONE);
}

/* `and`/`or`: a constant side decides the whole or vanishes. */
static int ck_logic(Ck *c, ExNode *n, const Ann *a, const Ann *b, Ann *out)
{
    ExOp op = n->op;
    if (!want(c, n->a, a, T_BOOL, "each side of `and`/`or`") ||
        !want(c, n->b, b, T_BOOL, "each side of `and`/`or`"))
        return 0;
    int decides = op == OP_AND ? 0 : 1;   /* the value that decides alone */
    *out = (Ann){ T_BOOL, a->is_const && b->is_const, 0, NULL };
    if (a->is_const && (a->value != 0) == decides) {
        out->is_const = 1;
        out->value = a->value;
        return put(c, n, out, FN_NONE);
    }
    if (a->is_const) {
        *out = *b;
        out->eopt = NULL;
        return put(c, n, out, FN_RIGHT);
    }
    if (b->is_const && (b->value != 0) != decides) {
        *out = *a;
        out->eopt = NULL;
        return put(c, n, out, FN_LEFT);
    }
    if (out->is_const)
        out->value = op == OP_AND ? (a->value && b->value) : (a->value || b->value);
    return put(c, n, out, FN_NONE);
}

/* The name `word` stands for here, if it is one (an option, a player, a
 * `let`, a name of the context): its type, or T_VOID. */
static ExType name_type(const Ck *c, const char *word)
{
    for (int i = c->nlets - 1; i >= 0; i--)
        if (!strcmp(c->let_name[i], word))
            return c->let_ann[i].type;
    for (int i = 0; i < c->sc->noptions; i++)
        if (!strcmp(c->sc->options[i].name, word))
            return c->sc->options[i].type;
    if (!strcmp(word, "south") || !strcmp(word, "north"))
        return T_PLAYER;
    for (int i = 0; i < ex_nvars; i++)
        if (!strcmp(ex_vars[i].name, word) && !(ex_vars[i].need & ~c->sc->ctx))
            return ex_vars[i].type;
    return T_VOID;
}

/* A string (node `s`) compared with a value of another type `other`:
 * strings are only an enum option's words, so a word in quotes that is a
 * name here of that type, or nearly one, is shown without them. */
static ExType str_cmp(Ck *c, const ExNode *n, const ExNode *s, const Ann *other)
{
    const char *best = NULL, *word = s->name;
    int bd = name_type(c, word) == other->type ? 0 : 3;
    if (!bd)
        best = word;
    const char *const players[] = { "south", "north" };
    for (int i = 0; i < 2 && bd; i++)
        if (other->type == T_PLAYER && dg_near(word, players[i]) < bd)
            bd = dg_near(word, players[i]), best = players[i];
    for (int i = 0; i < ex_nvars && bd; i++)
        if (ex_vars[i].type == other->type && !(ex_vars[i].need & ~c->sc->ctx) && dg_near(word, ex_vars[i].name) < bd)
            bd = dg_near(word, ex_vars[i].name), best = ex_vars[i].name;
    for (int i = 0; i < c->sc->noptions && bd; i++)
        if (c->sc->options[i].type == other->type && dg_near(word, c->sc->options[i].name) < bd)
            bd = dg_near(word, c->sc->options[i].name), best = c->sc->options[i].name;
    if (best && !bd)
        err(c, s, "strings are only the values of enum options: write `%s` without quotes", best);
    else if (best)
        err(c, s, "strings are only the values of enum options: did you mean `%s` (without quotes)?", best);
    else
        err(c, n, "cannot compare a %s with a string using `%s` (strings are only the values of enum options)",
            ex_type_name(other->type), op_text(n->op));
    return T_VOID;
}

/* The type of a comparison or arithmetic operator's result; 0 after an error. */
static ExType bin_type(Ck *c, const ExNode *n, const Ann *a, const Ann *b)
{
    switch (n->op) {
    case OP_ADD: case OP_SUB: case OP_MUL: case OP_DIV: case OP_MOD:
    case OP_LT: case OP_LE: case OP_GT: case OP_GE: {
        int arith = n->op <= OP_MOD;
        const char *what = arith ? "each side of an arithmetic operator" : "each side of a comparison";
        if (!want(c, n->a, a, T_INT, what) || !want(c, n->b, b, T_INT, what))
            return T_VOID;
        return arith ? T_INT : T_BOOL;
    }
    case OP_EQ: case OP_NE:
        if ((a->type == T_STRING) != (b->type == T_STRING) && a->type != T_VOID && b->type != T_VOID)
            return str_cmp(c, n, a->type == T_STRING ? n->a : n->b, a->type == T_STRING ? b : a);
        if (a->type != b->type || a->type == T_HOLES || a->type == T_INTS) {
            err(c, n, "cannot compare a %s with a %s using `%s`", ex_type_name(a->type),
                ex_type_name(b->type), op_text(n->op));
            return T_VOID;
        }
        return T_BOOL;
    default:   /* OP_IN, OP_NOTIN */
        if (!((a->type == T_INT && b->type == T_INTS) || (a->type == T_HOLE && b->type == T_HOLES))) {
            err(c, n, "`%s` needs a number and a number set, or a hole and a hole set (not %s and %s)",
                op_text(n->op), ex_type_name(a->type), ex_type_name(b->type));
            return T_VOID;
        }
        return T_BOOL;
    }
}

/* A binary operator: `and`/`or`, a comparison of option words, or
 * arithmetic and comparisons, folded when both sides are constant. */
static int ck_bin(Ck *c, ExNode *n, Ann *out, int depth)
{
    Ann a, b;
    int ok = check(c, n->a, &a, depth + 1);
    ok &= check(c, n->b, &b, depth + 1);
    if (!ok)
        return 0;
    if (n->op == OP_AND || n->op == OP_OR)
        return ck_logic(c, n, &a, &b, out);
    if ((n->op == OP_EQ || n->op == OP_NE) && a.type == T_STRING && b.type == T_STRING)
        return ck_enum_cmp(c, n, &a, &b, out);
    ExType t = bin_type(c, n, &a, &b);
    if (t == T_VOID)
        return 0;
    *out = (Ann){ t, a.is_const && b.is_const, 0, NULL };
    if (out->is_const)
        out->value = t == T_INT ? ex_arith(n->op, a.value, b.value)
                                : ex_cmp(ex_cmp_of(n->op), a.value,
                                         b.type == T_INTS || b.type == T_HOLES ? (ExVal)(uint64_t)b.value : b.value);
    return put(c, n, out, FN_NONE);
}

/* `S where C`: S a hole set, C a boolean checked with `hole` known (the
 * filter names each hole of S in turn, hiding any outer `hole`). What C
 * needs is needed by the whole, except that `hole`: so a filter is
 * allowed where `hole` is not, and reading it inside C is no use of the
 * context's `hole` (neither in *uses nor in vars_used). Folded only when
 * S and C are both constant. */
static int ck_where(Ck *c, ExNode *n, Ann *out, int depth)
{
    Ann s, k;
    int ok = check(c, n->a, &s, depth + 1);
    const ExScope *outer = c->sc;
    ExScope inner = *outer;
    unsigned vars = 0;
    uint32_t uses = c->uses;
    inner.ctx |= CX_HOLE;
    inner.vars_used = outer->vars_used ? &vars : NULL;
    c->sc = &inner;
    c->uses = 0;
    ok &= check(c, n->b, &k, depth + 1);
    c->sc = outer;
    c->uses = uses | (c->uses & ~(uint32_t)CX_HOLE);
    if (outer->vars_used)
        *outer->vars_used |= vars & ~(1u << EXV_HOLE);
    if (!ok)
        return 0;
    if (s.type != T_HOLES) {
        err(c, n->a, "`where` filters a hole set, but this is a %s", ex_type_name(s.type));
        return 0;
    }
    if (!want(c, n->b, &k, T_BOOL, "the condition of `where`"))
        return 0;
    *out = (Ann){ T_HOLES, s.is_const && k.is_const, k.value ? s.value : 0, NULL };
    return put(c, n, out, FN_NONE);
}

/* `let x = V in E`: V checked, then E with x standing for it (a constant
 * where V is). x may not be a name the language or the variant already
 * has, nor the name of an enclosing `let`. */
static int ck_let(Ck *c, ExNode *n, Ann *out, int depth)
{
    Ann v, e;
    if (!check(c, n->a, &v, depth + 1))
        return 0;
    int taken = ex_reserved(n->name) || ex_hole_property(n->name);
    for (int i = 0; i < ex_nfns && !taken; i++)
        taken = !strcmp(ex_fns[i].name, n->name);
    for (int i = 0; i < c->sc->noptions && !taken; i++)
        taken = !strcmp(c->sc->options[i].name, n->name);
    for (int i = 0; i < c->sc->nflags && !taken; i++)
        taken = !strcmp(c->sc->flags[i], n->name);
    for (int i = 0; i < c->nlets && !taken; i++)
        taken = !strcmp(c->let_name[i], n->name);
    if (taken) {
        err(c, n, "`let` cannot name `%s`: it is already a name here", n->name);
        return 0;
    }
    if (c->nlets >= EX_MAX_LETS) {
        err(c, n, "too many `let`s inside one another (at most %d)", EX_MAX_LETS);
        return 0;
    }
    if (v.type == T_STRING || v.type == T_VOID) {
        err(c, n->a, "`let` names a number, a boolean, a hole, a player or a set, not a %s",
            ex_type_name(v.type));
        return 0;
    }
    c->let_name[c->nlets] = n->name;
    c->let_ann[c->nlets++] = v;
    int ok = check(c, n->b, &e, depth + 1);
    c->nlets--;
    if (!ok)
        return 0;
    *out = e;
    return put(c, n, out, FN_NONE);
}

/* ---- dispatch ----------------------------------------------------------- */

/* Checks node `n` (`depth` levels down); its annotation into *out. */
static int check(Ck *c, ExNode *n, Ann *out, int depth)
{
    *out = (Ann){ T_VOID, 0, 0, NULL };
    if (depth > CK_MAX_NEST) {
        err(c, n, "expression nested too deeply (at most %d levels)", CK_MAX_NEST);
        return 0;
    }
    switch (n->kind) {
    case N_NUM:
        *out = (Ann){ T_INT, 1, n->num, NULL };
        return put(c, n, out, FN_NONE);
    case N_BOOL:
        *out = (Ann){ T_BOOL, 1, n->num, NULL };
        return put(c, n, out, FN_NONE);
    case N_STR:
        *out = (Ann){ T_STRING, 1, 0, NULL };
        return put(c, n, out, FN_NONE);
    case N_NAME: return ck_name(c, n, out);
    case N_CALL: return ck_call(c, n, out, depth);
    case N_PROP: return ck_prop(c, n, out, depth);
    case N_NOT: case N_NEG: return ck_unary(c, n, out, depth);
    case N_IF: return ck_if(c, n, out, depth);
    case N_SET: return ck_set(c, n, out, depth);
    case N_BIN: return ck_bin(c, n, out, depth);
    case N_ARG: return check(c, n->a, out, depth);
    case N_WHERE: return ck_where(c, n, out, depth);
    case N_LET: return ck_let(c, n, out, depth);
    }
    return 0;
}

int ck_tree(Tab *t, ExNode *root, const ExScope *sc, Diags *dg, const ExLocMap *lm, Ann *out,
            uint32_t *uses)
{
    Ck c = { sc, dg, lm, 0, 0, t, 0, { NULL }, { { T_VOID, 0, 0, NULL } } };
    int ok = check(&c, root, out, 0) && !c.errors;
    *uses = c.uses;
    return ok;
}
