/*
 * output.c - printing result rows as a table, CSV or JSON (see output.h).
 *
 * table: columns two spaces apart under a header and a dashed rule;
 *        numbers right-aligned, text left-aligned; NULL shows as empty;
 *        control bytes escaped (text.c) so a row stays one line.  The
 *        widths come from the first TABLE_MEASURE_ROWS rows, held in
 *        memory; the rows after them are printed as they are stepped,
 *        one at a time, so a result of any size needs bounded memory
 *        (5 million rows held whole took 551 MB).
 * csv:   RFC 4180: a field holding a comma, quote, CR or LF is quoted,
 *        quotes doubled; NULL is an empty field; lines end with LF.
 * json:  [ {"column": value, ...}, ... ]; integers and reals as numbers
 *        (a non-finite real as null), NULL as null, text as strings
 *        escaped per RFC 8259, invalid UTF-8 replaced by U+FFFD, and
 *        C1 and bidirectional controls written as \uXXXX (text.h).
 * Reals: in a table, 15 significant digits as the sqlite3 shell shows
 * them (0.1 + 0.2 is 0.3); in CSV and JSON, the fewest digits (15 to 17)
 * that read back as the same double, so no data is lost.  A whole number
 * gets ".0".  BLOBs show as x'hex' text in every format.
 */
#include "output.h"

#include "text.h"

#include <math.h>
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

/* ---- cells: one value of a row, as text ---- */

struct cell {
	char *text;		/* NULL for SQL NULL */
	size_t len;
	int numeric;		/* INTEGER or REAL */
};

static char *blob_as_text(const unsigned char *blob, size_t n, size_t *len)
{
	static const char hex[] = "0123456789abcdef";
	char *s = malloc(2 * n + 4);
	size_t i;

	if (!s)
		return NULL;
	s[0] = 'x';
	s[1] = '\'';
	for (i = 0; i < n; i++) {
		s[2 + 2 * i] = hex[blob[i] >> 4];
		s[3 + 2 * i] = hex[blob[i] & 15];
	}
	s[2 + 2 * n] = '\'';
	s[3 + 2 * n] = '\0';
	*len = 2 * n + 3;
	return s;
}

/* D in 15 significant digits, or if EXACT in the fewest that read back
 * as D.  BUF has 32 bytes. */
static size_t format_real(double d, char *buf, int exact)
{
	int precision, len = 0;

	for (precision = 15; precision <= (exact ? 17 : 15); precision++) {
		len = snprintf(buf, 32, "%.*g", precision, d);
		if (strtod(buf, NULL) == d)
			break;
	}
	if (isfinite(d) && strpbrk(buf, ".e") == NULL) {
		memcpy(buf + len, ".0", 3);
		len += 2;
	}
	return (size_t)len;
}

/* Column I of the current row, reals EXACT or not (format_real).
 * Returns -1 if out of memory. */
static int read_cell(sqlite3_stmt *stmt, int i, struct cell *c, int exact)
{
	int type = sqlite3_column_type(stmt, i);
	const unsigned char *text;

	c->text = NULL;
	c->len = 0;
	c->numeric = type == SQLITE_INTEGER || type == SQLITE_FLOAT;
	if (type == SQLITE_NULL)
		return 0;
	if (type == SQLITE_FLOAT) {
		char buf[32];

		c->len = format_real(sqlite3_column_double(stmt, i), buf,
				     exact);
		c->text = strdup(buf);
		return c->text ? 0 : -1;
	}
	if (type == SQLITE_BLOB) {
		c->text = blob_as_text(sqlite3_column_blob(stmt, i),
				       (size_t)sqlite3_column_bytes(stmt, i),
				       &c->len);
		return c->text ? 0 : -1;
	}
	text = sqlite3_column_text(stmt, i);
	c->len = (size_t)sqlite3_column_bytes(stmt, i);
	c->text = malloc(c->len + 1);
	if (!c->text || !text) {
		free(c->text);
		c->text = NULL;
		return text ? -1 : 0;
	}
	memcpy(c->text, text, c->len);
	c->text[c->len] = '\0';
	return 0;
}

/* ---- table ---- */

/* Rows held to measure the columns; the rest stream out. */
#define TABLE_MEASURE_ROWS 1000

struct table {
	int n_cols;
	struct cell *cells;	/* row-major, n_rows * n_cols */
	size_t n_rows, cap_rows;
	size_t *width;
	int *right;		/* column holds only numbers (and NULLs) */
};

