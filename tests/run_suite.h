/* The tail of every Check test program: run a suite, report, exit status. */
#ifndef CARCVAR_TESTS_RUN_SUITE_H
#define CARCVAR_TESTS_RUN_SUITE_H

#include <check.h>

/* Runs every test of s (and frees it); 0 when all passed, 1 otherwise. */
static inline int run_suite(Suite *s)
{
    SRunner *sr = srunner_create(s);
    srunner_run_all(sr, CK_NORMAL);
    int failed = srunner_ntests_failed(sr);
    srunner_free(sr);
    return failed ? 1 : 0;
}

#endif
