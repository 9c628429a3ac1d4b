# SPDX-FileCopyrightText: 2026 RoPE Explorer authors
# SPDX-License-Identifier: GPL-3.0-or-later
# rope-cli course contract (issue #14): --list prints every step with the core's answer and the
# tolerance (tst_course checks there are at least 15); --check ID --answer X says whether X is
# within it; an unknown step exits 2.
# Expected values are worked by hand: the first pair with 2π·10000^(2i/128) > 4096 is i = 46
# (i > 64·log10(4096/2π)/4 = 45.03); 3 rad = 171.887°; bfloat16 steps by 2^(13−7) = 64 in
# [8192, 16384).
add_test(NAME cli_course_list COMMAND ${ROPE_CLI} course --list)
set_tests_properties(cli_course_list PROPERTIES LABELS cli PASS_REGULAR_EXPRESSION
    "^\\{\"steps\":\\[\\{\"id\":\"absolute-slowest-wavelength\",\"panel\":\"absolute\",\"question\":\"[^\"]+\",\"answer\":[0-9.e+]+,\"tolerance\":[0-9.e+]+\\}(,\\{\"id\":\"[a-z0-9-]+\",\"panel\":\"[a-z0-9-]+\",\"question\":\"[^\"]+\",\"answer\":[-0-9.e+]+,\"tolerance\":[-0-9.e+]+\\})+\\]\\}")
add_test(NAME cli_course_list_first_slow_pair COMMAND ${ROPE_CLI} course --list)
set_tests_properties(cli_course_list_first_slow_pair PROPERTIES LABELS cli PASS_REGULAR_EXPRESSION
    "\\{\"id\":\"heatmap-first-slow-pair\",\"panel\":\"heatmap\",\"question\":\"[^\"]+\",\"answer\":46,\"tolerance\":0.5\\}")

# rope_cli_course_check(<name> <id> <answer> <expected output regex>)
function(rope_cli_course_check name id answer regex)
    add_test(NAME ${name} COMMAND ${ROPE_CLI} course --check ${id} --answer ${answer})
    set_tests_properties(${name} PROPERTIES LABELS cli PASS_REGULAR_EXPRESSION "${regex}")
endfunction()
rope_cli_course_check(cli_course_check_correct heatmap-first-slow-pair 46
                      "^\\{\"correct\":true,\"expected\":46\\}")
rope_cli_course_check(cli_course_check_wrong heatmap-first-slow-pair 45
                      "^\\{\"correct\":false,\"expected\":46\\}")
rope_cli_course_check(cli_course_check_within_tolerance rotation-angle-pair-0 171.6
                      "^\\{\"correct\":true,\"expected\":171\\.887")
rope_cli_course_check(cli_course_check_outside_tolerance rotation-angle-pair-0 171.3
                      "^\\{\"correct\":false,\"expected\":171\\.887")
rope_cli_course_check(cli_course_check_bf16_spacing precision-bf16-spacing 64
                      "^\\{\"correct\":true,\"expected\":64\\}")

rope_cli_expect_error(cli_course_unknown_step "course: unknown step 'nope' \\(steps: absolute-"
                      course --check nope --answer 1)
rope_cli_expect_error(cli_course_bad_answer "--answer expects a finite number, got 'abc'"
                      course --check heatmap-first-slow-pair --answer abc)
rope_cli_expect_error(cli_course_missing_answer "missing required option --answer"
                      course --check heatmap-first-slow-pair)
rope_cli_expect_error(cli_course_no_mode "give either --list or --check" course)
rope_cli_expect_error(cli_course_unknown_flag "Unknown option 'bogus'" course --list --bogus)