static int table_add_row(struct table *t, sqlite3_stmt *stmt)
{
	struct cell *row;
	int i;

	if (t->n_rows == t->cap_rows) {
		size_t cap = t->cap_rows ? t->cap_rows * 2 : 64;
		struct cell *cells = realloc(t->cells, cap * t->n_cols
					     * sizeof *cells);

		if (!cells)
			return -1;
		t->cells = cells;
		t->cap_rows = cap;
	}
	row = &t->cells[t->n_rows * t->n_cols];
	for (i = 0; i < t->n_cols; i++) {
		if (read_cell(stmt, i, &row[i], 0) != 0) {
			while (i-- > 0)
				free(row[i].text);
			return -1;
		}
	}
	t->n_rows++;
	return 0;
}

static void table_measure(struct table *t, sqlite3_stmt *stmt)
{
	size_t r;
	int i;

	for (i = 0; i < t->n_cols; i++) {
		const char *name = sqlite3_column_name(stmt, i);

		t->width[i] = text_display_width(name, strlen(name));
		t->right[i] = t->n_rows > 0;
	}
	for (r = 0; r < t->n_rows; r++)
		for (i = 0; i < t->n_cols; i++) {
			const struct cell *c = &t->cells[r * t->n_cols + i];
			size_t w = c->text ? text_display_width(c->text, c->len) : 0;

			if (w > t->width[i])
				t->width[i] = w;
			if (c->text && !c->numeric)
				t->right[i] = 0;
		}
}

/* One line of the table; the last column is not padded on the right. */
static void table_put_line(struct table *t, FILE *out, const char *const *text,
			   const size_t *len)
{
	int i;

	for (i = 0; i < t->n_cols; i++) {
		int last = i == t->n_cols - 1;

		if (last && len[i] == 0)
			break;		/* no trailing blanks */
		if (i)
			fputs("  ", out);
		if (last && (!t->right[i] || len[i] == 0))
			text_put_display(out, text[i], len[i]);
		else
			text_put_padded(out, text[i], len[i], t->width[i],
					t->right[i]);
	}
	fputc('\n', out);
}

static void table_print(struct table *t, sqlite3_stmt *stmt, FILE *out)
{
	const char **text = calloc((size_t)t->n_cols, sizeof *text);
	size_t *len = calloc((size_t)t->n_cols, sizeof *len);
	size_t r, k;
	int i;

	if (!text || !len)
		goto done;
	for (i = 0; i < t->n_cols; i++) {
		text[i] = sqlite3_column_name(stmt, i);
		len[i] = strlen(text[i]);
	}
	table_put_line(t, out, text, len);
	for (i = 0; i < t->n_cols; i++) {
		if (i)
			fputs("  ", out);
		for (k = 0; k < t->width[i]; k++)
			fputc('-', out);
	}
	fputc('\n', out);
	for (r = 0; r < t->n_rows; r++) {
		for (i = 0; i < t->n_cols; i++) {
			const struct cell *c = &t->cells[r * t->n_cols + i];

			text[i] = c->text ? c->text : "";
			len[i] = c->len;
		}
		table_put_line(t, out, text, len);
	}
done:
	free(text);
	free(len);
}

static void table_free_rows(struct table *t)
{
	size_t k;

	for (k = 0; k < t->n_rows * (size_t)t->n_cols; k++)
		free(t->cells[k].text);
	t->n_rows = 0;
}

/* After the measured rows: print each further row as it is stepped,
 * holding one row.  Returns the last step's code, or SQLITE_NOMEM. */
static int table_stream_rest(struct table *t, sqlite3_stmt *stmt, FILE *out)
{
	const char **text = calloc((size_t)t->n_cols, sizeof *text);
	size_t *len = calloc((size_t)t->n_cols, sizeof *len);
	int rc = SQLITE_NOMEM, i;

	if (!text || !len)
		goto done;
	while ((rc = sqlite3_step(stmt)) == SQLITE_ROW) {
		if (table_add_row(t, stmt) != 0) {
			rc = SQLITE_NOMEM;
			break;
		}
		for (i = 0; i < t->n_cols; i++) {
			const struct cell *c = &t->cells[i];

			text[i] = c->text ? c->text : "";
			len[i] = c->len;
		}
		table_put_line(t, out, text, len);
		table_free_rows(t);
	}
done:
	free(text);
	free(len);
	return rc;
}

static int output_table(sqlite3_stmt *stmt, FILE *out)
{
	struct table t;
	int rc;

	memset(&t, 0, sizeof t);
	t.n_cols = sqlite3_column_count(stmt);
	t.width = calloc((size_t)t.n_cols, sizeof *t.width);
	t.right = calloc((size_t)t.n_cols, sizeof *t.right);
	if (!t.width || !t.right)
		rc = SQLITE_NOMEM;
	else
		while (t.n_rows < TABLE_MEASURE_ROWS &&
		       (rc = sqlite3_step(stmt)) == SQLITE_ROW)
			if (table_add_row(&t, stmt) != 0) {
				rc = SQLITE_NOMEM;
				break;
			}
	if (t.n_rows == TABLE_MEASURE_ROWS)
		rc = SQLITE_ROW;	/* more may follow */
	if (rc == SQLITE_DONE || rc == SQLITE_ROW) {
		table_measure(&t, stmt);
		table_print(&t, stmt, out);
		table_free_rows(&t);
	}
	if (rc == SQLITE_ROW)
		rc = table_stream_rest(&t, stmt, out);
	table_free_rows(&t);
	free(t.cells);
	free(t.width);
	free(t.right);
	return rc;
}

