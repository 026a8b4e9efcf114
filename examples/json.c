/* A small, strict JSON reader and writer (json.h). */
#include "json.h"

#include <stdarg.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

typedef struct reader {
    json_doc *d;
    const unsigned char *s;
    size_t len, pos;
    char *out; /* the string buffer */
    size_t out_len;
} reader;

static int fail(reader *r, size_t at, const char *fmt, ...) __attribute__((format(printf, 3, 4)));
static int fail(reader *r, size_t at, const char *fmt, ...)
{
    va_list ap;
    va_start(ap, fmt);
    vsnprintf(r->d->message, sizeof r->d->message, fmt, ap);
    va_end(ap);
    r->d->at = at;
    return -1;
}

static void skip_blanks(reader *r)
{
    while (r->pos < r->len && (r->s[r->pos] == ' ' || r->s[r->pos] == '\t' ||
                               r->s[r->pos] == '\r' || r->s[r->pos] == '\n'))
        r->pos++;
}

/* The length of the UTF-8 sequence at s[0..n) (1..4), or 0 if it is not
 * one: no overlong forms, no surrogates, nothing above U+10FFFF. */
static size_t utf8_len(const unsigned char *s, size_t n)
{
    unsigned c = s[0];
    if (c < 0x80) return 1;
    size_t k;
    unsigned min, cp;
    if (c >= 0xC2 && c <= 0xDF) k = 2, min = 0x80, cp = c & 0x1F;
    else if (c >= 0xE0 && c <= 0xEF) k = 3, min = 0x800, cp = c & 0x0F;
    else if (c >= 0xF0 && c <= 0xF4) k = 4, min = 0x10000, cp = c & 0x07;
    else return 0;
    if (n < k) return 0;
    for (size_t i = 1; i < k; i++) {
        if ((s[i] & 0xC0) != 0x80) return 0;
        cp = cp << 6 | (s[i] & 0x3F);
    }
    if (cp < min || cp > 0x10FFFF || (cp >= 0xD800 && cp <= 0xDFFF)) return 0;
    return k;
}

static int hex4(const unsigned char *s, unsigned *out)
{
    unsigned v = 0;
    for (int i = 0; i < 4; i++) {
        unsigned c = s[i], d;
        if (c >= '0' && c <= '9') d = c - '0';
        else if (c >= 'a' && c <= 'f') d = c - 'a' + 10;
        else if (c >= 'A' && c <= 'F') d = c - 'A' + 10;
        else return 0;
        v = v << 4 | d;
    }
    *out = v;
    return 1;
}

static void put_utf8(reader *r, unsigned cp)
{
    char *o = r->out + r->out_len;
    if (cp < 0x80) {
        o[0] = (char)cp;
        r->out_len += 1;
    } else if (cp < 0x800) {
        o[0] = (char)(0xC0 | cp >> 6);
        o[1] = (char)(0x80 | (cp & 0x3F));
        r->out_len += 2;
    } else if (cp < 0x10000) {
        o[0] = (char)(0xE0 | cp >> 12);
        o[1] = (char)(0x80 | (cp >> 6 & 0x3F));
        o[2] = (char)(0x80 | (cp & 0x3F));
        r->out_len += 3;
    } else {
        o[0] = (char)(0xF0 | cp >> 18);
        o[1] = (char)(0x80 | (cp >> 12 & 0x3F));
        o[2] = (char)(0x80 | (cp >> 6 & 0x3F));
        o[3] = (char)(0x80 | (cp & 0x3F));
        r->out_len += 4;
    }
}

/* A string at r->pos (its opening quote): decoded into the string buffer,
 * NUL-terminated.  Every escape is at least as long as what it decodes to,
 * and the quotes pay for the NUL, so the buffer of len + 1 bytes holds all
 * the strings of the line. */
