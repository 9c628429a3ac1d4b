# SPDX-FileCopyrightText: 2026 RoPE Explorer authors
# SPDX-License-Identifier: GPL-3.0-or-later
# rope-cli decay contracts (min-base: min_base.cmake). Expected outputs are closed forms (mean
# cosine 1 at m = 0, cos 1 for d = 2, RoFormer bound (d/2+1)/2 at m = 0). Uses
# rope_cli_expect_error() from basics.cmake (included first: the glob is sorted).
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

rope_cli_expect_error(cli_decay_bad_metric "--metric must be mean-cos or su-bound, got 'bogus'"
                      decay --positions 1 --metric bogus)
rope_cli_expect_error(cli_decay_missing_positions "missing required option --positions" decay)
rope_cli_expect_error(cli_decay_empty_position "--positions has an empty item" decay --positions 1,,2)
rope_cli_expect_error(cli_decay_bad_position "--positions expects a finite number, got 'x'"
                      decay --positions 1,x)
rope_cli_expect_error(cli_decay_odd_dim "dim must be an even integer" decay --dim 9 --positions 1)
rope_cli_expect_error(cli_decay_huge_position "positions must be finite with" decay --positions 1e13)
