# SPDX-FileCopyrightText: 2026 RoPE Explorer authors
# SPDX-License-Identifier: GPL-3.0-or-later
# rope-cli apply / identity contracts. Expected outputs are closed forms: position 0 returns the
# vector unchanged; with d = 2 (θ_0 = 1) position 1 turns (1, 0) by 1 rad into
# (cos 1, sin 1) = (0.5403023058681397…, 0.8414709848078965…); the half layout pairs x_0 with
# x_{d/2}; coordinates past --rotary-dim pass through; R_0^T R_0 − R_0 is exactly 0.
set(ROPE_CLI $<TARGET_FILE:rope-cli>)

function(rope_cli_expect_output name regex)
    add_test(NAME ${name} COMMAND ${ROPE_CLI} ${ARGN})
    set_tests_properties(${name} PROPERTIES PASS_REGULAR_EXPRESSION "${regex}" LABELS cli)
endfunction()

rope_cli_expect_output(cli_apply_position_zero "^\\{\"rotated\":\\[1,2,3,4\\]\\}"
    apply --dim 4 --base 10000 --position 0 --vector 1,2,3,4)
rope_cli_expect_output(cli_apply_one_radian
    "^\\{\"rotated\":\\[0\\.540302305868139[0-9]*,0\\.841470984807896[0-9]*\\]\\}"
    apply --dim 2 --base 10000 --position 1 --layout interleaved --vector 1,0)
rope_cli_expect_output(cli_apply_any_base
    "^\\{\"rotated\":\\[-0\\.841470984807896[0-9]*,0\\.540302305868139[0-9]*\\]\\}"
    apply --dim 2 --base 3 --position 1 --vector 0,1)
rope_cli_expect_output(cli_apply_half_layout
    "^\\{\"rotated\":\\[0\\.540302305868139[0-9]*,0,0\\.841470984807896[0-9]*,0\\]\\}"
    apply --dim 4 --base 10000 --position 1 --layout half --vector 1,0,0,0)
rope_cli_expect_output(cli_apply_partial_rotary
    "^\\{\"rotated\":\\[0\\.540302305868139[0-9]*,0\\.841470984807896[0-9]*,5,6,7,8\\]\\}"
    apply --dim 6 --rotary-dim 2 --base 10000 --position 1 --vector 1,0,5,6,7,8)
# Method flags reach θ: linear interpolation with s = 2 halves θ_0 = 1, so position 2 turns by
# 1 rad.
rope_cli_expect_output(cli_apply_linear_method
    "^\\{\"rotated\":\\[0\\.540302305868139[0-9]*,0\\.841470984807896[0-9]*\\]\\}"
    apply --dim 2 --position 2 --method linear --factor 2 --vector 1,0)
rope_cli_expect_output(cli_apply_help_says_no_attention_factor "attention factor is NOT"
    apply --help)

rope_cli_expect_output(cli_identity_zero "^\\{\"max_abs_residual\":0\\}"
    identity --dim 128 --base 10000 --m 0 --n 0)
# Realistic positions: the residual is rounding only, below 1e-12 (|m|+|n| ≈ 2e4 tokens).
rope_cli_expect_output(cli_identity_rounding_only
    "^\\{\"max_abs_residual\":(0|[0-9.]+e-(1[2-9]))\\}"
    identity --dim 128 --base 10000 --m 12345 --n -6789 --layout half)

rope_cli_expect_output(cli_identity_with_method "^\\{\"max_abs_residual\":(0|[0-9.]+e-(1[2-9]))\\}"
    identity --dim 64 --m 5 --n 9 --method yarn --factor 4 --original-context 4096)

rope_cli_expect_error(cli_apply_vector_length "--vector has 2 values but --dim is 4"
    apply --dim 4 --position 1 --vector 1,0)
rope_cli_expect_error(cli_apply_vector_not_number "--vector expects a finite number"
    apply --dim 2 --position 1 --vector 1,abc)
rope_cli_expect_error(cli_apply_bad_layout "layout must be 'interleaved' or 'half', got 'diagonal'"
    apply --dim 2 --position 1 --layout diagonal --vector 1,0)
rope_cli_expect_error(cli_apply_missing_position "missing required option --position"
    apply --dim 2 --vector 1,0)
rope_cli_expect_error(cli_apply_position_too_large "position must be finite"
    apply --dim 2 --position 1e13 --vector 1,0)
rope_cli_expect_error(cli_identity_dense_limit "dense matrices are limited to dim <= 1024"
    identity --dim 2048 --m 1 --n 2)
rope_cli_expect_error(cli_identity_missing_m "missing required option --m"
    identity --dim 8 --n 2)
rope_cli_expect_error(cli_identity_bad_n "--n expects a finite number, got 'x'"
    identity --dim 8 --m 1 --n x)
