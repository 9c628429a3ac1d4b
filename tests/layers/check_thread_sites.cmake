# SPDX-FileCopyrightText: 2026 RoPE Explorer authors
# SPDX-License-Identifier: GPL-3.0-or-later
# tst_thread_sites: threads are started in one place. Run as
#   cmake -DSOURCE_DIR=<project root> -P check_thread_sites.cmake
# Outside core/parallel.cpp (rope::parallelFor, the fan-out every layer shares) no source of
# core/, io/, figures/, ui/ or app/ names std::thread, std::jthread or std::async: a
# hand-written fan-out has to answer again what parallelFor answers once (a thread that cannot
# start, a block that throws, cancellation). The GUI's pool (ui/compute_pool.*) is a
# QThreadPool and needs no exception. Comments are not code: text after // is ignored, so a
# comment may name the types.
cmake_minimum_required(VERSION 3.25)

# std::thread, std::jthread or std::async, not followed by an identifier character
# (std::this_thread, std::thread_local_thing and std::asynchronous are other names).
set(forbidden "std::(thread|jthread|async)([^A-Za-z0-9_]|$)")
set(allowed "core/parallel.cpp")

# The pattern itself, on lines whose verdict is known: a broken pattern must fail here, not pass
# every file.
foreach(line IN ITEMS "std::vector<std::thread> workers;" "auto f = std::async(run);"
                      "std::jthread t(work);" "std::thread")
    if(NOT line MATCHES "${forbidden}")
        message(FATAL_ERROR "thread-site pattern misses: ${line}")
    endif()
endforeach()
foreach(line IN ITEMS "std::this_thread::yield();" "std::threads_of_mine x;"
                      "std::asynchronous_thing y;")
    if(line MATCHES "${forbidden}")
        message(FATAL_ERROR "thread-site pattern matches a permitted line: ${line}")
    endif()
endforeach()

set(failures "")
set(allowed_seen FALSE)
foreach(folder IN ITEMS core io figures ui app)
    file(GLOB_RECURSE sources "${SOURCE_DIR}/${folder}/*.h" "${SOURCE_DIR}/${folder}/*.cpp")
    foreach(source IN LISTS sources)
        file(RELATIVE_PATH rel "${SOURCE_DIR}" "${source}")
        file(STRINGS "${source}" lines REGEX "std::(thread|jthread|async)")
        foreach(line IN LISTS lines)
            string(REGEX REPLACE "//.*$" "" code "${line}")
            if(code MATCHES "${forbidden}")
                if(rel STREQUAL allowed)
                    set(allowed_seen TRUE)
                else()
                    string(APPEND failures "${rel}: ${line}\n")
                endif()
            endif()
        endforeach()
    endforeach()
endforeach()

# The one permitted site must be found, or the scan read nothing (a wrong SOURCE_DIR).
if(NOT allowed_seen)
    message(FATAL_ERROR "no std::thread found in ${SOURCE_DIR}/${allowed}: is SOURCE_DIR the "
                        "project root?")
endif()
if(failures)
    message(FATAL_ERROR "threads started outside ${allowed} (use rope::parallelFor from "
                        "core/parallel.h):\n${failures}")
endif()
message(STATUS "thread sites: std::thread only in ${allowed}")
