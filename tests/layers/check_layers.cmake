# SPDX-FileCopyrightText: 2026 RoPE Explorer authors
# SPDX-License-Identifier: GPL-3.0-or-later
# tst_layers: no arrow runs back up a layer. Run as
#   cmake -DLINKS=<file written by file(GENERATE)> -DSOURCE_DIR=<project root> -P check_layers.cmake
# 1. Link: each layer target's direct link libraries must avoid what sits above it. Since every
#    allowed rope_* dependency is checked the same way, the rule holds transitively.
# 2. Includes: a layer's sources include nothing from a layer above (Widgets/Gui headers,
#    QCustomPlot, ui/ …). This also catches a header-only dependency that links nothing.
# 3. Namespaces: each layer declares into its own namespace (below).
cmake_minimum_required(VERSION 3.25)

set(failures "")

# <target> <forbidden-regex>
set(link_rules
    "rope_core|(^| )(Qt6::|rope_)"
    "rope_io|(^| )(Qt6::(Gui|Widgets|PrintSupport|Svg|Concurrent)|QCustomPlot|rope_figures|rope_ui|rope_cli)"
    "rope_figures|(^| )(Qt6::(Gui|Widgets|PrintSupport|Svg|Concurrent)|QCustomPlot|rope_ui|rope_cli)"
    "rope_cli_commands|(^| )(Qt6::(Gui|Widgets|PrintSupport|Svg|Concurrent)|QCustomPlot|rope_ui|rope_figures)")

file(STRINGS "${LINKS}" link_lines)
foreach(rule IN LISTS link_rules)
    string(FIND "${rule}" "|" bar)
    string(SUBSTRING "${rule}" 0 ${bar} target)
    math(EXPR bar "${bar} + 1")
    string(SUBSTRING "${rule}" ${bar} -1 forbidden)
    set(found FALSE)
    foreach(line IN LISTS link_lines)
        if(line MATCHES "^${target}=(.*)$")
            set(found TRUE)
            # Space-separated (tests/CMakeLists.txt joins them): a ';' would split the line.
            set(libs "${CMAKE_MATCH_1}")
            if(libs MATCHES "${forbidden}")
                string(APPEND failures "link: ${target} links a layer above it: ${libs}\n")
            endif()
        endif()
    endforeach()
    if(NOT found AND NOT target STREQUAL "rope_cli_commands")
        string(APPEND failures "link: no entry for ${target} in ${LINKS}\n")
    endif()
endforeach()

set(gui_headers "#include <(qcustomplot\\.h|QtWidgets|QtGui|QWidget|QApplication|QGuiApplication|QColor|QImage|QPainter|QFont|QPixmap|QPalette|QIcon)[>/]")
# <folder> <forbidden-include-regex>
set(include_rules
    "core|#include [<\"](Q|qcustomplot|io/|figures/|ui/|app/)"
    "io|${gui_headers}|#include \"(figures|ui|app)/"
    "figures|${gui_headers}|#include \"(ui|app)/"
    "ui|#include \"app/")
foreach(rule IN LISTS include_rules)
    string(FIND "${rule}" "|" bar)
    string(SUBSTRING "${rule}" 0 ${bar} folder)
    math(EXPR bar "${bar} + 1")
    string(SUBSTRING "${rule}" ${bar} -1 forbidden)
    file(GLOB_RECURSE sources "${SOURCE_DIR}/${folder}/*.h" "${SOURCE_DIR}/${folder}/*.cpp")
    foreach(source IN LISTS sources)
        file(STRINGS "${source}" includes REGEX "^#include")
        foreach(inc IN LISTS includes)
            if(inc MATCHES "${forbidden}")
                file(RELATIVE_PATH rel "${SOURCE_DIR}" "${source}")
                string(APPEND failures "include: ${rel}: ${inc}\n")
            endif()
        endforeach()
    endforeach()
endforeach()

# 3. Namespaces follow the layers: core declares into rope (and its own rope::detail,
#    rope::<unit>_detail, rope::train …), io into rope::io, figures into rope::figures, ui into rope::ui, app into rope::cli; a
#    layer may open a lower layer's namespace only to forward-declare (figures and ui name
#    io::ModelConfigResult and io::Session so), never a higher one's.
# <folder> <regex every opening `namespace rope…` line at column 0 must match>
set(namespace_rules
    "core|^namespace rope(::(detail|field_table|[a-z_]*_detail|train)[a-z_:]*)? \\{"
    "io|^namespace rope::io(::[a-z_:]+)? \\{"
    "figures|^namespace rope::(figures|io)(::[a-z_:]+)? \\{"
    "ui|^namespace rope::(ui|io)(::[a-z_:]+)? \\{"
    "app|^namespace rope::cli(::[a-z_:]+)? \\{")
foreach(rule IN LISTS namespace_rules)
    string(FIND "${rule}" "|" bar)
    string(SUBSTRING "${rule}" 0 ${bar} folder)
    math(EXPR bar "${bar} + 1")
    string(SUBSTRING "${rule}" ${bar} -1 allowed)
    file(GLOB_RECURSE sources "${SOURCE_DIR}/${folder}/*.h" "${SOURCE_DIR}/${folder}/*.cpp")
    foreach(source IN LISTS sources)
        file(STRINGS "${source}" opened REGEX "^namespace rope[a-z_:]* \\{")
        foreach(line IN LISTS opened)
            if(NOT line MATCHES "${allowed}")
                file(RELATIVE_PATH rel "${SOURCE_DIR}" "${source}")
                string(APPEND failures "namespace: ${rel}: ${line}\n")
            endif()
        endforeach()
    endforeach()
endforeach()
# A pattern that passes every line would make rule 3 vacuous: each must refuse a line of the
# layer above.
foreach(probe IN ITEMS "io|namespace rope::ui {" "core|namespace rope::io {"
                       "figures|namespace rope::ui {" "ui|namespace rope::cli {"
                       "app|namespace rope::ui {")
    string(REPLACE "|" ";" parts "${probe}")
    list(GET parts 0 folder)
    list(GET parts 1 line)
    foreach(rule IN LISTS namespace_rules)
        if(rule MATCHES "^${folder}\\|(.*)$")
            if(line MATCHES "${CMAKE_MATCH_1}")
                string(APPEND failures "namespace rule of ${folder} lets through: ${line}\n")
            endif()
        endif()
    endforeach()
endforeach()

if(failures)
    message(FATAL_ERROR "layer violations:\n${failures}")
endif()
message(STATUS "layers: core → io, figures → ui → app; no upward link or include; one namespace a layer")
