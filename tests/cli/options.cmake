# SPDX-FileCopyrightText: 2026 RoPE Explorer authors
# SPDX-License-Identifier: GPL-3.0-or-later
# rope-cli figure --set is strict and --list-options prints every panel's table: a typo in a
# course script is an error (exit 2) naming the key and the valid ones, never a silent default.
rope_cli_expect_error(cli_figure_set_unknown_key
    "panel 'heatmap' has no option 'quantitty'; valid keys: quantity, periods, critical-dim, y-min, y-max"
    figure --panel heatmap --set quantitty=sin --out x.csv)
rope_cli_expect_error(cli_figure_set_bad_choice
    "option 'quantity': 'tan' is not valid; expected one of: cos, sin, angle"
    figure --panel heatmap --set quantity=tan --out x.csv)
rope_cli_expect_error(cli_figure_set_out_of_range
    "option 'k-angle-deg': '500' is not valid; expected an integer in \\[-180, 180\\]"
    figure --panel rotation --set k-angle-deg=500 --out x.csv)
rope_cli_expect_error(cli_figure_set_all_unknown "no panel has an option 'nope'"
    figure --all --set nope=1 --out-dir ${CMAKE_CURRENT_BINARY_DIR}/figures-bad)
rope_cli_expect_error(cli_figure_list_options_needs_panel "panel"
    figure --list-options)
add_test(NAME cli_figure_list_options_heatmap
         COMMAND ${ROPE_CLI} figure --panel heatmap --list-options)
set_tests_properties(cli_figure_list_options_heatmap PROPERTIES LABELS cli
    PASS_REGULAR_EXPRESSION
    "^{\"panel\":\"heatmap\",\"options\":\\[{\"id\":\"quantity\",\"kind\":\"choice\",\"default\":\"cos\",\"choices\":\\[\"cos\",\"sin\",\"angle\"\\]}")
# An option whose default follows something says what, as "auto" right after "default": null.
add_test(NAME cli_figure_list_options_auto
         COMMAND ${ROPE_CLI} figure --panel attention --list-options)
set_tests_properties(cli_figure_list_options_auto PROPERTIES LABELS cli
    PASS_REGULAR_EXPRESSION
    "{\"id\":\"factor\",\"kind\":\"real\",\"default\":null,\"auto\":\"the attention factor of the scaling method\",\"min\":0.05,\"max\":10}\\]}")
# Every panel lists its options, and every option is accepted at its default.
add_test(NAME cli_figure_options_at_defaults
         COMMAND ${CMAKE_COMMAND} -DROPE_CLI=$<TARGET_FILE:rope-cli>
                 -DOUT_DIR=${CMAKE_CURRENT_BINARY_DIR}/figures-defaults
                 -P ${CMAKE_CURRENT_SOURCE_DIR}/cli/options_at_defaults.cmake)
set_tests_properties(cli_figure_options_at_defaults PROPERTIES LABELS cli TIMEOUT 300
                     ENVIRONMENT "QT_QPA_PLATFORM=offscreen")
