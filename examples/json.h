/* A small, strict JSON reader and writer for carcvar-play --protocol
 * (doc/protocol.md), libc only.
 *
 * The reader takes one line of text (RFC 8259 JSON, nothing else around it
 * but blanks) and builds a tree of at most JSON_MAX_VALUES values, nested at
 * most JSON_MAX_DEPTH deep, in a caller's json_doc: no allocation but the
 * string buffer the caller gives.  It refuses, with a message and the byte
 * offset: bytes that are not UTF-8 (overlong forms and surrogates
 * included), control characters in strings, unknown escapes, lone or
 * reversed surrogate escapes, \u0000, duplicate keys in an object, leading
 * zeros, a number with nothing after its sign, point or exponent, anything
 * after the value.  Numbers keep whether they are whole and, if so, their
 * value when it fits 64 bits (json_int, json_u64). */
#ifndef CARCVAR_EXAMPLES_JSON_H
#define CARCVAR_EXAMPLES_JSON_H

#include <stddef.h>
#include <stdint.h>

#define JSON_MAX_VALUES 4096
#define JSON_MAX_DEPTH 16

enum { JSON_NULL, JSON_FALSE, JSON_TRUE, JSON_NUMBER, JSON_STRING, JSON_ARRAY, JSON_OBJECT };

typedef struct json_value {
    int type;           /* JSON_* */
    int next;           /* the next value in its array or object, or -1 */
    int child;          /* ARRAY, OBJECT: its first value, or -1 */
    int count;          /* ARRAY, OBJECT: how many values */
    const char *key;    /* a member of an object: its key (NUL-terminated) */
    const char *str;    /* STRING: its text, decoded, NUL-terminated */
    size_t len;         /* STRING: its length in bytes */
    int whole;          /* NUMBER: no fraction and no exponent */
    int fits;           /* NUMBER: whole, and within int64 or uint64 */
    int negative;       /* NUMBER: a minus sign */
    uint64_t magnitude; /* NUMBER: |value| when fits */
    size_t at;          /* byte offset of the value in the line */
} json_value;

typedef struct json_doc {
    json_value v[JSON_MAX_VALUES];
    int n;                 /* values; v[0] is the top one */
    char message[160];     /* why the line was refused */
    size_t at;             /* where (byte offset) */
} json_doc;

/* Parse text[0..len) into d; strings go to strbuf, which must hold len + 1
 * bytes (decoded strings never outgrow their source).  0 on success, -1
 * with d->message and d->at. */
int json_parse(json_doc *d, const char *text, size_t len, char *strbuf);

/* The member of object o called key, or NULL. */
const json_value *json_get(const json_doc *d, const json_value *o, const char *key);
/* The i-th value of an array or object (by its links), or NULL. */
const json_value *json_at(const json_doc *d, const json_value *a, int i);
/* A whole number within [lo, hi]: 1 and *out, else 0. */
int json_int(const json_value *v, int64_t lo, int64_t hi, int64_t *out);
/* A whole number from 0 to 2^64 - 1: 1 and *out, else 0. */
int json_u64(const json_value *v, uint64_t *out);

/* ---------------------------------------------------------------- writer */

/* A growing text buffer; ok turns 0 when memory ran out (then every later
 * write does nothing). */
typedef struct json_out {
    char *buf;
    size_t len, cap;
    int ok;
} json_out;

void jo_init(json_out *o);
void jo_free(json_out *o);
void jo_raw(json_out *o, const char *s);
void jo_printf(json_out *o, const char *fmt, ...) __attribute__((format(printf, 2, 3)));
/* a JSON string of s (n bytes): quotes, escapes of ", \ and control
 * characters; UTF-8 as it is, and a byte that is not UTF-8 as \ufffd, so
 * the output is always valid JSON */
void jo_strn(json_out *o, const char *s, size_t n);
void jo_str(json_out *o, const char *s);
/* "key": -- with a comma first unless *first */
void jo_key(json_out *o, int *first, const char *key);

#endif
