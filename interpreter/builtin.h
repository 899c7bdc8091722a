/* builtin.h: the variant files compiled into the binary (build/builtin.c,
 * generated from variants/ by tools/embed.c). */
#ifndef MANCALA_BUILTIN_H
#define MANCALA_BUILTIN_H

#include <string.h>

typedef struct BuiltinVariant {
    const char *name;  /* the file name without .yaml */
    const char *path;  /* "variants/NAME.yaml", for diagnostics */
    const char *text;  /* the file's bytes, NUL-terminated */
} BuiltinVariant;

/* Terminated by an entry whose name is NULL. */
extern const BuiltinVariant builtin_variants[];

/* The built-in variant called `name`, or NULL. */
static inline const BuiltinVariant *builtin_find(const char *name)
{
    for (const BuiltinVariant *b = builtin_variants; b->name; b++)
        if (!strcmp(b->name, name))
            return b;
    return NULL;
}

#endif
