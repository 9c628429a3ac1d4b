# SPDX-FileCopyrightText: 2026 RoPE Explorer authors
# SPDX-License-Identifier: GPL-3.0-or-later
# Translations (Qt Linguist). One .ts per language beside this file; lrelease compiles each into
# a .qm that is built into rope_figures as :/i18n/rope-explorer_<lang>.qm (figures/language.h),
# so both programs carry their translations and an installed binary needs no file beside it.
# `ninja update_translations` runs lupdate over every user-facing layer (io, figures, ui, both
# programs) and refreshes the .ts files; tst_translations fails on an unfinished message.
find_package(Qt6 6.4 REQUIRED COMPONENTS LinguistTools)

set(ROPE_TS_FILES ${CMAKE_CURRENT_LIST_DIR}/rope-explorer_zh_CN.ts)

# lupdate reads the sources of these targets (their explicit CMake lists, made absolute here;
# the translations live on rope_figures, the lowest layer that shows words).
set(ROPE_TRANSLATED_TARGETS rope_io rope_figures)
if(ROPE_BUILD_UI)
    list(APPEND ROPE_TRANSLATED_TARGETS rope_ui rope_cli_commands rope-cli rope-explorer)
endif()
set(ROPE_LUPDATE_SOURCES)
foreach(target IN LISTS ROPE_TRANSLATED_TARGETS)
    get_target_property(dir ${target} SOURCE_DIR)
    get_target_property(sources ${target} SOURCES)
    foreach(source IN LISTS sources)
        if(source MATCHES "\\.(cpp|h)$")
            cmake_path(ABSOLUTE_PATH source BASE_DIRECTORY ${dir} NORMALIZE)
            list(APPEND ROPE_LUPDATE_SOURCES ${source})
        endif()
    endforeach()
endforeach()
# Core has no Qt: the one core file that marks words (the base parameters' labels) is read too.
list(APPEND ROPE_LUPDATE_SOURCES ${PROJECT_SOURCE_DIR}/core/param_fields.cpp)

qt_add_translations(rope_figures
    TS_FILES ${ROPE_TS_FILES}
    SOURCES ${ROPE_LUPDATE_SOURCES}
    INCLUDE_DIRECTORIES ${PROJECT_SOURCE_DIR}
    RESOURCE_PREFIX "/i18n"
    LUPDATE_OPTIONS -no-obsolete -locations none
    LRELEASE_OPTIONS -silent)
