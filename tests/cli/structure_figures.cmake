# SPDX-FileCopyrightText: 2026 RoPE Explorer authors
# SPDX-License-Identifier: GPL-3.0-or-later
# rope-cli figure for the structure panels: every view exports its data headless, and a bad panel
# option exits 2 naming the value.
set(_deeper_views
    "layouts|view=pairs" "layouts|view=matrix" "layouts|view=rows" "layouts|view=scores"
    "rope-2d|view=2d" "rope-2d|view=flattened" "rope-2d|view=generators"
    "absolute|view=heatmap" "absolute|view=curves" "absolute|view=checklist"
    "attention|view=scores" "attention|view=weights"
    "precision|view=angle" "precision|view=rotation" "precision|view=score")
foreach(_item IN LISTS _deeper_views)
    string(REPLACE "|" ";" _parts "${_item}")
    list(GET _parts 0 _panel)
    list(GET _parts 1 _option)
    string(REPLACE "=" "_" _suffix "${_option}")
    add_test(NAME cli_figure_${_panel}_${_suffix}
             COMMAND ${ROPE_CLI} figure --panel ${_panel} --set ${_option} --width 600 --height 400
                     --out ${CMAKE_CURRENT_BINARY_DIR}/figures/${_panel}_${_suffix}.csv)
    set_tests_properties(cli_figure_${_panel}_${_suffix} PROPERTIES LABELS cli
                         PASS_REGULAR_EXPRESSION "${_panel}_${_suffix}.csv")
endforeach()
rope_cli_expect_error(cli_figure_absolute_bad_scheme "option 'scheme': 'nope' is not valid; expected one of: integer"
                      figure --panel absolute --set scheme=nope --out x.png)
rope_cli_expect_error(cli_figure_precision_bad_path "option 'path': 'nope' is not valid; expected one of: low-precision-product, double-then-cast"
                      figure --panel precision --set path=nope --out x.png)
rope_cli_expect_error(cli_figure_attention_bad_encoding "option 'encoding': 'nope'"
                      figure --panel attention --set encoding=nope --out x.png)
rope_cli_expect_error(cli_figure_attention_bad_factor "option 'factor': '-1' is not valid; expected a number in \\[0.05, 10\\]"
                      figure --panel attention --set factor=-1 --out x.png)
