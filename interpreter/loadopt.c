/* loadopt.c: a variant's options (the `options` section) and the
 * KEY=VALUE overrides of the command line.
 *
 * Options are read before anything else of the file: every expression
 * after them sees each option as a constant, so option tests fold away.
 * An option's values are plain scalars, not expressions. */
#include "load.h"

#include <stdint.h>
#include <stdio.h>
#include <string.h>

#define OPTION_LIMIT 1000000000LL   /* ints of options lie in -LIMIT..LIMIT */

enum { OP_TYPE, OP_DEFAULT, OP_VALUES, OP_MIN, OP_MAX, OP_DESCRIPTION, OP_N };

/* type: bool, int or enum. */
static int lo_type(Ld *ld, const LdSec *s, const LdKey *k, void *base, const yaml_node_t *v)
{
    static const char *const words[] = { "bool", "int", "enum", NULL };
    static const ExType types[] = { T_BOOL, T_INT, T_STRING };
    (void)s;
    int t = lk_word(ld, v, k->name, words);
    if (t < 0)
        return 0;
    ((OptionDef *)base)->type = types[t];
    return 1;
}

/* One of an option's `values`. */
static int lo_value_item(Ld *ld, const yaml_node_t *e, void *ctx)
{
    OptionDef *o = ctx;
    if (o->nvalues >= MAX_ENUM_VALUES) {
        dg_error(ld->dg, ld_nloc(e), "too many values (at most %d)", MAX_ENUM_VALUES);
        return -1;
    }
    if (o->type == T_INT) {
        long long x;
        if (!lk_parse_ll(lk_sval(e), &x) || x < -OPTION_LIMIT || x > OPTION_LIMIT) {
            dg_error(ld->dg, ld_nloc(e), "values of an int option must be whole numbers");
            return 0;
        }
        o->ivalues[o->nvalues++] = x;
        return 1;
    }
    for (int j = 0; j < o->nvalues; j++)
        if (!strcmp(o->values[j], lk_sval(e))) {
            dg_error(ld->dg, ld_nloc(e), "value \"%s\" is listed twice", lk_sval(e));
            return 0;
        }
    o->values[o->nvalues++] = lk_text(ld, e, "values");
    return 1;
}

/* values: the words of an enum option, or the ints an int option allows. */
static int lo_values(Ld *ld, const LdSec *s, const LdKey *k, void *base, const yaml_node_t *v)
{
    OptionDef *o = base;
    (void)s;
    if (o->type == T_BOOL) {
        dg_error(ld->dg, ld_nloc(v), "a bool option takes no `values`");
        return 0;
    }
    return lk_scalars(ld, v, k->name, "a list", lo_value_item, o);
}

/* min, max: the bounds of an int option, into the int64_t at `off`. */
static int lo_bound(Ld *ld, const LdSec *s, const LdKey *k, void *base, const yaml_node_t *v)
{
    const OptionDef *o = base;
    long long x;
    (void)s;
    if (o->type != T_INT) {
        dg_error(ld->dg, ld_nloc(v), "only an int option takes `%s`", k->name);
        return 0;
    }
    if (!lk_parse_ll(lk_sval(v), &x) || x < -OPTION_LIMIT || x > OPTION_LIMIT) {
        dg_error(ld->dg, ld_nloc(v), "`%s` must be a whole number in -1000000000..1000000000", k->name);
        return 0;
    }
    *(int64_t *)((char *)base + k->off) = x;
    return 1;
}

/* default: a value the option allows (read once its type, values and
 * bounds are known). */
static int lo_default(Ld *ld, const LdSec *s, const LdKey *k, void *base, const yaml_node_t *v)
{
    OptionDef *o = base;
    const char *name = o->name;
    (void)s;
    if (!lk_is_scalar(ld, v, k->name))
        return 0;
    char err[200];
    err[0] = 0;
    const char *ds = lk_sval(v);
    if (o->type == T_BOOL) {
        int b = 0;
        if (!lk_parse_bool(ds, &b))
            snprintf(err, sizeof err, "the default of bool option `%s` must be true or false", name);
        o->def = b;
    } else if (o->type == T_INT) {
        long long x = 0;
        int in = 0;
        if (!lk_parse_ll(ds, &x))
            snprintf(err, sizeof err, "the default of int option `%s` must be a whole number", name);
        else if (x < o->min || x > o->max)
            snprintf(err, sizeof err, "the default of `%s` (%lld) lies outside %lld..%lld", name, x,
                     (long long)o->min, (long long)o->max);
        else if (o->nvalues) {
            for (int j = 0; j < o->nvalues; j++)
                in |= o->ivalues[j] == x;
            if (!in)
                snprintf(err, sizeof err, "the default of `%s` (%lld) is not among its values", name, x);
        }
        o->def = x;
    } else {
        o->def = -1;
        for (int j = 0; j < o->nvalues; j++)
            if (!strcmp(o->values[j], ds))
                o->def = j;
        if (o->def < 0)
            snprintf(err, sizeof err, "the default of `%s` (\"%.60s\") is not among its values", name, ds);
    }
    if (err[0]) {
        dg_error(ld->dg, ld_nloc(v), "%s", err);
        return 0;
    }
    return 1;
}

