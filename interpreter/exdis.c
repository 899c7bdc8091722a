/* exdis.c: expressions written out for people: a program one instruction
 * a line (walked with the operand counts of opcodes.h), a normal form in
 * words. For `mancala show --plan` and for tests. */
#include <stdio.h>
#include <string.h>

#include "exint.h"

/* A context value (EXV_*) as the language names it, or "?". */
static const char *var_name(int v)
{
    for (int i = 0; i < ex_nvars; i++)
        if ((int)ex_vars[i].var == v)
            return ex_vars[i].name;
    return "?";
}

void dis_expr(const Expr *e, FILE *f, const char *indent)
{
    if (!e->code)
        return;
    for (int pc = 0; pc < e->len;) {
        int op = e->code[pc];
        if (op < 0 || op >= EXO_COUNT_) {
            fprintf(f, "%s%4d  ? %d\n", indent, pc, op);
            return;
        }
        const ExOpInfo *in = &ex_op_info[op];
        fprintf(f, "%s%4d  %-10s", indent, pc, in->name);
        for (int k = 1; k <= in->imm && pc + k < e->len; k++)
            fprintf(f, " %d", e->code[pc + k]);
        fprintf(f, "\n");
        pc += 1 + in->imm;
    }
}

/* Appends to buf (n bytes) as snprintf would, never past its end. */
static void put(char *buf, size_t n, const char *fmt, const char *s, long long k)
{
    size_t used = strlen(buf);
    if (used + 1 < n)
        snprintf(buf + used, n - used, fmt, s, k);
}

/* Writes a set of 0..63 as {a, b, ...}. */
static void put_set(char *buf, size_t n, uint64_t set)
{
    put(buf, n, "%s", "{", 0);
    for (int i = 0, first = 1; i < 64; i++)
        if ((set >> i) & 1) {
            put(buf, n, "%s%lld", first ? "" : ", ", i);
            first = 0;
        }
    put(buf, n, "%s", "}", 0);
}

/* Appends one comparison of a normal form to buf (n bytes), written as
 * in the language. */
static void put_atom(char *buf, size_t n, const ExAtom *a)
{
    static const char *const cmp[] = { "==", "!=", "<", "<=", ">", ">=", "in", "not in" };
    static const char *const fmt[] = {
        [EXS_VALUE] = "%s", [EXS_NUMBER] = "%s.number", [EXS_COUNT] = "%s.count",
        [EXS_OWNER] = "%s.owner", [EXS_SET_SEEDS] = "seeds(%s)", [EXS_ROW_SEEDS] = "seeds(row(%s))",
        [EXS_STORE] = "%s.store", [EXS_INDEX] = "%s.index" };
    const char *who = a->player ? (a->var ? "north" : "south") : var_name(a->var);
    put(buf, n, fmt[a->subj], who, 0);
    put(buf, n, " %s ", cmp[a->op], 0);
    if (a->rhs != EX_NO_VAR)
        put(buf, n, "%s", var_name(a->rhs), 0);
    else if (a->op == CMP_IN || a->op == CMP_NOTIN)
        put_set(buf, n, a->set);
    else
        put(buf, n, "%s%lld", "", a->k);
}

void dis_form(const ExForm *form, char *buf, size_t n)
{
    if (!n)
        return;
    buf[0] = 0;
    if (form->kind == EXF_NAME) {
        put(buf, n, "%s", var_name(form->name), 0);
        return;
    }
    if (form->kind == EXF_OTHER) {
        put(buf, n, "%s", "(no normal form)", 0);
        return;
    }
    for (int i = 0; i < form->n; i++) {
        if (i)
            put(buf, n, "%s", form->kind == EXF_AND ? " and " : " or ", 0);
        put_atom(buf, n, &form->atoms[i]);
    }
    if (form->rest)
        put(buf, n, "%s", " and ...", 0);
}