/* ---- CSV ---- */

static void csv_put_field(FILE *out, const char *s, size_t n)
{
	size_t i;

	if (n == strcspn(s, ",\"\r\n") && memchr(s, '\0', n) == NULL) {
		fwrite(s, 1, n, out);
		return;
	}
	fputc('"', out);
	for (i = 0; i < n; i++) {
		if (s[i] == '"')
			fputc('"', out);
		fputc(s[i], out);
	}
	fputc('"', out);
}

static int output_csv(sqlite3_stmt *stmt, FILE *out)
{
	int n_cols = sqlite3_column_count(stmt), i, rc;

	for (i = 0; i < n_cols; i++) {
		const char *name = sqlite3_column_name(stmt, i);

		if (i)
			fputc(',', out);
		csv_put_field(out, name, strlen(name));
	}
	fputc('\n', out);
	while ((rc = sqlite3_step(stmt)) == SQLITE_ROW) {
		for (i = 0; i < n_cols; i++) {
			struct cell c;

			if (read_cell(stmt, i, &c, 1) != 0)
				return SQLITE_NOMEM;
			if (i)
				fputc(',', out);
			if (c.text)
				csv_put_field(out, c.text, c.len);
			free(c.text);
		}
		fputc('\n', out);
	}
	return rc;
}

/* ---- JSON ---- */

static void json_put_string(FILE *out, const char *str, size_t n)
{
	const unsigned char *s = (const unsigned char *)str;
	size_t i = 0;

	fputc('"', out);
	while (i < n) {
		unsigned char c = s[i];
		uint32_t cp;
		size_t len;

		if (c == '"' || c == '\\') {
			fputc('\\', out);
			fputc(c, out);
		} else if (c == '\n') {
			fputs("\\n", out);
		} else if (c == '\t') {
			fputs("\\t", out);
		} else if (c == '\r') {
			fputs("\\r", out);
		} else if (c < 0x20 || c == 0x7f) {
			fprintf(out, "\\u%04x", c);
		} else if ((len = text_utf8_sequence(s + i, n - i, &cp)) == 0) {
			fputs("\\ufffd", out);
		} else if (text_is_hidden_control(cp)) {
			fprintf(out, "\\u%04x", (unsigned)cp);
			i += len;
			continue;
		} else {
			fwrite(s + i, 1, len, out);
			i += len;
			continue;
		}
		i++;
	}
	fputc('"', out);
}

static int json_put_value(FILE *out, sqlite3_stmt *stmt, int i)
{
	struct cell c;

	switch (sqlite3_column_type(stmt, i)) {
	case SQLITE_NULL:
		fputs("null", out);
		return 0;
	case SQLITE_INTEGER:
		fprintf(out, "%lld", (long long)sqlite3_column_int64(stmt, i));
		return 0;
	case SQLITE_FLOAT: {
		double d = sqlite3_column_double(stmt, i);
		char buf[32];

		if (!isfinite(d)) {
			fputs("null", out);
			return 0;
		}
		format_real(d, buf, 1);
		fputs(buf, out);
		return 0;
	}
	}
	if (read_cell(stmt, i, &c, 1) != 0)
		return -1;
	json_put_string(out, c.text ? c.text : "", c.len);
	free(c.text);
	return 0;
}

static int output_json(sqlite3_stmt *stmt, FILE *out)
{
	int n_cols = sqlite3_column_count(stmt), i, rc;
	size_t n_rows = 0;

	fputc('[', out);
	while ((rc = sqlite3_step(stmt)) == SQLITE_ROW) {
		fputs(n_rows++ ? ",\n  {" : "\n  {", out);
		for (i = 0; i < n_cols; i++) {
			const char *name = sqlite3_column_name(stmt, i);

			if (i)
				fputs(", ", out);
			json_put_string(out, name, strlen(name));
			fputs(": ", out);
			if (json_put_value(out, stmt, i) != 0)
				return SQLITE_NOMEM;
		}
		fputc('}', out);
	}
	fputs(n_rows ? "\n]\n" : "]\n", out);
	return rc;
}

int output_rows(sqlite3_stmt *stmt, enum output_format format, FILE *out)
{
	switch (format) {
	case FORMAT_CSV:
		return output_csv(stmt, out);
	case FORMAT_JSON:
		return output_json(stmt, out);
	case FORMAT_TABLE:
	default:
		return output_table(stmt, out);
	}
}
