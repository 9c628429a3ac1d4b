# SPDX-FileCopyrightText: 2026 RoPE Explorer authors
# SPDX-License-Identifier: GPL-3.0-or-later
# rope-cli course contract (issues #14, #22): --list prints every step with its kind, the core's
# answer, its hints and worked solution (tst_course checks there are at least 28 over 14
# panels); --check ID --answer X says whether X is right and returns the hint keyed to a typical
# wrong answer; a choice step takes a choice id; a find step is checked with --state; --solution
# prints the worked solution; an unknown step exits 2.
# Expected values are worked by hand: the first pair with 2π·10000^(2i/128) > 4096 is i = 46
# (i > 64·log10(4096/2π)/4 = 45.03); 3 rad = 171.887°, just short of half a turn; pair 16 turns
# 0.1 rad per token, so it comes back after 2π/0.1 ≈ 62.8, i.e. 63 tokens; bfloat16 steps by
# 2^(13−7) = 64 in [8192, 16384); without positions the two equal tokens get equal outputs;
# Σcos(m·635000^(−2i/128)) first turns negative at m = 27 650 and Σcos(m·630000^(−2i/128)) at
# m = 33 259, between L = 32 768 and 2L (long-double scans in tst_course, NumPy agrees), while at
# b = 10³⁰ it stays ≥ 0 beyond 2L. b* ≈ 629 978 is asked within 1 % (±6 300): 630 000 is right,
# 640 000 is not. At b = 5·10⁵ exactly 32 pairs exceed 4096 tokens (4.25·10⁵ < b ≤ 6.455·10⁵);
# at b = 10³⁰, 2π·b^(i/64) > 4096 for i > 64·ln(4096/2π)/ln 10³⁰ = 6.004: pairs 7–63, 57 of them.
add_test(NAME cli_course_list COMMAND ${ROPE_CLI} course --list)
set_tests_properties(cli_course_list PROPERTIES LABELS cli PASS_REGULAR_EXPRESSION
    "^\\{\"steps\":\\[\\{\"id\":\"attention-permutation\",\"panel\":\"attention\",\"kind\":\"choice\",\"question\":\"[^\"]+\",\"answer\":0,\"choices\":\\[\\{\"id\":\"same\",\"text\":\"[^\"]+\"\\}.*\\],\"correct\":\"same\",\"hints\":\\[\\{\"id\":\"later\",\"text\":\"[^\"]+\"\\}.*\\],\"solution\":\"[^\"]+\"\\}(,\\{\"id\":\"[a-z0-9-]+\",\"panel\":\"[a-z0-9-]+\",\"kind\":\"(number|choice|predict|find)\",.*\"hints\":\\[.*\\],\"solution\":\"[^\"]+\"\\})+\\]\\}")
add_test(NAME cli_course_list_first_slow_pair COMMAND ${ROPE_CLI} course --list)
set_tests_properties(cli_course_list_first_slow_pair PROPERTIES LABELS cli PASS_REGULAR_EXPRESSION
    "\\{\"id\":\"heatmap-first-slow-pair\",\"panel\":\"heatmap\",\"kind\":\"number\",\"question\":\"[^\"]+\",\"answer\":46,\"tolerance\":0.5,\"hints\":\\[\\{\"id\":\"off-by-one\",")
add_test(NAME cli_course_list_find COMMAND ${ROPE_CLI} course --list)
set_tests_properties(cli_course_list_find PROPERTIES LABELS cli PASS_REGULAR_EXPRESSION
    "\"id\":\"base-bound-find-feasible\",\"panel\":\"base-bound\",\"kind\":\"find\",\"question\":\"[^\"]+\",\"answer\":18438,\"state\":\\[\"base\"\\],\"accept\":\\{\"min\":32768,\"max\":65535\\}")
add_test(NAME cli_course_list_relative_tolerance COMMAND ${ROPE_CLI} course --list)
set_tests_properties(cli_course_list_relative_tolerance PROPERTIES LABELS cli PASS_REGULAR_EXPRESSION
    "\"id\":\"base-bound-minimal-base\",\"panel\":\"base-bound\",\"kind\":\"number\",\"question\":\"[^\"]+\",\"answer\":6299[0-9.]+,\"tolerance\":629[0-9.]+,\"relative-tolerance\":0\\.01,")

# rope_cli_course_check(<name> <id> <answer> <expected output regex>)
function(rope_cli_course_check name id answer regex)
    add_test(NAME ${name} COMMAND ${ROPE_CLI} course --check ${id} --answer ${answer})
    set_tests_properties(${name} PROPERTIES LABELS cli PASS_REGULAR_EXPRESSION "${regex}")
endfunction()
rope_cli_course_check(cli_course_check_correct heatmap-first-slow-pair 46
                      "^\\{\"correct\":true,\"expected\":46,\"hint\":null\\}")
rope_cli_course_check(cli_course_check_wrong heatmap-first-slow-pair 45
                      "^\\{\"correct\":false,\"expected\":46,\"hint\":\"Pair 45 still has")
rope_cli_course_check(cli_course_check_within_tolerance base-bound-minimal-base 630000
                      "^\\{\"correct\":true,\"expected\":6299[0-9.]+,\"hint\":null\\}")
