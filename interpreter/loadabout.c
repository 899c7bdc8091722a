/* loadabout.c: the `about` section: what the catalogue says of a game
 * (its other names, where it is played, its sources, the readings the
 * file chose, its entries in Ludii and MancalaGames). None of it changes
 * the play; `show`, `list` and docs/catalogue.md print it. */
#include "load.h"

/* Where about_text puts the texts of a list. */
typedef struct {
    const char *key;
    const char **out;
    int *n;
} AboutList;

/* One text of a list: at most MAX_ABOUT of them. */
static int about_text(Ld *ld, const yaml_node_t *e, void *ctx)
{
    AboutList *l = ctx;
    if (*l->n >= MAX_ABOUT) {
        dg_error(ld->dg, ld_nloc(e), "`%s` lists at most %d texts", l->key, MAX_ABOUT);
        return -1;
    }
    const char *t = lk_text(ld, e, l->key);
    if (t)
        l->out[(*l->n)++] = t;
    return t != NULL;
}

/* A list of texts (a single text is a list of one) into `out`, at most
 * MAX_ABOUT of them, counted in *n. */
static int about_list(Ld *ld, const yaml_node_t *v, const char *key, const char **out, int *n)
{
    if (v->type == YAML_SCALAR_NODE) {
        out[0] = lk_text(ld, v, key);
        *n = out[0] != NULL;
        return *n;
    }
    AboutList l = { key, out, n };
    return lk_scalars(ld, v, key, "a text or a list of texts", about_text, &l);
}

/* about.names (LK_CUSTOM). */
static int about_names(Ld *ld, const LdSec *s, const LdKey *k, void *base, const yaml_node_t *v)
{
    Rules *r = base;
    char buf[80];
    return about_list(ld, v, lk_label(s, k, buf, sizeof buf), r->names, &r->nnames);
}

/* about.sources (LK_CUSTOM). */
static int about_sources(Ld *ld, const LdSec *s, const LdKey *k, void *base, const yaml_node_t *v)
{
    Rules *r = base;
    char buf[80];
    return about_list(ld, v, lk_label(s, k, buf, sizeof buf), r->sources, &r->nsources);
}

static const LdKey about_keys[] = {
    { .name = "names", .kind = LK_CUSTOM, .flags = LF_QUALIFY, .read = about_names },
    { .name = "region", .kind = LK_TEXT, .flags = LF_QUALIFY, .off = offsetof(Rules, region) },
    { .name = "sources", .kind = LK_CUSTOM, .flags = LF_QUALIFY, .read = about_sources },
    { .name = "readings", .kind = LK_TEXT, .flags = LF_QUALIFY, .off = offsetof(Rules, readings) },
    { .name = "gaps", .kind = LK_TEXT, .flags = LF_QUALIFY, .off = offsetof(Rules, gaps) },
    { .name = "ludii", .kind = LK_TEXT, .flags = LF_QUALIFY, .off = offsetof(Rules, ludii) },
    { .name = "mancalagames", .kind = LK_TEXT, .flags = LF_QUALIFY, .off = offsetof(Rules, mancalagames) },
    { .name = NULL }
};

/* `about`: a mapping of the keys above, all optional. */
void ls_about(Ld *ld, const yaml_node_t *n)
{
    LdSec s;
    lk_sec(&s, n, "`about`", "about");
    lk_part(&s, about_keys, 0, ld->r, NULL);
    lk_map(ld, &s);
}
