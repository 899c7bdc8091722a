/* io.c: reading and writing whole files, checksums (see io.h). */
#include "io.h"

#include <errno.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/stat.h>
#include <zlib.h>

/* Reads all of `f` into a malloc'd buffer; NULL with a reason in *why. */
static char *read_all(FILE *f, size_t *len, const char **why)
{
    size_t cap = 4096, n = 0;
    char *buf = malloc(cap + 1);
    while (buf) {
        n += fread(buf + n, 1, cap - n, f);
        if (n < cap)
            break;
        if (cap >= IO_MAX_FILE) {
            /* exactly IO_MAX_FILE bytes is allowed: one more byte is not */
            if (getc(f) == EOF && !ferror(f))
                break;
            free(buf);
            *why = "file too large";
            return NULL;
        }
        cap *= 2;
        char *nb = realloc(buf, cap + 1);
        if (!nb) {
            free(buf);
            buf = NULL;
        } else {
            buf = nb;
        }
    }
    if (!buf) {
        *why = "out of memory";
        return NULL;
    }
    if (ferror(f)) {
        free(buf);
        *why = "read error";
        return NULL;
    }
    buf[n] = 0;
    *len = n;
    return buf;
}

int io_read_file(const char *path, char **out, size_t *len, char *err, size_t errlen)
{
    if (!strcmp(path, "-")) {   /* standard input */
        const char *why = NULL;
        char *buf = read_all(stdin, len, &why);
        if (!buf) {
            if (!strcmp(why, "file too large"))
                snprintf(err, errlen, "<stdin>: too large (more than %zu bytes)", IO_MAX_FILE);
            else
                snprintf(err, errlen, "<stdin>: %s", why);
            return 0;
        }
        *out = buf;
        return 1;
    }
    struct stat st;
    if (stat(path, &st) != 0) {
        snprintf(err, errlen, "%s: %s", path, strerror(errno));
        return 0;
    }
    if (S_ISDIR(st.st_mode)) {
        snprintf(err, errlen, "%s: is a directory", path);
        return 0;
    }
    FILE *f = fopen(path, "rb");
    if (!f) {
        snprintf(err, errlen, "%s: %s", path, strerror(errno));
        return 0;
    }
    const char *why = NULL;
    char *buf = read_all(f, len, &why);
    fclose(f);
    if (!buf) {
        if (!strcmp(why, "file too large"))
            snprintf(err, errlen, "%s: file too large (more than %zu bytes)", path, IO_MAX_FILE);
        else
            snprintf(err, errlen, "%s: %s", path, why);
        return 0;
    }
    *out = buf;
    return 1;
}

int io_write_parts(const char *path, const void *const *part, const size_t *len, int n, char *err, size_t errlen)
{
    char tmp[4200];
    snprintf(tmp, sizeof tmp, "%s.tmp", path);
    errno = 0;
    FILE *f = fopen(tmp, "wb");
    int ok = f != NULL;
    for (int i = 0; ok && i < n; i++)
        ok = !len[i] || fwrite(part[i], 1, len[i], f) == len[i];
    ok = f && !fclose(f) && ok;
    if (!ok || rename(tmp, path)) {
        snprintf(err, errlen, "%s: %s", ok ? path : tmp, strerror(errno ? errno : EIO));
        remove(tmp);
        return 0;
    }
    return 1;
}

uint32_t io_crc32(uint32_t crc, const void *buf, size_t len)
{
    uLong c = crc;
    for (size_t at = 0; at < len; at += (size_t)1 << 30) {   /* zlib's lengths are uInt */
        const size_t piece = len - at < ((size_t)1 << 30) ? len - at : (size_t)1 << 30;
        c = crc32(c, (const Bytef *)buf + at, (uInt)piece);
    }
    return (uint32_t)c;
}