static int read_string(reader *r, const char **str, size_t *slen)
{
    size_t start = r->pos++;
    size_t out0 = r->out_len;
    for (;;) {
        if (r->pos >= r->len) return fail(r, start, "a string that does not end (no closing \")");
        unsigned c = r->s[r->pos];
        if (c == '"') {
            r->pos++;
            break;
        }
        if (c < 0x20)
            return fail(r, r->pos, "control character 0x%02x in a string (write it as \\u%04x)",
                        c, c);
        if (c != '\\') {
            size_t k = utf8_len(r->s + r->pos, r->len - r->pos);
            if (!k) return fail(r, r->pos, "byte 0x%02x is not UTF-8", c);
            memcpy(r->out + r->out_len, r->s + r->pos, k);
            r->out_len += k;
            r->pos += k;
            continue;
        }
        if (r->pos + 1 >= r->len) return fail(r, r->pos, "a string that ends in a backslash");
        unsigned e = r->s[r->pos + 1];
        const char *simple = strchr("\"\\/bfnrt", (int)e);
        if (e && simple) {
            static const char to[] = "\"\\/\b\f\n\r\t";
            r->out[r->out_len++] = to[simple - "\"\\/bfnrt"];
            r->pos += 2;
            continue;
        }
        if (e != 'u')
            return fail(r, r->pos, "unknown escape '\\%c' (JSON has \\\" \\\\ \\/ \\b \\f \\n \\r \\t \\uXXXX)",
                        e >= 0x20 && e < 0x7F ? (char)e : '?');
        unsigned cp;
        if (r->pos + 6 > r->len || !hex4(r->s + r->pos + 2, &cp))
            return fail(r, r->pos, "\\u wants four hex digits");
        size_t at = r->pos;
        r->pos += 6;
        if (cp >= 0xDC00 && cp <= 0xDFFF)
            return fail(r, at, "\\u%04x is a low surrogate without a high one before it", cp);
        if (cp >= 0xD800 && cp <= 0xDBFF) {
            unsigned lo;
            if (r->pos + 6 > r->len || r->s[r->pos] != '\\' || r->s[r->pos + 1] != 'u' ||
                !hex4(r->s + r->pos + 2, &lo) || lo < 0xDC00 || lo > 0xDFFF)
                return fail(r, at, "\\u%04x is a high surrogate without a low one after it", cp);
            r->pos += 6;
            cp = 0x10000 + ((cp - 0xD800) << 10) + (lo - 0xDC00);
        }
        if (cp == 0) return fail(r, at, "\\u0000 (a NUL character) is not accepted in strings");
        put_utf8(r, cp);
    }
    r->out[r->out_len++] = 0;
    *str = r->out + out0;
    *slen = r->out_len - out0 - 1;
    return 0;
}

static int is_digit(int c) { return c >= '0' && c <= '9'; }

static int read_number(reader *r, json_value *v)
{
    size_t start = r->pos;
    const unsigned char *s = r->s;
    if (r->pos < r->len && s[r->pos] == '-') {
        v->negative = 1;
        r->pos++;
    }
    if (r->pos >= r->len || !is_digit(s[r->pos]))
        return fail(r, start, "a number wants a digit after its sign");
    if (s[r->pos] == '0' && r->pos + 1 < r->len && is_digit(s[r->pos + 1]))
        return fail(r, start, "a number with a leading zero");
    uint64_t m = 0;
    int over = 0;
    while (r->pos < r->len && is_digit(s[r->pos])) {
        unsigned d = s[r->pos++] - '0';
        if (m > (UINT64_MAX - d) / 10) over = 1;
        else m = m * 10 + d;
    }
    v->whole = 1;
    if (r->pos < r->len && s[r->pos] == '.') {
        r->pos++;
        if (r->pos >= r->len || !is_digit(s[r->pos]))
            return fail(r, start, "a number wants a digit after its decimal point");
        while (r->pos < r->len && is_digit(s[r->pos])) r->pos++;
        v->whole = 0;
    }
    if (r->pos < r->len && (s[r->pos] == 'e' || s[r->pos] == 'E')) {
        r->pos++;
        if (r->pos < r->len && (s[r->pos] == '+' || s[r->pos] == '-')) r->pos++;
        if (r->pos >= r->len || !is_digit(s[r->pos]))
            return fail(r, start, "a number wants a digit in its exponent");
        while (r->pos < r->len && is_digit(s[r->pos])) r->pos++;
        v->whole = 0;
    }
    v->fits = v->whole && !over && (!v->negative || m <= (uint64_t)INT64_MAX + 1);
    v->magnitude = v->fits ? m : 0;
    return 0;
}

static int read_value(reader *r, int depth, int *index);

static int new_value(reader *r, int type, int *index)
{
    json_doc *d = r->d;
    if (d->n >= JSON_MAX_VALUES)
        return fail(r, r->pos, "more than %d values in one line", JSON_MAX_VALUES);
    json_value *v = &d->v[d->n];
    memset(v, 0, sizeof *v);
    v->type = type;
    v->next = v->child = -1;
    v->at = r->pos;
    *index = d->n++;
    return 0;
}

