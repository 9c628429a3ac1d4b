# SPDX-FileCopyrightText: 2026 RoPE Explorer authors
# SPDX-License-Identifier: GPL-3.0-or-later
# rope-cli contract: --help/--version succeed; unknown commands and flags exit 2 with a message
# naming them on stderr (WILL_FAIL + FAIL_REGULAR_EXPRESSION cannot check status 2 alone, so a
# tiny sh wrapper asserts the exact status and the message).
set(ROPE_CLI $<TARGET_FILE:rope-cli>)
add_test(NAME cli_help COMMAND ${ROPE_CLI} --help)
add_test(NAME cli_version COMMAND ${ROPE_CLI} --version)
set_tests_properties(cli_version PROPERTIES PASS_REGULAR_EXPRESSION "rope-cli ${PROJECT_VERSION}")

# rope_cli_expect_error(<name> <stderr regex> <args…>): exit status must be exactly 2 and stderr
# must match the regex.
function(rope_cli_expect_error name regex)
    add_test(NAME ${name}
             COMMAND sh -c "\"$0\" \"$@\" 2>&1 >/dev/null | grep -Eq -e \"${regex}\" && { \"$0\" \"$@\" >/dev/null 2>&1; test $? -eq 2; }"
                     ${ROPE_CLI} ${ARGN})
    set_tests_properties(${name} PROPERTIES LABELS cli)
endfunction()

rope_cli_expect_error(cli_unknown_command "unknown command 'frobnicate'" frobnicate)
rope_cli_expect_error(cli_unknown_top_flag "unknown option '--bogus'" --bogus)
rope_cli_expect_error(cli_unknown_flag "Unknown option 'bogus'" freqs --bogus)
rope_cli_expect_error(cli_odd_dim "dim must be an even integer" freqs --dim 7)
rope_cli_expect_error(cli_bad_number "--base expects a finite number, got 'abc'" freqs --base abc)
rope_cli_expect_error(cli_unknown_method "unknown method 'nope'" freqs --method nope)