rope_cli_course_check(cli_course_check_outside_tolerance base-bound-minimal-base 640000
                      "^\\{\"correct\":false,\"expected\":6299[0-9.]+,\"hint\":null\\}")
rope_cli_course_check(cli_course_check_predict_choice rotation-angle-pair-0 below-half
                      "^\\{\"correct\":true,\"expected\":\"below-half\",\"hint\":null\\}")
rope_cli_course_check(cli_course_check_radians rotation-angle-pair-0 three-degrees
                      "^\\{\"correct\":false,\"expected\":\"below-half\",\"hint\":\"θ₀ = 1 is one radian per position, not one degree")
rope_cli_course_check(cli_course_check_degrees_period rotation-angle-pair-16 m460
                      "^\\{\"correct\":false,\"expected\":\"m163\",\"hint\":\"360 positions would be a full turn")
rope_cli_course_check(cli_course_check_bf16_spacing precision-bf16-spacing sixty-four
                      "^\\{\"correct\":true,\"expected\":\"sixty-four\",\"hint\":null\\}")
rope_cli_course_check(cli_course_check_choice attention-permutation same
                      "^\\{\"correct\":true,\"expected\":\"same\",\"hint\":null\\}")
rope_cli_course_check(cli_course_check_choice_hint attention-permutation later
                      "^\\{\"correct\":false,\"expected\":\"same\",\"hint\":\"Position 4 is later")
rope_cli_course_check(cli_course_check_island base-bound-minimal-base 635000
                      "^\\{\"correct\":false,\"expected\":[0-9.]+,\"hint\":\"The base you gave is not feasible")

add_test(NAME cli_course_find_not_yet
         COMMAND ${ROPE_CLI} course --check base-bound-find-feasible --state base=635000)
set_tests_properties(cli_course_find_not_yet PROPERTIES LABELS cli PASS_REGULAR_EXPRESSION
    "^\\{\"correct\":false,\"value\":27650,\"hint\":\"Not yet: the sum is negative at m = 27650")
add_test(NAME cli_course_find_reached
         COMMAND ${ROPE_CLI} course --check base-bound-find-feasible --state base=630000)
set_tests_properties(cli_course_find_reached PROPERTIES LABELS cli PASS_REGULAR_EXPRESSION
    "^\\{\"correct\":true,\"value\":33259,\"hint\":null\\}")
# The slider's end is no solution: the window has an upper side.
add_test(NAME cli_course_find_past
         COMMAND ${ROPE_CLI} course --check base-bound-find-feasible --state base=1e30)
set_tests_properties(cli_course_find_past PROPERTIES LABELS cli PASS_REGULAR_EXPRESSION
    "^\\{\"correct\":false,\"value\":65536,\"hint\":\"Too far: ")
add_test(NAME cli_course_find_half_ladder
         COMMAND ${ROPE_CLI} course --check heatmap-find-base --state base=500000)
set_tests_properties(cli_course_find_half_ladder PROPERTIES LABELS cli PASS_REGULAR_EXPRESSION
    "^\\{\"correct\":true,\"value\":32,\"hint\":null\\}")
add_test(NAME cli_course_find_half_ladder_past
         COMMAND ${ROPE_CLI} course --check heatmap-find-base --state base=1e30)
set_tests_properties(cli_course_find_half_ladder_past PROPERTIES LABELS cli PASS_REGULAR_EXPRESSION
    "^\\{\"correct\":false,\"value\":57,\"hint\":\"More than half the pairs")
add_test(NAME cli_course_solution COMMAND ${ROPE_CLI} course --solution rotation-angle-pair-16)
set_tests_properties(cli_course_solution PROPERTIES LABELS cli PASS_REGULAR_EXPRESSION
    "^A full turn is 2π rad; pair 16 turns θ_16 = 0\\.1 rad per position\\.\n.*\nGap: 63 positions\\.\n$")
add_test(NAME cli_course_solution_zh
         COMMAND ${ROPE_CLI} --lang zh_CN course --solution rotation-angle-pair-16)
set_tests_properties(cli_course_solution_zh PROPERTIES LABELS cli PASS_REGULAR_EXPRESSION
    "间隔：63 个位置。")

rope_cli_expect_error(cli_course_unknown_step "course: unknown step 'nope' \\(steps: attention-"
                      course --check nope --answer 1)
rope_cli_expect_error(cli_course_bad_answer "--answer expects a finite number, got 'abc'"
                      course --check heatmap-first-slow-pair --answer abc)
rope_cli_expect_error(cli_course_unknown_choice
                      "step 'attention-permutation' has no choice 'bogus' \\(choices: same, later"
                      course --check attention-permutation --answer bogus)
rope_cli_expect_error(cli_course_find_with_answer "is a find step: check it with --state base="
                      course --check base-bound-find-feasible --answer 1)
rope_cli_expect_error(cli_course_unknown_state_key "reads no state key 'dim' \\(it reads: base\\)"
                      course --check base-bound-find-feasible --state dim=64)
rope_cli_expect_error(cli_course_missing_answer "missing required option --answer"
                      course --check heatmap-first-slow-pair)
rope_cli_expect_error(cli_course_no_mode "give either --list, --check" course)
rope_cli_expect_error(cli_course_unknown_flag "Unknown option 'bogus'" course --list --bogus)
