# SPDX-FileCopyrightText: 2026 RoPE Explorer authors
# SPDX-License-Identifier: GPL-3.0-or-later
# rope-cli decay / min-base contracts. Expected outputs are closed forms (mean cosine 1 at m = 0,
# cos 1 for d = 2, RoFormer bound (d/2+1)/2 at m = 0) and published tables (b*(L, d) of
# kexue.fm/archives/10122 to the digits printed there). Uses rope_cli_expect_error() from
# basics.cmake (included first: the glob is sorted).
set(ROPE_CLI $<TARGET_FILE:rope-cli>)

function(rope_cli_expect_output name regex)
    add_test(NAME ${name} COMMAND ${ROPE_CLI} ${ARGN})
    set_tests_properties(${name} PROPERTIES LABELS cli PASS_REGULAR_EXPRESSION "${regex}")
endfunction()

# Mean cosine: 1 at m = 0; d = 2 gives cos(m) (θ_0 = 1), cos 1 = 0.54030230586813977.
rope_cli_expect_output(cli_decay_mean_cos_zero "^\\{\"values\":\\[1\\]\\}"
                       decay --dim 128 --base 10000 --positions 0 --metric mean-cos)
rope_cli_expect_output(cli_decay_dim2_is_cosine "^\\{\"values\":\\[1,0\\.5403023058681397[0-9]\\]\\}"
                       decay --dim 2 --base 500 --positions 0,1)
# RoFormer relative upper bound at m = 0: (d/2 + 1)/2 = 32.5 for d = 128, 1 for d = 2.
rope_cli_expect_output(cli_decay_su_bound_zero "^\\{\"values\":\\[32\\.5\\]\\}"
                       decay --dim 128 --positions 0 --metric su-bound)
rope_cli_expect_output(cli_decay_su_bound_dim2 "^\\{\"values\":\\[1,1\\]\\}"
                       decay --dim 2 --positions 0,12345 --metric su-bound)
# Method flags reach θ: linear interpolation by 4 turns θ_0 = 1 into 1/4 (d = 2), so the mean
# cosine at m = 4 is cos 1.
rope_cli_expect_output(cli_decay_method_flag "^\\{\"values\":\\[0\\.5403023058681397[0-9]\\]\\}"
                       decay --dim 2 --method linear --factor 4 --positions 4)

# b*(L, d), d = 128, against Su's table (kexue.fm/archives/10122) to the two digits printed:
# 1k (L = 1024) 4.3e3, 32k 6.3e5, 64k 2.1e6 (also Xu et al.), 1M 6.5e7 (~4 s).
rope_cli_expect_output(cli_min_base_1k "^\\{\"base\":429[0-9]\\.[0-9]+\\}"
                       min-base --dim 128 --context 1024)
rope_cli_expect_output(cli_min_base_32k "^\\{\"base\":6(2[5-9]|3[0-4])[0-9][0-9][0-9]\\.[0-9]+\\}"
                       min-base --dim 128 --context 32768)
rope_cli_expect_output(cli_min_base_64k "^\\{\"base\":2(0[5-9]|1[0-4])[0-9][0-9][0-9][0-9]\\.[0-9]+\\}"
                       min-base --dim 128 --context 65536)
rope_cli_expect_output(cli_min_base_1m "^\\{\"base\":6(4[5-9]|5[0-4])[0-9][0-9][0-9][0-9][0-9]\\.[0-9]+\\}"
                       min-base --dim 128 --context 1048576)
# 128k: Su prints 4.9e6, a feasible island b in [4.8691e6, 4.8725e6] (0.07% wide) that the default
# grid (steps of 0.23%) steps over, landing on 8.6e6; 10 000 points per decade find it.
rope_cli_expect_output(cli_min_base_128k_default_grid "^\\{\"base\":8(5[5-9]|6[0-4])[0-9][0-9][0-9][0-9]\\.[0-9]+\\}"
                       min-base --dim 128 --context 131072)
rope_cli_expect_output(cli_min_base_128k_fine_grid "^\\{\"base\":48[5-9][0-9][0-9][0-9][0-9]\\.[0-9]+\\}"
                       min-base --dim 128 --context 131072 --grid 10000)
# L <= 2: every base works, b* = 1 (the infimum).
rope_cli_expect_output(cli_min_base_tiny "^\\{\"base\":1\\}" min-base --context 2)

rope_cli_expect_error(cli_min_base_impossible "no base b <= 1e30" min-base --dim 2 --context 3)
rope_cli_expect_error(cli_min_base_context_zero "context must be in \\[1, 67108864\\], got 0"
                      min-base --context 0)
rope_cli_expect_error(cli_min_base_missing_context "missing required option --context" min-base)
rope_cli_expect_error(cli_min_base_odd_dim "dim must be an even integer.*got 7"
                      min-base --dim 7 --context 10)
rope_cli_expect_error(cli_min_base_bad_grid "--grid must be in \\[10, 100000\\], got 3"
                      min-base --grid 3 --context 10)
rope_cli_expect_error(cli_decay_bad_metric "--metric must be mean-cos or su-bound, got 'bogus'"
                      decay --positions 1 --metric bogus)
rope_cli_expect_error(cli_decay_missing_positions "missing required option --positions" decay)
rope_cli_expect_error(cli_decay_empty_position "--positions has an empty item" decay --positions 1,,2)
rope_cli_expect_error(cli_decay_bad_position "--positions expects a finite number, got 'x'"
                      decay --positions 1,x)
rope_cli_expect_error(cli_decay_odd_dim "dim must be an even integer" decay --dim 9 --positions 1)
rope_cli_expect_error(cli_decay_huge_position "positions must be finite with" decay --positions 1e13)