static int read_list(reader *r, int depth, int index, int object)
{
    json_doc *d = r->d;
    char close = object ? '}' : ']';
    size_t open_at = r->pos++;
    int last = -1;
    skip_blanks(r);
    if (r->pos < r->len && r->s[r->pos] == (unsigned char)close) {
        r->pos++;
        return 0;
    }
    for (;;) {
        skip_blanks(r);
        const char *key = NULL;
        if (object) {
            if (r->pos >= r->len || r->s[r->pos] != '"')
                return fail(r, r->pos, "an object member wants a \"key\" here");
            size_t key_at = r->pos;
            size_t klen;
            if (read_string(r, &key, &klen)) return -1;
            if (strlen(key) != klen) return fail(r, key_at, "a key with a NUL character");
            for (int k = d->v[index].child; k >= 0; k = d->v[k].next)
                if (!strcmp(d->v[k].key, key))
                    return fail(r, key_at, "key \"%.60s\" given twice in one object", key);
            skip_blanks(r);
            if (r->pos >= r->len || r->s[r->pos] != ':')
                return fail(r, r->pos, "a ':' wanted after the key \"%.60s\"", key);
            r->pos++;
        }
        int child;
        if (read_value(r, depth + 1, &child)) return -1;
        d->v[child].key = key;
        if (last < 0) d->v[index].child = child;
        else d->v[last].next = child;
        last = child;
        d->v[index].count++;
        skip_blanks(r);
        if (r->pos >= r->len)
            return fail(r, open_at, "%s that does not end (no closing '%c')",
                        object ? "an object" : "an array", close);
        if (r->s[r->pos] == ',') {
            r->pos++;
            continue;
        }
        if (r->s[r->pos] == (unsigned char)close) {
            r->pos++;
            return 0;
        }
        return fail(r, r->pos, "a ',' or '%c' wanted here", close);
    }
}

static int literal(reader *r, const char *word)
{
    size_t n = strlen(word);
    return r->len - r->pos >= n && !memcmp(r->s + r->pos, word, n);
}

static int read_value(reader *r, int depth, int *index)
{
    skip_blanks(r);
    if (depth > JSON_MAX_DEPTH)
        return fail(r, r->pos, "values nested more than %d deep", JSON_MAX_DEPTH);
    if (r->pos >= r->len) return fail(r, r->pos, "a value wanted here, the line ends");
    unsigned c = r->s[r->pos];
    int rc;
    if (c == '{' || c == '[') {
        if (new_value(r, c == '{' ? JSON_OBJECT : JSON_ARRAY, index)) return -1;
        return read_list(r, depth, *index, c == '{');
    }
    if (c == '"') {
        if (new_value(r, JSON_STRING, index)) return -1;
        const char *str;
        size_t len;
        rc = read_string(r, &str, &len);
        r->d->v[*index].str = str;
        r->d->v[*index].len = len;
        return rc;
    }
    if (c == '-' || is_digit((int)c)) {
        if (new_value(r, JSON_NUMBER, index)) return -1;
        return read_number(r, &r->d->v[*index]);
    }
    static const char *const words[] = {"null", "false", "true"};
    for (int k = 0; k < 3; k++)
        if (literal(r, words[k])) {
            if (new_value(r, JSON_NULL + k, index)) return -1;
            r->pos += strlen(words[k]);
            return 0;
        }
    if (c >= 0x20 && c < 0x7F)
        return fail(r, r->pos, "'%c' cannot start a value (a value is an object, array, "
                               "string, number, true, false or null)", (char)c);
    return fail(r, r->pos, "byte 0x%02x cannot start a value", c);
}

int json_parse(json_doc *d, const char *text, size_t len, char *strbuf)
{
    reader r = {d, (const unsigned char *)text, len, 0, strbuf, 0};
    d->n = 0;
    d->message[0] = 0;
    d->at = 0;
    int top;
    skip_blanks(&r);
    if (r.pos >= len) return fail(&r, 0, "an empty line (one JSON object per line)");
    if (read_value(&r, 1, &top)) return -1;
    skip_blanks(&r);
    if (r.pos < len) return fail(&r, r.pos, "text after the JSON value");
    return 0;
}

const json_value *json_get(const json_doc *d, const json_value *o, const char *key)
{
    if (!o || o->type != JSON_OBJECT) return NULL;
    for (int k = o->child; k >= 0; k = d->v[k].next)
        if (!strcmp(d->v[k].key, key)) return &d->v[k];
    return NULL;
}

