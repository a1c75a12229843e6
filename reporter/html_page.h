/*
 * html_page.h - the fixed parts of the page --html writes: its style
 * and its script (html_page.c).
 */
#ifndef CCPROF_REPORT_HTML_PAGE_H
#define CCPROF_REPORT_HTML_PAGE_H

/* Everything up to the data; then html.c writes the data as
 * <script type="application/json" id="..."> elements, then
 * html_page_tail. */
extern const char html_page_head[];
extern const char html_page_tail[];

#endif
