/* builtin.h: the variant files compiled into the binary (build/builtin.c,
 * generated from variants/ by tools/embed.c). */
#ifndef MANCALA_BUILTIN_H
#define MANCALA_BUILTIN_H

typedef struct BuiltinVariant {
    const char *name;  /* the file name without .yaml */
    const char *path;  /* "variants/NAME.yaml", for diagnostics */
    const char *text;  /* the file's bytes, NUL-terminated */
} BuiltinVariant;

/* Terminated by an entry whose name is NULL. */
extern const BuiltinVariant builtin_variants[];

#endif
