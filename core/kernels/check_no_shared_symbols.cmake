# SPDX-FileCopyrightText: 2026 RoPE Explorer authors
# SPDX-License-Identifier: GPL-3.0-or-later
# cmake -DNM=<nm> -DOBJECTS=<a.o;b.o> -P check_no_shared_symbols.cmake
# Fails if any object defines a weak (COMDAT) symbol: W/V (weak) or u (unique global). Such a
# symbol is an inline or template function the linker keeps one copy of across all objects;
# in an ISA object compiled with -mavx2/-mavx512f that copy could be the one an SSE2-only CPU
# ends up running (rope_kernel_isa.h, rope_kernel_driver.h).
if(NOT NM OR NOT OBJECTS)
    message(FATAL_ERROR "usage: cmake -DNM=… -DOBJECTS=… -P check_no_shared_symbols.cmake")
endif()
set(found "")
foreach(object IN LISTS OBJECTS)
    execute_process(COMMAND ${NM} -C ${object} OUTPUT_VARIABLE listing RESULT_VARIABLE status)
    if(NOT status EQUAL 0)
        message(FATAL_ERROR "${NM} failed on ${object}")
    endif()
    string(REGEX MATCHALL "\n[0-9a-f]* *[WVu] [^\n]*" hits "\n${listing}")
    list(LENGTH hits count)
    if(count GREATER 0)
        list(GET hits 0 first)
        string(STRIP "${first}" first)
        list(APPEND found "${object}: ${count} weak symbols (first: ${first})")
    else()
        message(STATUS "${object}: no weak symbols")
    endif()
endforeach()
if(found)
    string(REPLACE ";" "\n" found "${found}")
    message(FATAL_ERROR "objects compiled with ISA flags define symbols the linker may share:\n${found}")
endif()
