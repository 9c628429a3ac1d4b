# SPDX-FileCopyrightText: 2026 RoPE Explorer authors
# SPDX-License-Identifier: GPL-3.0-or-later
# rope-cli freqs: exact JSON for a closed-form case, every registry method reachable, errors exit 2
# naming the bad value. Helper defined locally (own name) so this file does not depend on the
# include order of basics.cmake.
set(ROPE_FREQS_CLI $<TARGET_FILE:rope-cli>)

# rope_freqs_expect_error(<name> <stderr regex> <args…>): exit status exactly 2, stderr matches.
function(rope_freqs_expect_error name regex)
    add_test(NAME ${name}
             COMMAND sh -c "\"$0\" \"$@\" 2>&1 >/dev/null | grep -Eq -e \"${regex}\" && { \"$0\" \"$@\" >/dev/null 2>&1; test $? -eq 2; }"
                     ${ROPE_FREQS_CLI} ${ARGN})
    set_tests_properties(${name} PROPERTIES LABELS cli)
endfunction()

# d=8, b=1e4: θ = 10000^(-i/4) = 1, 0.1, 0.01, 0.001 (pow(1e4, k/4) is exact for k = 1, 2, 3), so
# the whole line is known; %.17g prints 0.1 as 0.10000000000000001.
add_test(NAME cli_freqs_default_exact_json COMMAND ${ROPE_FREQS_CLI} freqs --dim 8 --base 10000)
set_tests_properties(cli_freqs_default_exact_json PROPERTIES LABELS cli
    PASS_REGULAR_EXPRESSION "^\\{\"inv_freq\":\\[1,0\\.10000000000000001,0\\.01,0\\.001\\],\"attention_factor\":1\\}\n$")

# linear s=4 on the same ladder: every θ divided by 4 exactly.
add_test(NAME cli_freqs_linear_exact_json
         COMMAND ${ROPE_FREQS_CLI} freqs --dim 8 --base 10000 --method linear --factor 4)
set_tests_properties(cli_freqs_linear_exact_json PROPERTIES LABELS cli
    PASS_REGULAR_EXPRESSION "^\\{\"inv_freq\":\\[0\\.25,0\\.025000000000000001,0\\.0025000000000000001,0\\.00025000000000000001\\],\"attention_factor\":1\\}\n$")

# Llama 3.1 (b=5e5, d=128, s=8, L0=8192, low 1, high 4): 64 finite numbers, attention 1.
# CMake regexes have no {n} repetition, so the 63 further numbers are spelled out.
set(_num "[0-9][0-9.e+-]*")
string(REPEAT ",${_num}" 63 _more)
add_test(NAME cli_freqs_llama3_parses
         COMMAND ${ROPE_FREQS_CLI} freqs --dim 128 --base 500000 --method llama3 --factor 8
                 --original-context 8192 --low-freq-factor 1 --high-freq-factor 4)
set_tests_properties(cli_freqs_llama3_parses PROPERTIES LABELS cli
    PASS_REGULAR_EXPRESSION "^\\{\"inv_freq\":\\[1${_more}\\],\"attention_factor\":1\\}\n$")

# YaRN s=4: attention 0.1·ln 4 + 1 = 1.1386294361119891 (%.17g).
add_test(NAME cli_freqs_yarn_attention
         COMMAND ${ROPE_FREQS_CLI} freqs --dim 128 --method yarn --factor 4 --original-context 4096)
set_tests_properties(cli_freqs_yarn_attention PROPERTIES LABELS cli
    PASS_REGULAR_EXPRESSION "\"attention_factor\":1\\.13862943611198[89][0-9]*\\}")

# --help lists every registry method with its summary.
add_test(NAME cli_freqs_help_lists_methods COMMAND ${ROPE_FREQS_CLI} freqs --help)
set_tests_properties(cli_freqs_help_lists_methods PROPERTIES LABELS cli
    PASS_REGULAR_EXPRESSION "default .*linear .*ntk .*dynamic .*yarn .*llama3 .*Options:")

rope_freqs_expect_error(cli_freqs_linear_factor_below_one "factor .*got 0\\.5" freqs --method linear --factor 0.5)
rope_freqs_expect_error(cli_freqs_yarn_beta_order "beta-fast \\(0\\.5\\) must not be below beta-slow"
                        freqs --method yarn --factor 4 --beta-fast 0.5)
rope_freqs_expect_error(cli_freqs_llama3_band_order "high-freq-factor \\(1\\) must exceed low-freq-factor \\(2\\)"
                        freqs --method llama3 --factor 8 --low-freq-factor 2 --high-freq-factor 1)
rope_freqs_expect_error(cli_freqs_dynamic_seq_len "seq-len must be in .*got -3"
                        freqs --method dynamic --factor 2 --seq-len -3)
rope_freqs_expect_error(cli_freqs_original_context "original-context must be in .*got 0"
                        freqs --method yarn --factor 2 --original-context 0)