const json_value *json_at(const json_doc *d, const json_value *a, int i)
{
    if (!a || (a->type != JSON_ARRAY && a->type != JSON_OBJECT)) return NULL;
    int k = a->child;
    while (k >= 0 && i-- > 0) k = d->v[k].next;
    return k >= 0 ? &d->v[k] : NULL;
}

int json_int(const json_value *v, int64_t lo, int64_t hi, int64_t *out)
{
    if (!v || v->type != JSON_NUMBER || !v->fits) return 0;
    int64_t x;
    if (v->negative) {
        if (v->magnitude > (uint64_t)INT64_MAX + 1) return 0;
        x = v->magnitude == (uint64_t)INT64_MAX + 1 ? INT64_MIN : -(int64_t)v->magnitude;
    } else {
        if (v->magnitude > (uint64_t)INT64_MAX) return 0;
        x = (int64_t)v->magnitude;
    }
    if (x < lo || x > hi) return 0;
    *out = x;
    return 1;
}

int json_u64(const json_value *v, uint64_t *out)
{
    if (!v || v->type != JSON_NUMBER || !v->fits || (v->negative && v->magnitude)) return 0;
    *out = v->magnitude;
    return 1;
}

/* ---------------------------------------------------------------- writer */

void jo_init(json_out *o)
{
    o->cap = 4096;
    o->len = 0;
    o->buf = malloc(o->cap);
    o->ok = o->buf != NULL;
    if (o->ok) o->buf[0] = 0;
}

void jo_free(json_out *o)
{
    free(o->buf);
    o->buf = NULL;
    o->len = o->cap = 0;
    o->ok = 0;
}

static int room(json_out *o, size_t n)
{
    if (!o->ok) return 0;
    if (o->len + n + 1 <= o->cap) return 1;
    size_t cap = o->cap;
    while (o->len + n + 1 > cap) cap *= 2;
    char *b = realloc(o->buf, cap);
    if (!b) {
        o->ok = 0;
        return 0;
    }
    o->buf = b;
    o->cap = cap;
    return 1;
}

static void put(json_out *o, const char *s, size_t n)
{
    if (!room(o, n)) return;
    memcpy(o->buf + o->len, s, n);
    o->len += n;
    o->buf[o->len] = 0;
}

void jo_raw(json_out *o, const char *s) { put(o, s, strlen(s)); }

void jo_printf(json_out *o, const char *fmt, ...)
{
    char small[256];
    va_list ap;
    va_start(ap, fmt);
    int n = vsnprintf(small, sizeof small, fmt, ap);
    va_end(ap);
    if (n < 0) return;
    if ((size_t)n < sizeof small) {
        put(o, small, (size_t)n);
        return;
    }
    if (!room(o, (size_t)n)) return;
    va_start(ap, fmt);
    vsnprintf(o->buf + o->len, (size_t)n + 1, fmt, ap);
    va_end(ap);
    o->len += (size_t)n;
}

void jo_strn(json_out *o, const char *s, size_t n)
{
    put(o, "\"", 1);
    size_t run = 0;
    for (size_t i = 0; i < n; i++) {
        unsigned char c = (unsigned char)s[i];
        if (c >= 0x80) { /* UTF-8 as it is; a byte that is not UTF-8 becomes U+FFFD */
            size_t k = utf8_len((const unsigned char *)s + i, n - i);
            if (k) {
                i += k - 1;
                continue;
            }
            put(o, s + run, i - run);
            run = i + 1;
            put(o, "\\ufffd", 6);
            continue;
        }
        if (c >= 0x20 && c != '"' && c != '\\') continue;
        put(o, s + run, i - run);
        run = i + 1;
        char esc[8];
        switch (c) {
        case '"': put(o, "\\\"", 2); break;
        case '\\': put(o, "\\\\", 2); break;
        case '\n': put(o, "\\n", 2); break;
        case '\r': put(o, "\\r", 2); break;
        case '\t': put(o, "\\t", 2); break;
        default:
            snprintf(esc, sizeof esc, "\\u%04x", c);
            put(o, esc, 6);
        }
    }
    put(o, s + run, n - run);
    put(o, "\"", 1);
}

void jo_str(json_out *o, const char *s) { jo_strn(o, s, strlen(s)); }

void jo_key(json_out *o, int *first, const char *key)
{
    if (!*first) put(o, ",", 1);
    *first = 0;
    jo_str(o, key);
    put(o, ":", 1);
}
