# SPDX-FileCopyrightText: 2026 RoPE Explorer authors
# SPDX-License-Identifier: GPL-3.0-or-later
# Languages (issue #14 part 5): `--lang zh_CN` before the command puts the words of figures and
# course texts in Simplified Chinese, numbers and JSON keys unchanged; `--lang en` and no
# --lang are English; an unknown language exits 2 naming it, on both programs.
# The expected Chinese question is the text committed in resources/course/course.json; the
# answer 46 is worked by hand in course.cmake.
add_test(NAME cli_lang_course_list_zh COMMAND ${ROPE_CLI} --lang zh_CN course --list)
set_tests_properties(cli_lang_course_list_zh PROPERTIES LABELS "cli;i18n" PASS_REGULAR_EXPRESSION
    "\\{\"id\":\"heatmap-first-slow-pair\",\"panel\":\"heatmap\",\"kind\":\"number\",\"question\":\"b = 10 000、d = 128 时，第一个波长超过 4096 个词元的是第几对？\",\"answer\":46,\"tolerance\":0.5,\"hints\":\\[\\{\"id\":\"off-by-one\",\"text\":\"第 [^\"]+ 对的波长仍小于 4096")
add_test(NAME cli_lang_course_list_en COMMAND ${ROPE_CLI} --lang=en course --list)
set_tests_properties(cli_lang_course_list_en PROPERTIES LABELS "cli;i18n" PASS_REGULAR_EXPRESSION
    "\"question\":\"At b = 10 000 and d = 128, which pair is the first whose wavelength exceeds 4096 tokens\\?\",\"answer\":46,")

# A figure's words follow the language, its numbers do not: the CSV's series names.
add_test(NAME cli_lang_figure_zh
         COMMAND sh -c "\"$0\" --lang zh_CN figure --panel decay --out \"$1/decay_zh.csv\" >/dev/null && grep -q '^b = 10000（当前） 每列最小值,4.5,' \"$1/decay_zh.csv\" && \"$0\" figure --panel decay --out \"$1/decay_en.csv\" >/dev/null && grep -q '^b = 10000 (current) min per column,4.5,' \"$1/decay_en.csv\""
                 ${ROPE_CLI} ${CMAKE_CURRENT_BINARY_DIR})
set_tests_properties(cli_lang_figure_zh PROPERTIES LABELS "cli;i18n")

rope_cli_expect_error(cli_lang_unknown "unknown language 'xx' \\(languages: en, zh_CN\\)"
                      --lang xx course --list)
rope_cli_expect_error(cli_lang_unknown_equals "unknown language 'fr'" --lang=fr freqs)
rope_cli_expect_error(cli_lang_missing_value "--lang needs a value" --lang)

# rope-explorer refuses an unknown --lang before opening a window (exit 2, message naming it).
add_test(NAME gui_lang_unknown
         COMMAND sh -c "\"$0\" --lang xx 2>&1 >/dev/null | grep -q \"unknown language 'xx'\" && { \"$0\" --lang xx >/dev/null 2>&1; test $? -eq 2; }"
                 $<TARGET_FILE:rope-explorer>)
set_tests_properties(gui_lang_unknown PROPERTIES LABELS "cli;i18n" ENVIRONMENT "QT_QPA_PLATFORM=offscreen")

# --lang after the command works as before it (issue #23 part 6): the same Chinese CSV from
# `figure --panel decay --lang zh_CN` and `figure ... --lang=zh_CN` at the end, byte for byte
# the file `--lang zh_CN figure` writes; twice, or without a value, exits 2 naming it.
add_test(NAME cli_lang_after_command
         COMMAND sh -c "\"$0\" figure --panel decay --lang zh_CN --out \"$1/decay_after_zh.csv\" >/dev/null && grep -q '^b = 10000（当前） 每列最小值,4.5,' \"$1/decay_after_zh.csv\" && \"$0\" figure --panel decay --out \"$1/decay_end_zh.csv\" --lang=zh_CN >/dev/null && \"$0\" --lang zh_CN figure --panel decay --out \"$1/decay_before_zh.csv\" >/dev/null && cmp \"$1/decay_after_zh.csv\" \"$1/decay_before_zh.csv\" && cmp \"$1/decay_end_zh.csv\" \"$1/decay_before_zh.csv\""
                 ${ROPE_CLI} ${CMAKE_CURRENT_BINARY_DIR})
set_tests_properties(cli_lang_after_command PROPERTIES LABELS "cli;i18n")
rope_cli_expect_error(cli_lang_twice "--lang given twice" --lang zh_CN figure --lang en)
rope_cli_expect_error(cli_lang_after_missing_value "--lang needs a value" figure --panel decay
                      --lang)
rope_cli_expect_error(cli_lang_after_unknown "unknown language 'xx'" course --list --lang xx)
