# SPDX-FileCopyrightText: 2026 RoPE Explorer authors
# SPDX-License-Identifier: GPL-3.0-or-later
# cmake -DOBJDUMP=<objdump> -DOBJECTS=<a.o;b.o> -P check_scalar_object.cmake
# Fails if any object contains packed floating-point arithmetic (SSE/AVX add, sub, mul, div,
# FMA on ps/pd), i.e. if the compiler vectorised code that must stay scalar. Scalar forms
# (mulss, vfmadd…ss/sd) and moves/shuffles are allowed: the reference's scalar loop and
# register copies use those.
if(NOT OBJDUMP OR NOT OBJECTS)
    message(FATAL_ERROR "usage: cmake -DOBJDUMP=… -DOBJECTS=… -P check_scalar_object.cmake")
endif()
set(packed_regex "[ \t](v?(add|sub|mul|div|addsub|min|max)p[sd]|v?f(n?m(add|sub)|maddsub|msubadd)[0-9]+p[sd])[ \t]")
set(found "")
foreach(object IN LISTS OBJECTS)
    execute_process(COMMAND ${OBJDUMP} -d --no-show-raw-insn ${object}
                    OUTPUT_VARIABLE listing RESULT_VARIABLE status)
    if(NOT status EQUAL 0)
        message(FATAL_ERROR "${OBJDUMP} failed on ${object}")
    endif()
    string(REGEX MATCHALL "${packed_regex}" hits "${listing}")
    list(LENGTH hits count)
    if(count GREATER 0)
        list(GET hits 0 first)
        string(STRIP "${first}" first)
        list(APPEND found "${object}: ${count} packed arithmetic instructions (first: ${first})")
    else()
        message(STATUS "${object}: no packed arithmetic")
    endif()
endforeach()
if(found)
    string(REPLACE ";" "\n" found "${found}")
    message(FATAL_ERROR "vectorised code found where scalar code is required:\n${found}")
endif()
