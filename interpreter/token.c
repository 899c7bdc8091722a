/* token.c: decisions written as tokens (docs/positions.md): "3", "6cw",
 * "first:south", "lot:north", "fill:1,3", "place:5", "place:all", "select:9", "swap", "keep", "1>7", "take:12", "put:9", "to:8",
 * "3x4" (4 seeds lifted from 3), "5/1", "5+" (moves.choice), "store", "store:row", "storecwx4" (moves.store). */
#include <stdio.h>

#include "engine.h"

int tok_write(const Rules *r, const Move *m, char *buf, size_t n)
{
    switch (m->kind) {
    case MV_FIRST:
        return snprintf(buf, n, "first:%s", m->dir ? "north" : "south");
    case MV_LOT:
        return snprintf(buf, n, "lot:%s", m->dir ? "north" : "south");
    case MV_PLACE:
        if (m->arg == 1)
            return snprintf(buf, n, "place:all");   /* moves.place.each */
        return snprintf(buf, n, "place:%d%s", m->hole + 1, m->show_dir ? (m->dir == DIR_CW ? "cw" : "ccw") : "");
    case MV_SWAP:
        return snprintf(buf, n, "%s", m->dir ? "swap" : "keep");
    case MV_PICK:
        return snprintf(buf, n, "take:%d", m->hole + 1);
    case MV_MARK:
        return snprintf(buf, n, "mark:%d", m->hole + 1);
    case MV_PUT:
        return snprintf(buf, n, "put:%d", m->hole + 1);
    case MV_STEER:
        return snprintf(buf, n, "to:%d", m->hole + 1);
    case MV_SELECT:
        return snprintf(buf, n, "select:%d", m->hole + 1);
    case MV_STORE: {
        /* the entry's name, the direction, the seeds when chosen ("store:row", "storecwx4") */
        const StoreMove *sm = m->arg < (uint32_t)r->nstore_moves ? &r->store_moves[m->arg] : NULL;
        char amount[24] = "";
        if (sm && sm->min.code)
            snprintf(amount, sizeof amount, "x%llu", (unsigned long long)m->holes);
        return snprintf(buf, n, "store%s%s%s%s", sm && sm->name ? ":" : "", sm && sm->name ? sm->name : "",
                        m->show_dir ? (m->dir == DIR_CW ? "cw" : "ccw") : "", amount);
    }
    case MV_STEP:
        return snprintf(buf, n, "%d>%d%s", m->hole + 1, m->dir + 1,
                        m->show_dir ? (m->arg == 1 + DIR_CW ? "cw" : "ccw") : "");
    case MV_FILL: {
        size_t len = (size_t)snprintf(buf, n, "fill:");
        int any = 0;
        for (int h = 0; h < r->nholes && len < n; h++)
            if (has_hole((Mask)m->holes, h)) {
                len += (size_t)snprintf(buf + len, n - len, "%s%d", any ? "," : "", h + 1);
                any = 1;
            }
        return (int)len;
    }
    default: {
        /* the hole, its direction, the seeds lifted (moves.lift: "x4"), the
         * seeds dropped a place (moves.per-hole: "by2"), the choice ("+"),
         * the relay chance it stops at (relay-stop: "/2") */
        char amount[24] = "", group[24] = "", stop[24] = "";
        if (m->holes)
            snprintf(amount, sizeof amount, "x%llu", (unsigned long long)m->holes);
        if (MOVE_GROUP(m->arg))   /* moves.per-hole: "by2" */
            snprintf(group, sizeof group, "by%d", MOVE_GROUP(m->arg));
        if (m->arg & MOVE_STOP_MASK)
            snprintf(stop, sizeof stop, "/%u", (unsigned)(m->arg & MOVE_STOP_MASK));
        return snprintf(buf, n, "%d%s%s%s%s%s", m->hole + 1, m->show_dir ? (m->dir == DIR_CW ? "cw" : "ccw") : "",
                        amount, group, m->arg & MOVE_CHOICE ? "+" : "", stop);
    }
    }
}

int tok_find(const Rules *r, const Move *moves, int n, const char *tok)
{
    char buf[256];
    for (int i = 0; i < n; i++) {
        tok_write(r, &moves[i], buf, sizeof buf);
        if (strcmp(buf, tok) == 0)
            return i;
    }
    return -1;
}
