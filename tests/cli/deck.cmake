# SPDX-FileCopyrightText: 2026 RoPE Explorer authors
# SPDX-License-Identifier: GPL-3.0-or-later
# rope-cli slides and handout: PDFs whose page count a PDF reader confirms (pdfinfo from
# poppler-utils; the tests report "skipped" without it), and errors exit 2 naming the bad value.
set(ROPE_DECK_DIR ${CMAKE_CURRENT_BINARY_DIR}/deck)
file(MAKE_DIRECTORY ${ROPE_DECK_DIR})

# slides: a title page plus one page per panel, each 16:9 (960 x 540 pt).
add_test(NAME cli_slides_pages
         COMMAND sh -c "\"$0\" slides --panels rotation,heatmap,decay --out \"$1/deck.pdf\" >/dev/null || exit 1; command -v pdfinfo >/dev/null || exit 77; pdfinfo \"$1/deck.pdf\" > \"$1/deck.txt\" && grep -Eq '^Pages: +4$' \"$1/deck.txt\" && grep -Eq '^Page size: +960 x 540 pts' \"$1/deck.txt\""
                 ${ROPE_CLI} ${ROPE_DECK_DIR})
set_tests_properties(cli_slides_pages PROPERTIES LABELS cli SKIP_RETURN_CODE 77)

# A preset's parameters reach the slide (its title line names b = 5×10⁵ for Llama 3.1 8B).
add_test(NAME cli_slides_preset
         COMMAND sh -c "\"$0\" slides --panels heatmap --preset llama-3.1-8b --out \"$1/preset.pdf\" >/dev/null || exit 1; command -v pdftotext >/dev/null || exit 77; pdftotext \"$1/preset.pdf\" - | grep -q 'b = 5×10⁵'"
                 ${ROPE_CLI} ${ROPE_DECK_DIR})
set_tests_properties(cli_slides_preset PROPERTIES LABELS cli SKIP_RETURN_CODE 77)

# handout in Chinese: A4 pages with the CJK font embedded (pdffonts lists Noto Sans CJK).
add_test(NAME cli_handout_zh_CN
         COMMAND sh -c "\"$0\" --lang zh_CN handout --out \"$1/course.pdf\" >/dev/null || exit 1; command -v pdffonts >/dev/null || exit 77; pdfinfo \"$1/course.pdf\" | grep -Eq '^Page size: +595.* x 84[12].* pts' && pdffonts \"$1/course.pdf\" | grep -q 'NotoSansCJK'"
                 ${ROPE_CLI} ${ROPE_DECK_DIR})
set_tests_properties(cli_handout_zh_CN PROPERTIES LABELS cli SKIP_RETURN_CODE 77)

# The answer key in English: one worked solution per course step (as many as `course --list`
# lists) and no placeholder left ({{value}} in a hint is filled with a typical wrong answer).
add_test(NAME cli_handout_every_step
         COMMAND sh -c "\"$0\" --lang en handout --edition key --out \"$1/course-en.pdf\" >/dev/null || exit 1; command -v pdftotext >/dev/null || exit 77; pdftotext \"$1/course-en.pdf\" \"$1/course-en.txt\" && steps=$(\"$0\" course --list | grep -o '\"solution\"' | wc -l) && test \"$steps\" -ge 28 && test \"$(grep -c 'Worked solution:' \"$1/course-en.txt\")\" -eq \"$steps\" && ! grep -q '{{' \"$1/course-en.txt\""
                 ${ROPE_CLI} ${ROPE_DECK_DIR})
set_tests_properties(cli_handout_every_step PROPERTIES LABELS cli SKIP_RETURN_CODE 77)

# The student edition (the default): a contents page, then one page per course step (the
# contents' page numbers say where each step is), no solution and no hint anywhere, and no
# number in e-notation.
add_test(NAME cli_handout_student
         COMMAND sh -c "\"$0\" --lang en handout --out \"$1/student.pdf\" > \"$1/student.json\" || exit 1; grep -q '\"edition\":\"student\"' \"$1/student.json\" || exit 1; command -v pdftotext >/dev/null || exit 77; pdftotext \"$1/student.pdf\" \"$1/student.txt\" && grep -q 'Contents' \"$1/student.txt\" && ! grep -q 'Worked solution:' \"$1/student.txt\" && ! grep -q 'Hints:' \"$1/student.txt\" && ! grep -Eq '[0-9]e[+-][0-9]' \"$1/student.txt\" && steps=$(\"$0\" course --list | grep -o '\"solution\"' | wc -l) && test \"$(grep -c 'Question:' \"$1/student.txt\")\" -eq \"$steps\""
                 ${ROPE_CLI} ${ROPE_DECK_DIR})
set_tests_properties(cli_handout_student PROPERTIES LABELS cli SKIP_RETURN_CODE 77)

# Every derivation page can be a slide of its own: derivation:2 is the derivation's page 2.
add_test(NAME cli_slides_derivation_page
         COMMAND sh -c "\"$0\" slides --panels derivation:1,derivation:2 --out \"$1/derivation.pdf\" >/dev/null || exit 1; command -v pdfinfo >/dev/null || exit 77; pdfinfo \"$1/derivation.pdf\" | grep -Eq '^Pages: +3$'"
                 ${ROPE_CLI} ${ROPE_DECK_DIR})
set_tests_properties(cli_slides_derivation_page PROPERTIES LABELS cli SKIP_RETURN_CODE 77)

rope_cli_expect_error(cli_handout_bad_edition "--edition must be student or key, got 'teacher'"
                      handout --edition teacher --out ${ROPE_DECK_DIR}/x.pdf)
rope_cli_expect_error(cli_slides_page_out_of_range "page of 'derivation:0' must be an integer in \\[1, "
                      slides --panels derivation:0 --out ${ROPE_DECK_DIR}/x.pdf)
rope_cli_expect_error(cli_slides_no_pages "panel 'heatmap' has no pages, got 'heatmap:2'"
                      slides --panels heatmap:2 --out ${ROPE_DECK_DIR}/x.pdf)
rope_cli_expect_error(cli_slides_unknown_panel "unknown panel 'nope', 'zap' \\(known: "
                      slides --panels heatmap,nope,zap --out ${ROPE_DECK_DIR}/x.pdf)
rope_cli_expect_error(cli_slides_no_panels "missing required option --panels"
                      slides --out ${ROPE_DECK_DIR}/x.pdf)
rope_cli_expect_error(cli_slides_not_pdf "--out must name a .pdf file, got '.*x.png'"
                      slides --panels heatmap --out ${ROPE_DECK_DIR}/x.png)
rope_cli_expect_error(cli_slides_unwritable "cannot write '/nonexistent-rope/deck.pdf'"
                      slides --panels heatmap --out /nonexistent-rope/deck.pdf)
rope_cli_expect_error(cli_slides_bad_option "Unknown option 'bogus'"
                      slides --panels heatmap --bogus --out ${ROPE_DECK_DIR}/x.pdf)
rope_cli_expect_error(cli_slides_session_and_base "--session cannot be combined with --base"
                      slides --panels heatmap --session ${CMAKE_CURRENT_SOURCE_DIR}/data/none.ropex
                      --base 5 --out ${ROPE_DECK_DIR}/x.pdf)
rope_cli_expect_error(cli_handout_unwritable "cannot write '/nonexistent-rope/course.pdf'"
                      handout --out /nonexistent-rope/course.pdf)
rope_cli_expect_error(cli_handout_not_pdf "--out must name a .pdf file"
                      handout --out ${ROPE_DECK_DIR}/course.txt)