/* The keys of one option. They are read in their own order: the type
 * first, the default last, once everything it must agree with is known. */
static const LdKey option_keys[OP_N + 1] = {
    [OP_TYPE] = { .name = "type", .required = 1, .kind = LK_CUSTOM, .read = lo_type },
    [OP_DEFAULT] = { .name = "default", .required = 1, .kind = LK_CUSTOM, .read = lo_default },
    [OP_VALUES] = { .name = "values", .kind = LK_CUSTOM, .read = lo_values },
    [OP_MIN] = { .name = "min", .kind = LK_CUSTOM, .off = offsetof(OptionDef, min), .read = lo_bound },
    [OP_MAX] = { .name = "max", .kind = LK_CUSTOM, .off = offsetof(OptionDef, max), .read = lo_bound },
    [OP_DESCRIPTION] = { .name = "description", .kind = LK_TEXT, .off = offsetof(OptionDef, description) },
};

/* Option `name` (its key `k`), the mapping `v`: declared if all of it is
 * valid. */
static void lo_option(Ld *ld, const yaml_node_t *k, const yaml_node_t *v, const char *name)
{
    Rules *r = ld->r;
    OptionDef *o = &r->options[r->noptions];
    char what[100];
    snprintf(what, sizeof what, "option `%s`", name);
    LdSec s;
    lk_sec(&s, v, what, NULL);
    LdPart *p = lk_part(&s, option_keys, 0, o, NULL);
    if (!lk_keys(ld, &s))
        return;
    memset(o, 0, sizeof *o);
    snprintf(o->name, sizeof o->name, "%s", name);
    o->loc = ld_nloc(k);
    o->min = INT32_MIN;
    o->max = INT32_MAX;
    if (!lk_row(ld, &s, p, OP_TYPE))
        return;
    lk_row(ld, &s, p, OP_DESCRIPTION);
    int ok = lk_row(ld, &s, p, OP_VALUES);
    if (!p->val[OP_VALUES] && o->type == T_STRING) {
        dg_error(ld->dg, ld_nloc(v), "enum option `%s` needs `values`", name);
        ok = 0;
    }
    ok &= lk_row(ld, &s, p, OP_MIN);
    ok &= lk_row(ld, &s, p, OP_MAX);
    if (o->min > o->max) {
        dg_error(ld->dg, ld_nloc(p->val[OP_MAX]), "`max` is below `min`");
        ok = 0;
    }
    if (!ok || !lk_row(ld, &s, p, OP_DEFAULT))
        return;
    o->value = o->def;
    r->noptions++;
}

/* May `name` (key `k`) name a new option? Reports why not. */
static int lo_name_ok(Ld *ld, const yaml_node_t *k, const char *name)
{
    const Rules *r = ld->r;
    size_t nl = strlen(name);
    int bad = nl == 0 || nl >= MAX_NAME;
    for (size_t i = 0; i < nl && !bad; i++) {
        char c = name[i];
        bad = !((c >= 'a' && c <= 'z') || (c >= 'A' && c <= 'Z') || c == '_' ||
                (i > 0 && ((c >= '0' && c <= '9') || (c == '-' && i + 1 < nl && lk_is_letter(name[i + 1])))));
    }
    if (bad) {
        dg_error(ld->dg, ld_nloc(k), "option name `%.60s` must be a name as expressions read it: letters, digits, '_', and '-' before a letter (at most %d characters)",
                 name, MAX_NAME - 1);
        return 0;
    }
    int clash = ex_reserved(name);
    for (int i = 0; i < r->noptions; i++)
        if (!strcmp(r->options[i].name, name)) {
            dg_error(ld->dg, ld_nloc(k), "option `%s` is declared twice", name);
            clash = 2;
        }
    if (clash == 1)
        dg_error(ld->dg, ld_nloc(k), "option name `%s` is a reserved word of expressions", name);
    return !clash;
}

/* `options`: a mapping of option names to their definitions. */
void lo_options(Ld *ld, const yaml_node_t *n)
{
    Rules *r = ld->r;
    if (n->type != YAML_MAPPING_NODE) {
        dg_error(ld->dg, ld_nloc(n), "`options` must be a mapping of option names, not %s", lk_kind_name(n));
        return;
    }
    for (yaml_node_pair_t *p = n->data.mapping.pairs.start; p < n->data.mapping.pairs.top; p++) {
        yaml_node_t *k = ld_node(ld, p->key), *v = ld_node(ld, p->value);
        if (!k || !v)
            continue;
        const char *name = lk_sval(k);
        if (!name) {
            dg_error(ld->dg, ld_nloc(k), "option names must be words");
            continue;
        }
        if (r->noptions >= MAX_OPTIONS) {
            dg_error(ld->dg, ld_nloc(k), "too many options (at most %d)", MAX_OPTIONS);
            return;
        }
        int before = ld->dg->errors;
        if (lo_name_ok(ld, k, name))
            lo_option(ld, k, v, name);
        if (ld->dg->errors != before && ld->nbad_opt < MAX_OPTIONS)   /* its uses are not reported */
            ld->bad_opt[ld->nbad_opt++] = name;
    }
}

