# SPDX-FileCopyrightText: 2026 RoPE Explorer authors
# SPDX-License-Identifier: GPL-3.0-or-later
# rope-cli figure: every panel renders headless (a smoke test), single
# panels in each format, and errors exit 2 naming the bad value.
add_test(NAME cli_figure_all
         COMMAND ${ROPE_CLI} figure --all --out-dir ${CMAKE_CURRENT_BINARY_DIR}/figures)
set_tests_properties(cli_figure_all PROPERTIES LABELS cli PASS_REGULAR_EXPRESSION "heatmap.png")
add_test(NAME cli_figure_list COMMAND ${ROPE_CLI} figure --list)
set_tests_properties(cli_figure_list PROPERTIES LABELS cli
                     PASS_REGULAR_EXPRESSION "\"id\":\"heatmap\".*\"id\":\"rotation\"")
foreach(ext png svg pdf csv)
    add_test(NAME cli_figure_heatmap_${ext}
             COMMAND ${ROPE_CLI} figure --panel heatmap --context 32768 --base 500000
                     --width 600 --height 400 --out ${CMAKE_CURRENT_BINARY_DIR}/figures/h.${ext})
    set_tests_properties(cli_figure_heatmap_${ext} PROPERTIES LABELS cli
                         PASS_REGULAR_EXPRESSION "h.${ext}")
endforeach()
rope_cli_expect_error(cli_figure_unknown_panel "unknown panel 'nope'" figure --panel nope --out x.png)
rope_cli_expect_error(cli_figure_unknown_extension "unknown extension of 'x.bmpx'"
                      figure --panel heatmap --out x.bmpx)
rope_cli_expect_error(cli_figure_unwritable "cannot write '/nonexistent-dir/x.png'"
                      figure --panel heatmap --out /nonexistent-dir/x.png)
rope_cli_expect_error(cli_figure_bad_context "context must be in" figure --panel heatmap
                      --context 0 --out x.png)
rope_cli_expect_error(cli_figure_bad_width "--width must be in" figure --panel heatmap
                      --width 5 --out x.png)
# A file name that is not UTF-8 cannot be named through Qt: refused instead of writing a file
# with U+FFFD in its name.
add_test(NAME cli_figure_non_utf8_name_refused
         COMMAND sh -c "\"$0\" figure --panel heatmap --out \"$(printf 'x\\377.png')\" 2>&1 >/dev/null | grep -q 'is not valid UTF-8' && { \"$0\" figure --panel heatmap --out \"$(printf 'x\\377.png')\" >/dev/null 2>&1; test $? -eq 2; } && ! ls x*.png 2>/dev/null | grep -q ."
                 ${ROPE_CLI})
set_tests_properties(cli_figure_non_utf8_name_refused PROPERTIES LABELS cli
                     WORKING_DIRECTORY ${CMAKE_CURRENT_BINARY_DIR})
# --scale S multiplies the PNG's pixels (300x200 at S = 3 is 900x600, read from the PNG's IHDR
# chunk: width and height are big-endian 32-bit integers at bytes 16–23); --theme picks the
# colours. Out-of-range or unknown values exit 2 naming them.
add_test(NAME cli_figure_scale_png_size
         COMMAND sh -c "\"$0\" figure --panel decay --width 300 --height 200 --scale 3 --theme dark --out scaled.png >/dev/null && python3 -c \"import struct,sys; d=open('scaled.png','rb').read(24); w,h=struct.unpack('>II', d[16:24]); sys.exit(0 if (w,h)==(900,600) else print(w,h) or 1)\""
                 ${ROPE_CLI})
set_tests_properties(cli_figure_scale_png_size PROPERTIES LABELS cli
                     WORKING_DIRECTORY ${CMAKE_CURRENT_BINARY_DIR})
rope_cli_expect_error(cli_figure_scale_too_large "--scale must be in \\[1, 4\\], got 5"
                      figure --panel heatmap --scale 5 --out x.png)
rope_cli_expect_error(cli_figure_scale_too_small "--scale must be in \\[1, 4\\], got 0.5"
                      figure --panel heatmap --scale 0.5 --out x.png)
rope_cli_expect_error(cli_figure_scale_and_dpi "give --scale or --dpi, not both"
                      figure --panel heatmap --scale 2 --dpi 192 --out x.png)
rope_cli_expect_error(cli_figure_unknown_theme "--theme must be light or dark, got 'blue'"
                      figure --panel heatmap --theme blue --out x.png)

# One pixel budget (7680×4320) for every image, refused before drawing: 8000×8000 at scale 4 is
# 1 024 000 000 pixels (it ran over 100 s at 4 GB; each size alone is in range).
rope_cli_expect_error(cli_figure_pixel_budget
    "the image would have 1024000000 pixels \\(width×height×scale² = 8000×8000×4²\\), over the budget of 33177600 pixels"
    figure --panel decay --width 8000 --height 8000 --scale 4 --out ${CMAKE_CURRENT_BINARY_DIR}/budget.png)
# Every panel option's work is bounded in a render: the base-bound panel's "extend to 1M" (12
# certified searches up to L = 2^20, 143 s of CPU uncached) and its dense curves (a background
# job of minutes) are refused, naming the option and the command that computes those values.
rope_cli_expect_error(cli_figure_base_bound_extend_refused
    "option 'extend' of panel 'base-bound' is not available here: .*rope-cli min-base --range"
    figure --panel base-bound --set extend=true --out ${CMAKE_CURRENT_BINARY_DIR}/extend.png)
rope_cli_expect_error(cli_figure_base_bound_dense_refused
    "option 'dense' of panel 'base-bound' is not available here"
    figure --panel base-bound --set dense=true --out ${CMAKE_CURRENT_BINARY_DIR}/dense.png)
rope_cli_expect_error(cli_animate_base_bound_extend_refused
    "option 'extend' of panel 'base-bound' is not available here"
    animate --panel base-bound --param m --from 0 --to 5 --frames 2 --set extend=true --out ${CMAKE_CURRENT_BINARY_DIR}/extend.gif)