/* The option KEY of a KEY=VALUE override (`kl` bytes), or NULL after
 * reporting that there is none. */
static OptionDef *lo_find(Ld *ld, const char *key, size_t kl)
{
    Rules *r = ld->r;
    for (int j = r->noptions - 1; j >= 0; j--)
        if (strlen(r->options[j].name) == kl && !strncmp(r->options[j].name, key, kl))
            return &r->options[j];
    char list[400] = "", typed[MAX_NAME];
    snprintf(typed, sizeof typed, "%.*s", (int)(kl < sizeof typed ? kl : sizeof typed - 1), key);
    const char *best = NULL;
    int bd = 3;
    for (int j = 0; j < r->noptions; j++) {
        lk_list_add(list, sizeof list, j, r->options[j].name);
        if (dg_near(typed, r->options[j].name) < bd)
            bd = dg_near(typed, r->options[j].name), best = r->options[j].name;
    }
    if (best)
        dg_error(ld->dg, (SrcLoc){ 0, 0 }, "this variant has no option `%.*s`; did you mean `%s`? (its options: %s)",
                 (int)kl, key, best, list);
    else
        dg_error(ld->dg, (SrcLoc){ 0, 0 }, "this variant has no option `%.*s` (its options: %s)", (int)kl, key,
                 r->noptions ? list : "none");
    return NULL;
}

/* The value of an int option: a whole number it allows. */
static int lo_int_value(Ld *ld, const OptionDef *o, const char *val, int64_t *out)
{
    SrcLoc none = { 0, 0 };
    long long x;
    if (!lk_parse_ll(val, &x)) {
        dg_error(ld->dg, none, "option `%s` takes a whole number, not \"%.60s\"", o->name, val);
        return 0;
    }
    int in = !o->nvalues;
    for (int j = 0; j < o->nvalues; j++)
        in |= o->ivalues[j] == x;
    if (x >= o->min && x <= o->max && in) {
        *out = x;
        return 1;
    }
    char b[200];
    if (o->nvalues) {
        b[0] = 0;
        for (int j = 0; j < o->nvalues; j++) {
            char one[24];
            snprintf(one, sizeof one, "%s%lld", j ? ", " : "", (long long)o->ivalues[j]);
            strncat(b, one, sizeof b - strlen(b) - 1);
        }
    } else
        snprintf(b, sizeof b, "%lld..%lld", (long long)o->min, (long long)o->max);
    dg_error(ld->dg, none, "option `%s` must be one of %s, not %lld", o->name, b, x);
    return 0;
}

/* The value `val` of option `o`, as OptionDef.value holds it. */
static int lo_value(Ld *ld, const OptionDef *o, const char *val, int64_t *out)
{
    SrcLoc none = { 0, 0 };
    if (o->type == T_BOOL) {
        int b;
        if (!lk_parse_bool(val, &b)) {
            dg_error(ld->dg, none, "option `%s` takes true or false, not \"%.60s\"", o->name, val);
            return 0;
        }
        *out = b;
        return 1;
    }
    if (o->type == T_INT)
        return lo_int_value(ld, o, val, out);
    char b[300] = "";
    int idx = -1;
    for (int j = 0; j < o->nvalues; j++) {
        if (!strcmp(o->values[j], val))
            idx = j;
        lk_list_add(b, sizeof b, j, o->values[j]);
    }
    if (idx < 0) {
        dg_error(ld->dg, none, "option `%s` must be one of %s, not \"%.60s\"", o->name, b, val);
        return 0;
    }
    *out = idx;
    return 1;
}

/* Applies the KEY=VALUE overrides of the command line. */
void lo_overrides(Ld *ld)
{
    for (int i = 0; i < ld->nopts; i++) {
        const char *opt = ld->opts[i];
        const char *eq = strchr(opt, '=');
        if (!eq || eq == opt) {
            dg_error(ld->dg, (SrcLoc){ 0, 0 }, "option `%s` must be written KEY=VALUE", opt);
            continue;
        }
        OptionDef *o = lo_find(ld, opt, (size_t)(eq - opt));
        int64_t v;
        if (o && lo_value(ld, o, eq + 1, &v))
            o->value = v;
    }
}

/* An option's value in words: true/false, the number, or the enum word. */
int option_format(const OptionDef *o, int64_t v, char *buf, size_t n)
{
    if (o->type == T_BOOL)
        return snprintf(buf, n, "%s", v ? "true" : "false");
    if (o->type == T_INT)
        return snprintf(buf, n, "%lld", (long long)v);
    return snprintf(buf, n, "%s", v >= 0 && v < o->nvalues ? o->values[v] : "?");
}
